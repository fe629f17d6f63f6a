/**
 * The server process as an operator runs it: configuration from the environment, start-up
 * refusals in production, SIGTERM draining an in-flight submit and closing the database,
 * /readyz when the database is gone, and slow clients closed by the request timeout.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { connect, createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCaptchaEmulator, type CaptchaEmulator } from '../../server/captcha-emulator/emulator.js';
import { ConfigError, readConfig, type ServerConfig } from '../../server/config.js';
import { openDatabase } from '../../server/db/index.js';
import { startServer } from '../../server/main.js';
import { automotiveParts, Claimant, encodeMultipart, MARIA, model, overHttp, settlementCopy, testApp, testDatabase, type TestDatabase } from './helper.js';

const SECRET_32 = 'lifecycle-session-secret-0123456789';
const OPEN_DEADLINES = {
  timeZone: 'Pacific',
  deadlines: Object.fromEntries(
    ['globalDeadline', 'lookupFilingDeadline', 'exclusionFilingDeadline', 'claimFilingDeadline'].map((k) => [k, { deadlineDateTime: '2099-12-31T23:59:59', redirectUrl: null }]),
  ),
};

describe('configuration from the environment', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'claims-config-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('NODE_ENV=production requires SESSION_SECRET and PIN_SECRET of at least 32 characters', () => {
    const PIN_SECRET = `pin-${SECRET_32}`;
    expect(() => readConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, PIN_SECRET })).toThrow(ConfigError);
    expect(() => readConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, PIN_SECRET })).toThrow(/SESSION_SECRET is required/);
    expect(() => readConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, PIN_SECRET, SESSION_SECRET: 'short' })).toThrow(/at least 32/);
    expect(() => readConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, SESSION_SECRET: SECRET_32 })).toThrow(/PIN_SECRET is required/);
    expect(() => readConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, SESSION_SECRET: SECRET_32, PIN_SECRET: 'short' })).toThrow(/PIN_SECRET must be at least 32/);
    const config = readConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, SESSION_SECRET: SECRET_32, PIN_SECRET });
    expect(config).toMatchObject({ environment: 'production', sessionSecret: SECRET_32, pinSecret: PIN_SECRET, host: '0.0.0.0', port: 3000 });
    expect(existsSync(path.join(dataDir, 'pin-secret'))).toBe(false);
  });

  it('outside production a missing PIN_SECRET is generated once into DATA_DIR, apart from the session secret', () => {
    const first = readConfig({ DATA_DIR: dataDir });
    expect(first.pinSecret.length).toBeGreaterThanOrEqual(32);
    expect(first.pinSecret).not.toBe(first.sessionSecret);
    expect(readFileSync(path.join(dataDir, 'pin-secret'), 'utf8').trim()).toBe(first.pinSecret);
    expect(readConfig({ DATA_DIR: dataDir }).pinSecret).toBe(first.pinSecret);
  });

  it('reads DATABASE_SCHEMA', () => {
    expect(readConfig({ DATA_DIR: dataDir }).databaseSchema).toBeNull();
    expect(readConfig({ DATA_DIR: dataDir, DATABASE_SCHEMA: 'claims_a' }).databaseSchema).toBe('claims_a');
  });

  it('outside production a missing SESSION_SECRET is generated once, kept in DATA_DIR and reused', () => {
    const first = readConfig({ DATA_DIR: dataDir });
    expect(first.sessionSecret.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dataDir, 'session-secret'), 'utf8').trim()).toBe(first.sessionSecret);
    expect(readConfig({ DATA_DIR: dataDir }).sessionSecret).toBe(first.sessionSecret);
    expect(first).toMatchObject({ environment: 'development', host: '127.0.0.1', databaseUrl: null });
  });

  it('refuses a port that is not a port', () => {
    expect(() => readConfig({ DATA_DIR: dataDir, PORT: 'eighty' })).toThrow(/PORT must be an integer/);
  });

  it('reads SMTP_URL, MAIL_FROM and MAIL_MAX_ATTEMPTS, and stops the start on one it cannot use, saying what to write', () => {
    expect(readConfig({ DATA_DIR: dataDir })).toMatchObject({ smtpUrl: null, mailFrom: null, mailMaxAttempts: 8 });
    expect(readConfig({ DATA_DIR: dataDir, SMTP_URL: 'smtps://user:pw@mail.example.org:465', MAIL_FROM: '"Claims" <claims@example.org>', MAIL_MAX_ATTEMPTS: '3' })).toMatchObject({
      smtpUrl: 'smtps://user:pw@mail.example.org:465',
      mailFrom: '"Claims" <claims@example.org>',
      mailMaxAttempts: 3,
    });
    expect(() => readConfig({ DATA_DIR: dataDir, SMTP_URL: 'mail.example.org:587' })).toThrow(/SMTP_URL must start with smtp:\/\/ or smtps:\/\/.*write smtp:\/\/user:password@mail.example.org:587/);
    expect(() => readConfig({ DATA_DIR: dataDir, SMTP_URL: 'http://mail.example.org' })).toThrow(/SMTP_URL must start with smtp:\/\/ or smtps:\/\//);
    expect(() => readConfig({ DATA_DIR: dataDir, SMTP_URL: 'smtp://' })).toThrow(/SMTP_URL (is not a URL|names no host)/);
    expect(() => readConfig({ DATA_DIR: dataDir, MAIL_FROM: 'claims' })).toThrow(/MAIL_FROM must be an e-mail address/);
    expect(() => readConfig({ DATA_DIR: dataDir, MAIL_MAX_ATTEMPTS: '0' })).toThrow(/MAIL_MAX_ATTEMPTS must be a whole number/);
    expect(readConfig({ DATA_DIR: dataDir }).mailLeaseMs).toBe(300_000);
    expect(readConfig({ DATA_DIR: dataDir, MAIL_LEASE_SECONDS: '3' }).mailLeaseMs).toBe(3_000);
    expect(() => readConfig({ DATA_DIR: dataDir, MAIL_LEASE_SECONDS: '0' })).toThrow(/MAIL_LEASE_SECONDS must be a whole number of seconds/);
    expect(readConfig({ DATA_DIR: dataDir }).documentStoreUrl).toBeNull();
    expect(readConfig({ DATA_DIR: dataDir, DOCUMENT_STORE_URL: 's3://claims-documents/filing-2026' }).documentStoreUrl).toBe('s3://claims-documents/filing-2026');
    expect(() => readConfig({ DATA_DIR: dataDir, DOCUMENT_STORE_URL: 'https://claims-documents.example.org' })).toThrow(/DOCUMENT_STORE_URL: write s3:\/\/<bucket>\/<prefix>/);
  });
});

function config(dataDir: string, settlementDir: string, extra: Partial<ServerConfig> = {}): ServerConfig {
  return {
    port: 0,
    host: '127.0.0.1',
    environment: 'test',
    dataDir,
    databaseUrl: null,
    databaseSchema: null,
    settlementDir,
    redisUrl: null,
    sessionSecret: SECRET_32,
    pinSecret: `pin-${SECRET_32}`,
    captchaSecret: null,
    appDistDir: path.join(dataDir, 'no-dist'),
    trustProxy: false,
    captchaEmulatorPort: 0,
    smtpUrl: null,
    mailFrom: null,
    mailMaxAttempts: 8,
    mailLeaseMs: 300_000,
    documentStoreUrl: null,
    clamd: null,
    ...extra,
  };
}

describe('the server process', () => {
  it('refuses to start on the captcha emulator with NODE_ENV=production', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'claims-prod-'));
    try {
      await expect(startServer(config(dataDir, settlementCopy(), { environment: 'production' }))).rejects.toThrow(/not for production/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('on stop (SIGTERM) finishes an in-flight submit, stores it, refuses new connections and closes the database', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'claims-drain-'));
    const server = await startServer(config(dataDir, settlementCopy({ 'deadlines.json': OPEN_DEADLINES })));
    try {
      const { app } = server;
      const emulatorOrigin = new URL(app.captcha.publicConfig.url).origin;
      const c = await new Claimant(app, { origin: emulatorOrigin } as CaptchaEmulator, await overHttp(app)).start();
      const auth = await c.authorize('Automotive', { ...MARIA });
      expect(auth.statusCode).toBe(200);
      const { body, contentType } = await encodeMultipart(automotiveParts(auth.json().captcha, await c.captchaToken()));

      // The request's headers and first bytes arrive; the server is told to stop; the rest follows.
      const { port } = app.server.address() as AddressInfo;
      const received = new Promise<void>((resolve) => app.server.once('request', () => resolve()));
      const response = new Promise<{ status: number; text: string }>((resolve, reject) => {
        const req = httpRequest(
          {
            host: '127.0.0.1',
            port,
            method: 'POST',
            path: '/api/forms/automotive',
            agent: false,
            headers: { host: 'localhost', ...c.headers({ 'content-type': contentType }), 'content-length': String(body.length) },
          },
          (res) => {
            let text = '';
            res.on('data', (d: Buffer) => (text += d.toString()));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
          },
        );
        req.on('error', reject);
        req.write(body.subarray(0, 100));
        void received.then(async () => {
          void server.stop();
          // Once the listener is closed (new connections refused), the in-flight body completes.
          while (app.server.listening) await new Promise((r) => setImmediate(r));
          await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
          req.end(body.subarray(100));
        });
      });
      const res = await response;
      expect(res.status).toBe(200);
      const { submitted, referenceCodeForm } = JSON.parse(res.text) as { submitted: boolean; referenceCodeForm: string };
      expect(submitted).toBe(true);
      await server.stop();
      await expect(app.database.checkHealth()).rejects.toMatchObject({ code: 'DB_UNAVAILABLE' });
      // Closed cleanly: the WAL was checkpointed into the database file, and the claim is there.
      expect(existsSync(path.join(dataDir, 'claims.sqlite-wal'))).toBe(false);
      const reopened = await openDatabase({ dataDir });
      try {
        const { createSubmissions } = await import('../../server/db/index.js');
        const record = await createSubmissions(reopened).getByReferenceCode(referenceCodeForm);
        expect(record?.documents).toHaveLength(1);
      } finally {
        await reopened.close();
      }
    } finally {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('/readyz when the database is gone', () => {
  let emulator: CaptchaEmulator;
  beforeAll(async () => {
    emulator = await startCaptchaEmulator();
  });
  afterAll(async () => emulator?.close());

  it('PostgreSQL unreachable: /readyz and the calls answer 503, /healthz stays 200', async () => {
    // A TCP proxy in front of the local PostgreSQL, then pulled away as a network failure would.
    const sockets = new Set<Socket>();
    const proxy: Server = createServer((client) => {
      const upstream = connect(5432, '127.0.0.1');
      for (const s of [client, upstream]) {
        sockets.add(s);
        s.on('error', () => {});
        s.on('close', () => sockets.delete(s));
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const proxyPort = (proxy.address() as AddressInfo).port;
    const pg = await testDatabase('postgres');
    const database = await openDatabase({
      databaseUrl: `postgres://postgres@127.0.0.1:${proxyPort}/test`,
      schema: pg.env.DATABASE_SCHEMA!,
      dataDir: pg.dataDir,
      busyTimeoutMs: 500,
    });
    const app = await testApp(database, emulator);
    try {
      const http = await overHttp(app);
      expect((await http('/readyz')).statusCode).toBe(200);
      const c = await new Claimant(app, emulator, http).start();

      await new Promise<void>((resolve) => {
        proxy.close(() => resolve());
        for (const s of sockets) s.destroy();
      });

      const ready = await http('/readyz');
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ code: 'DATABASE_UNAVAILABLE' });
      expect(ready.headers['retry-after']).toBe('30');
      expect(ready.headers['content-security-policy']).toContain("default-src 'self'");
      expect(ready.body).not.toMatch(/ECONNREFUSED|postgres|select/i);
      expect((await http('/healthz')).statusCode).toBe(200);
      const auth = await c.authorize('Lookup', { vin: MARIA.vin });
      expect(auth.statusCode).toBe(503);
      expect(auth.json()).toMatchObject({ code: 'DATABASE_UNAVAILABLE', error: expect.stringContaining('Nothing was saved') });
    } finally {
      await app.close();
      await database.close();
      await pg.cleanup();
    }
  });

  it('SQLite closed: /readyz answers 503', async () => {
    const db: TestDatabase = await testDatabase('sqlite');
    const database = await db.open();
    const app: FastifyInstance = await testApp(database, emulator);
    try {
      const http = await overHttp(app);
      expect((await http('/readyz')).statusCode).toBe(200);
      await database.close();
      const ready = await http('/readyz');
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ code: 'DATABASE_UNAVAILABLE' });
    } finally {
      await app.close();
      await db.cleanup();
    }
  });
});

describe('slow clients (real socket)', () => {
  it('a body trickling past the request timeout is answered 408 and closed', async () => {
    const emulator = await startCaptchaEmulator();
    const db = await testDatabase('sqlite');
    const app = await testApp(await db.open(), emulator, { timeouts: { headersTimeoutMs: 300, requestTimeoutMs: 300, checkIntervalMs: 50 } });
    try {
      const { port } = new URL(await app.listen({ port: 0, host: '127.0.0.1' }));
      // A valid session and CSRF token, so that the route waits for the body.
      const c = await new Claimant(app, emulator).start();
      const started = Date.now();
      const closed = await new Promise<string>((resolve) => {
        const head = [
          'POST /api/forms/lookup/authorize HTTP/1.1',
          'Host: localhost',
          `Cookie: ${c.cookie}`,
          `X-CSRF-TOKEN: ${c.csrf}`,
          'Content-Type: application/json',
          'Content-Length: 1000',
        ].join('\r\n');
        const socket = connect(Number(port), '127.0.0.1', () => socket.write(`${head}\r\n\r\n{"credentials":`));
        let data = '';
        socket.on('data', (d) => (data += d.toString()));
        socket.on('error', () => {});
        socket.on('close', () => resolve(data));
      });
      expect(closed).toMatch(/^HTTP\/1\.1 408/);
      expect(closed).toContain("Content-Security-Policy: default-src 'none'");
      expect(closed).toContain('X-Content-Type-Options: nosniff');
      expect(closed).toContain('"code":"REQUEST_TIMEOUT"');
      expect(Date.now() - started).toBeLessThan(2000);
    } finally {
      await app.close();
      await db.cleanup();
      await emulator.close();
    }
  });
});

describe('closing with a request pipelined behind one in flight', () => {
  it('the running request finishes; the next one on that connection gets a 503 with the security headers', async () => {
    const emulator = await startCaptchaEmulator();
    const db = await testDatabase('sqlite');
    const app = await testApp(await db.open(), emulator);
    try {
      const { port } = new URL(await app.listen({ port: 0, host: '127.0.0.1' }));
      const c = await new Claimant(app, emulator).start();
      const json = JSON.stringify({ credentials: model('Lookup', 'Credentials', { vin: MARIA.vin }), reCaptchaResponse: await c.captchaToken() });
      const head = (length: number) =>
        ['POST /api/forms/lookup/authorize HTTP/1.1', 'Host: localhost', `Cookie: ${c.cookie}`, `X-CSRF-TOKEN: ${c.csrf}`, 'Content-Type: application/json', `Content-Length: ${length}`].join('\r\n');
      const received = new Promise<void>((resolve) => app.server.once('request', () => resolve()));
      let closing: Promise<void> | undefined;
      const answers = await new Promise<string>((resolve) => {
        const socket = connect(Number(port), '127.0.0.1', () => socket.write(`${head(json.length)}\r\n\r\n${json.slice(0, 10)}`));
        let data = '';
        socket.on('data', (d) => (data += d.toString()));
        socket.on('error', () => {});
        socket.on('close', () => resolve(data));
        void received.then(async () => {
          closing = app.close();
          while (app.server.listening) await new Promise((r) => setImmediate(r));
          socket.write(`${json.slice(10)}GET /api/csrf HTTP/1.1\r\nHost: localhost\r\nCookie: ${c.cookie}\r\n\r\n`);
        });
      });
      await closing;
      const [first, second] = answers.split(/(?=HTTP\/1\.1 )/);
      expect(first).toMatch(/^HTTP\/1\.1 200/);
      expect(first).toContain('"authorized":true');
      expect(second).toMatch(/^HTTP\/1\.1 503/);
      expect(second).toContain("Content-Security-Policy: default-src 'self'");
      expect(second).toMatch(/connection: close/i);
      expect(second).toContain('"code":"DATABASE_UNAVAILABLE"');
    } finally {
      await app.close();
      await db.cleanup();
      await emulator.close();
    }
  });
});
