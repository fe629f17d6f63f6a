/**
 * Configuration from the environment (documented in docs/operating.md, "Configuration").
 * Read once by server/main.ts and server/dev.ts; tests call buildApp with explicit options instead.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { s3LocationOf } from './documents/location.js';
import { clamdAddressOf, type ClamdOptions } from './documents/clamd.js';

export type Environment = 'development' | 'production' | 'test';

/**
 * Which proxies in front of the server are believed about the client (X-Forwarded-For) and https
 * (X-Forwarded-Proto): none (false), the nearest N hops, or the proxies at these addresses / CIDR
 * ranges (also proxy-addr's names `loopback`, `linklocal`, `uniquelocal`).
 */
export type TrustProxy = false | number | readonly string[];

export interface ServerConfig {
  port: number;
  host: string;
  environment: Environment;
  /** Where the embedded SQLite file (and a development session secret) live. */
  dataDir: string;
  /** postgres://… selects PostgreSQL; unset means the SQLite file in dataDir. */
  databaseUrl: string | null;
  /** PostgreSQL schema of every table (DATABASE_SCHEMA); null means public. */
  databaseSchema: string | null;
  settlementDir: string;
  redisUrl: string | null;
  /** Signs session cookies and authorize captcha tokens; shared by every instance. */
  sessionSecret: string;
  /** Keys the class members' PIN hashes; never stored in the database, shared by every instance. */
  pinSecret: string;
  /** Overrides the secret named in captcha.json (never commit a real provider secret). */
  captchaSecret: string | null;
  /** Built front end (vite build output). */
  appDistDir: string;
  /** Trust X-Forwarded-* from the load balancer (Secure cookies behind https, client IP). */
  trustProxy: TrustProxy;
  /** Port of the in-process captcha emulator in development (0 = any free port). */
  captchaEmulatorPort: number;
  /** smtp:// or smtps:// server the outbox delivers to; null: DATA_DIR/mail outside production, nowhere in production. */
  smtpUrl: string | null;
  /** The From header of every e-mail; null: the settlement's name and e-mail address. */
  mailFrom: string | null;
  /** Deliveries of one e-mail before it is left failed for the administrator. */
  mailMaxAttempts: number;
  /** How long an instance holds an e-mail it is sending before another may take it (it stopped mid-send), ms. */
  mailLeaseMs: number;
  /** Where the documents' bytes go: s3://<bucket>/<prefix> (server/documents); null: the database. */
  documentStoreUrl: string | null;
  /** The clamd that scans every document before it is accepted (CLAMD_URL); null: documents are not scanned. */
  clamd: ClamdOptions | null;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

function environmentOf(value: string | undefined): Environment {
  if (value === 'production' || value === 'test') return value;
  return 'development';
}

function intOf(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new ConfigError(`${name} must be an integer port number, got "${value}"`);
  return n;
}

const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const TRUST_PROXY_HELP =
  'write the number of proxies in front of the server (TRUST_PROXY=1 behind one load balancer) or their addresses (TRUST_PROXY=10.0.0.1,10.0.0.0/8)';

/** An address, a CIDR range narrower than everything, or a named range of proxy-addr. */
function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry) || isIP(entry) !== 0) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || prefix === undefined || rest.length > 0 || !/^\d{1,3}$/.test(prefix)) return false;
  const bits = Number(prefix);
  // /0 would trust every address: the same as trusting every hop.
  return bits >= 1 && bits <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: unset, `0` or `false` → off; a hop count (`1`); or a comma-separated list of proxy
 * addresses / CIDR ranges. `true` (trust every hop) is refused: any client could then choose its
 * own address by sending X-Forwarded-For, and so escape the per-IP limits.
 */
export function trustProxyOf(value: string | undefined): TrustProxy {
  const given = value?.trim() ?? '';
  if (given === '' || given === '0' || given === 'false') return false;
  if (given === 'true') throw new ConfigError(`TRUST_PROXY=true would trust every hop, so a client could choose its own address with X-Forwarded-For: ${TRUST_PROXY_HELP}`);
  if (/^\d+$/.test(given)) {
    const hops = Number(given);
    if (hops > 32) throw new ConfigError(`TRUST_PROXY=${given} is not a plausible number of proxies: ${TRUST_PROXY_HELP}`);
    return hops;
  }
  const entries = given.split(',').map((entry) => entry.trim());
  const unreadable = entries.filter((entry) => !isProxyAddress(entry));
  if (unreadable.length > 0) {
    throw new ConfigError(`TRUST_PROXY has ${unreadable.map((e) => `"${e}"`).join(', ')}, which is not a proxy address or CIDR range: ${TRUST_PROXY_HELP}`);
  }
  return entries;
}

/**
 * Outside production a missing secret is generated once and kept in DATA_DIR (SESSION_SECRET in
 * `session-secret`, PIN_SECRET in `pin-secret`), so restarts keep sessions and PINs; production
 * requires it (every instance behind the load balancer, and the admin CLI, share it).
 */
