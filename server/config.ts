/**
 * Configuration from the environment (documented in the README's Configuration section).
 * Read once by server/main.ts and server/dev.ts; tests call buildApp with explicit options instead.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export type Environment = 'development' | 'production' | 'test';

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
  trustProxy: boolean;
  /** Port of the in-process captcha emulator in development (0 = any free port). */
  captchaEmulatorPort: number;
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
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    captchaEmulatorPort: intOf('CAPTCHA_EMULATOR_PORT', env.CAPTCHA_EMULATOR_PORT, 0),
  };
}
