/**
 * The server process: configuration from the environment (docs/operating.md, "Configuration"), the
 * settlement folder validated, the database opened (migrations applied), the captcha emulator
 * started in-process when the settlement uses it (never in production), then listen.
 * SIGTERM/SIGINT: /readyz turns 503, in-flight requests finish, the database closes, exit.
 */
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, loggerOptions } from './app.js';
import { startCaptchaEmulator, type CaptchaEmulator } from './captcha-emulator/emulator.js';
import { ConfigError, readConfig, type ServerConfig } from './config.js';
import { openDatabase } from './db/index.js';
import { folderMailer, smtpMailer, type Mailer } from './mail/transport.js';
import { loadSettlement, SettlementError } from './settlement/load.js';

/**
 * Where e-mail goes: the SMTP server of SMTP_URL; without it, outside production, `.eml` files in
 * DATA_DIR/mail (docs/trying-the-flows.md); in production without it, nowhere (kept queued).
 */
export function mailerFor(config: Pick<ServerConfig, 'smtpUrl' | 'environment' | 'dataDir'>): Mailer | null {
  if (config.smtpUrl) return smtpMailer(config.smtpUrl);
  if (config.environment !== 'production') return folderMailer(path.join(config.dataDir, 'mail'));
  return null;
}

/** What the start says about the malware scan of documents: loudly, in production, that there is none. */
export function documentScanningNotice(config: Pick<ServerConfig, 'clamd' | 'environment'>): { level: 'info' | 'warn'; message: string } {
  if (config.clamd) return { level: 'info', message: `documents are scanned for malware by clamd at ${config.clamd.host}:${config.clamd.port} before they are accepted` };
  if (config.environment === 'production') {
    return { level: 'warn', message: "CLAMD_URL is not set: uploaded documents are NOT scanned for malware. Set CLAMD_URL=tcp://host:3310 (ClamAV's daemon) so that every document is scanned before it is accepted" };
  }
  return { level: 'info', message: 'CLAMD_URL is not set: documents are not scanned for malware' };
}

export interface RunningServer {
  app: FastifyInstance;
  url: string;
  stop(): Promise<void>;
}

export async function startServer(config: ServerConfig = readConfig(), extra: { reloadAppIndex?: boolean; livePreview?: boolean } = {}): Promise<RunningServer> {
  const settlement = loadSettlement(config.settlementDir);
  let emulator: CaptchaEmulator | null = null;
  if (settlement.captcha.emulator) {
    if (config.environment === 'production') {
      throw new ConfigError(
        `The settlement's captcha.json (${config.settlementDir}) uses the captcha emulator, which is not for production. Configure a real provider.`,
      );
    }
    emulator = await startCaptchaEmulator({ port: config.captchaEmulatorPort, ...(settlement.captcha.secret ? { secret: settlement.captcha.secret } : {}) });
    console.log(`Captcha emulator running at ${emulator.origin} — for development only, NOT for production.`);
  }
  const database = await openDatabase({
    dataDir: config.dataDir,
    ...(config.databaseUrl ? { databaseUrl: config.databaseUrl } : {}),
    ...(config.databaseSchema ? { schema: config.databaseSchema } : {}),
  });
  const mailer = mailerFor(config);
  const app = await buildApp({
    settlement,
    database,
    ownsDatabase: true,
    sessionSecret: config.sessionSecret,
    pinSecret: config.pinSecret,
    environment: config.environment,
    redisUrl: config.redisUrl,
    documentStoreUrl: config.documentStoreUrl,
    appDistDir: config.appDistDir,
    reloadAppIndex: extra.reloadAppIndex ?? false,
    livePreview: extra.livePreview ?? false,
    trustProxy: config.trustProxy,
    logger: loggerOptions(config.environment),
    documentScanner: config.clamd,
    mail: { mailer, from: config.mailFrom, retry: { maxAttempts: config.mailMaxAttempts, leaseMs: config.mailLeaseMs } },
    captcha: {
      ...(emulator ? { emulatorOrigin: emulator.origin } : {}),
      ...(config.captchaSecret ? { secret: config.captchaSecret } : {}),
    },
  });
  const address = await app.listen({ port: config.port, host: config.host });
  app.log.info({ database: database.dialect, settlement: config.settlementDir, documents: app.documents.current.description }, `claims filing listening on ${address}`);
  if (mailer) app.log.info(`e-mail (receipts) goes to ${mailer.description}`);
  else app.log.warn('SMTP_URL is not set: e-mail receipts are NOT sent; they stay queued in the outbox (npm run admin -- outbox) until the server starts with SMTP_URL');
  const scanning = documentScanningNotice(config);
  app.log[scanning.level](scanning.message);
  for (const warning of settlement.warnings ?? []) app.log.warn({ file: warning.file, line: warning.line, pointer: warning.pointer }, `settlement: ${warning.message}`);

  let stopping: Promise<void> | null = null;
  const stop = () =>
    (stopping ??= (async () => {
      app.draining = true;
      await app.close();
      await emulator?.close();
    })());
  return { app, url: address, stop };
}

const isMain = process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/').split('/').pop() ?? '');
if (isMain) {
  try {
    const server = await startServer();
    for (const signal of ['SIGTERM', 'SIGINT'] as const) {
      process.once(signal, () => {
        server.app.log.info(`${signal}: draining`);
        server.stop().then(
          () => process.exit(0),
          (err: unknown) => {
            console.error(err);
            process.exit(1);
          },
        );
      });
    }
  } catch (err) {
    if (err instanceof SettlementError || err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
}