export function secretOf(name: 'SESSION_SECRET' | 'PIN_SECRET', env: NodeJS.ProcessEnv, environment: Environment, dataDir: string): string {
  const given = env[name];
  if (given) {
    if (given.length < 32) throw new ConfigError(`${name} must be at least 32 characters`);
    return given;
  }
  if (environment === 'production') throw new ConfigError(`${name} is required when NODE_ENV=production`);
  const file = path.join(dataDir, name === 'SESSION_SECRET' ? 'session-secret' : 'pin-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * SMTP_URL: `smtp://[user:password@]host[:port]` (STARTTLS when the server offers it) or
 * `smtps://…` (TLS from the start). Anything else stops the start with what to write.
 */
export function smtpUrlOf(value: string | undefined): string | null {
  const given = value?.trim() ?? '';
  if (given === '') return null;
  const help = 'write smtp://user:password@mail.example.org:587 (STARTTLS) or smtps://user:password@mail.example.org:465 (TLS)';
  let url: URL;
  try {
    url = new URL(given);
  } catch {
    throw new ConfigError(`SMTP_URL is not a URL: ${help}`);
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') throw new ConfigError(`SMTP_URL must start with smtp:// or smtps://, not ${url.protocol}//: ${help}`);
  if (!url.hostname) throw new ConfigError(`SMTP_URL names no host: ${help}`);
  return given;
}

/** MAIL_FROM: an address, or `"Name" <address>`. */
export function mailFromOf(value: string | undefined): string | null {
  const given = value?.trim() ?? '';
  if (given === '') return null;
  if (!/^(?:[^<>@]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/.test(given)) {
    throw new ConfigError(`MAIL_FROM must be an e-mail address (receipts@example.org) or "Name" <address>, got "${given}"`);
  }
  return given;
}

/** CLAMD_URL: `tcp://host:port` of ClamAV's daemon (port 3310 by default). */
export function clamdOf(value: string | undefined): ClamdOptions | null {
  const given = value?.trim() ?? '';
  if (given === '') return null;
  const address = clamdAddressOf(given);
  if (!address) throw new ConfigError(`CLAMD_URL must be tcp://host:port of ClamAV's daemon (clamd's TCPSocket), for example tcp://clamav:3310, got "${given}"`);
  return address;
}

function countOf(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 100) throw new ConfigError(`${name} must be a whole number from 1 to 100, got "${value}"`);
  return n;
}

function secondsOf(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 86_400) throw new ConfigError(`${name} must be a whole number of seconds from 1 to 86400, got "${value}"`);
  return n;
}

/** DOCUMENT_STORE_URL: s3://<bucket>/<prefix>, or nothing (the database holds the documents). */
export function documentStoreUrlOf(value: string | undefined): string | null {
  const given = value?.trim() ?? '';
  if (given === '') return null;
  const location = s3LocationOf(given);
  if (typeof location === 'string') throw new ConfigError(`DOCUMENT_STORE_URL: ${location}, got "${given}"`);
  return given;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): ServerConfig {
  const environment = environmentOf(env.NODE_ENV);
  const dataDir = path.resolve(cwd, env.DATA_DIR || './data');
  return {
    port: intOf('PORT', env.PORT, 3000),
    host: env.HOST || (environment === 'production' ? '0.0.0.0' : '127.0.0.1'),
    environment,
    dataDir,
    databaseUrl: env.DATABASE_URL || null,
    databaseSchema: env.DATABASE_SCHEMA || null,
    settlementDir: path.resolve(cwd, env.SETTLEMENT_DIR || 'server-fixtures/'),
    redisUrl: env.REDIS_URL || null,
    sessionSecret: secretOf('SESSION_SECRET', env, environment, dataDir),
    pinSecret: secretOf('PIN_SECRET', env, environment, dataDir),
    captchaSecret: env.CAPTCHA_SECRET || null,
    appDistDir: path.resolve(cwd, env.APP_DIST_DIR || 'dist/app'),
    trustProxy: trustProxyOf(env.TRUST_PROXY),
    captchaEmulatorPort: intOf('CAPTCHA_EMULATOR_PORT', env.CAPTCHA_EMULATOR_PORT, 0),
    smtpUrl: smtpUrlOf(env.SMTP_URL),
    mailFrom: mailFromOf(env.MAIL_FROM),
    mailMaxAttempts: countOf('MAIL_MAX_ATTEMPTS', env.MAIL_MAX_ATTEMPTS, 8),
    mailLeaseMs: secondsOf('MAIL_LEASE_SECONDS', env.MAIL_LEASE_SECONDS, 300) * 1000,
    documentStoreUrl: documentStoreUrlOf(env.DOCUMENT_STORE_URL),
    clamd: clamdOf(env.CLAMD_URL),
  };
}
