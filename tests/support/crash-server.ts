/**
 * A server in a process of its own, for tests that kill it with SIGKILL: the app over the SQLite
 * folder DATA_DIR (or the PostgreSQL DATABASE_URL, schema DATABASE_SCHEMA, when set) and the
 * settlement SETTLEMENT_DIR, sessions in Redis with REDIS_URL, documents in the object store of
 * DOCUMENT_STORE_URL (the SDK reads AWS_* from the environment), the captcha answered by the
 * emulator at CAPTCHA_EMULATOR_ORIGIN, listening on 127.0.0.1; prints its port on the first line
 * of stdout.
 */
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../../server/app.js';
import { openDatabase } from '../../server/db/index.js';

const env = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
};
const optional = (name: string) => process.env[name] || null;

const databaseUrl = optional('DATABASE_URL');
const schema = optional('DATABASE_SCHEMA');
const app = await buildApp({
  database: await openDatabase({ dataDir: env('DATA_DIR'), ...(databaseUrl ? { databaseUrl } : {}), ...(schema ? { schema } : {}) }),
  ownsDatabase: true,
  sessionSecret: env('SESSION_SECRET'),
  environment: 'test',
  settlementDir: env('SETTLEMENT_DIR'),
  captcha: { emulatorOrigin: env('CAPTCHA_EMULATOR_ORIGIN'), timeoutMs: 5000 },
  appDistDir: path.join(tmpdir(), 'no-such-dist'),
  shedFastSubmits: false,
  redisUrl: optional('REDIS_URL'),
  documentStoreUrl: optional('DOCUMENT_STORE_URL'),
});
await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`${(app.server.address() as AddressInfo).port}\n`);
