/**
 * Child: the real server — buildApp over openDatabase (SQLite in a temp data folder, or PostgreSQL
 * in its own schema), the sample settlement, the captcha emulator given by origin, production-style
 * logging (level info, to stdout, which the parent discards) unless BENCH_LOGGER=off.
 * The coarse per-IP API limit and the shedding of instant submits are lifted: every request of the
 * benchmark comes from 127.0.0.1, at once. So is the wrong-PIN lock: each authorize is counted on
 * its notice ID before its PIN is compared, and the benchmark authorizes one notice ID many times
 * at once (a person never does).
 * With `smtpUrl`, its outbox sender delivers receipts there (as a deployment with SMTP_URL does).
 */
import path from 'node:path';
import { buildApp, loggerOptions } from '../../server/app.js';
import { openDatabase } from '../../server/db/index.js';
import { SQLITE_FILE_NAME } from '../../server/db/open.js';
import { smtpMailer } from '../../server/mail/transport.js';
import { loadSettlement } from '../../server/settlement/load.js';
import { startMonitor } from '../lib/monitor.js';
import { ROOT } from '../lib/paths.js';

export interface AppChildConfig {
  dataDir: string;
  databaseUrl?: string;
  schema?: string;
  emulatorOrigin: string;
  logger?: 'production' | 'off';
  /** A production build of the app to serve (default dist/app). */
  appDistDir?: string;
  /** Shed instant submits per address (default off: every benchmark request is an instant one from 127.0.0.1). */
  shedFastSubmits?: boolean;
  /** The SMTP server receipts go to (the parent's sink); none: they stay queued. */
  smtpUrl?: string;
  /** s3://<bucket>/<prefix>: the documents go to object storage (the AWS_* settings in the environment). */
  documentStoreUrl?: string;
}

const config = JSON.parse(process.env.BENCH_CONFIG ?? '{}') as AppChildConfig;
const database = await openDatabase({
  dataDir: config.dataDir,
  ...(config.databaseUrl ? { databaseUrl: config.databaseUrl } : {}),
  ...(config.schema ? { schema: config.schema } : {}),
});
const sample = loadSettlement(path.join(ROOT, 'server-fixtures'));
const settlement = { ...sample, settings: { ...sample.settings, pinAttempts: { ...sample.settings.pinAttempts, max: 100_000_000 } } };
const app = await buildApp({
  database,
  settlement,
  ownsDatabase: true,
  sessionSecret: 'bench-session-secret-0123456789abcdefghijklmnop',
  environment: 'test',
  captcha: { emulatorOrigin: config.emulatorOrigin },
  logger: config.logger === 'off' ? false : loggerOptions('production'),
  apiRequestsPerMinute: 100_000_000,
  shedFastSubmits: config.shedFastSubmits ?? false,
  ...(config.appDistDir ? { appDistDir: config.appDistDir } : {}),
  ...(config.smtpUrl ? { mail: { mailer: smtpMailer(config.smtpUrl) } } : {}),
  ...(config.documentStoreUrl ? { documentStoreUrl: config.documentStoreUrl } : {}),
});
const url = await app.listen({ host: '127.0.0.1', port: 0 });
startMonitor(config.databaseUrl ? null : path.join(config.dataDir, `${SQLITE_FILE_NAME}-wal`));
process.send?.({ url: url.replace('localhost', '127.0.0.1'), pid: process.pid });
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
