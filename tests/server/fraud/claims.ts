/**
 * Claims for the screening tests: a claimant that files a generated person's claim
 * (tests/support/generated-claims.ts) over real HTTP from a given address, as a browser or as a
 * script, at a person's pace or at once (the injected clock moves).
 */
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { CaptchaEmulator } from '../../../server/captcha-emulator/emulator.js';
import type { Reason } from '../../../server/fraud/signals.js';
import type { ScreenedClaim } from '../../../server/fraud/store.js';
import { screenedClaims } from '../../../server/fraud/store.js';
import { HONEYPOT_FIELD } from '../../../runtime/core/payload/index.js';
import { BROWSER_HEADERS, claimParts, type Person } from '../../support/generated-claims.js';
import { Claimant, otherClassVehicle, vinOnly, type Credentials, type Send } from '../helper.js';

export { BROWSER_HEADERS, person, type Person } from '../../support/generated-claims.js';

export interface FileOptions {
  /** The client address (X-Forwarded-For; the app trusts one hop). */
  from: string;
  /** Browser headers (default) or none, or others. */
  headers?: Record<string, string>;
  /** Seconds between authorize and submit (default 300, a person's pace). */
  fillSeconds?: number;
  credentials?: Credentials;
  /** The honeypot's value, when the client fills it. */
  honeypot?: string;
  /** The emulator site key the captcha tokens are minted for. */
  sitekey?: string;
  /** An existing claimant (its session) to file with. */
  claimant?: Claimant;
  /** Headers of the submit, when they differ from the authorize's. */
  submitHeaders?: Record<string, string>;
}

export interface Filing {
  app: FastifyInstance;
  emulator: CaptchaEmulator;
  http: Send;
  clock: { now: number };
}

/** Files the person's claim: csrf, authorize, the fill time on the clock, submit. The submit's answer. */
export async function fileClaim(env: Filing, p: Person, options: FileOptions) {
  const c = options.claimant ?? new Claimant(env.app, env.emulator, env.http);
  c.browserHeaders = options.headers ?? BROWSER_HEADERS;
  c.remoteAddress = options.from;
  if (!options.claimant) await c.start();
  const credentials = options.credentials ?? vinOnly(otherClassVehicle());
  const auth = await c.authorize('Automotive', { ...credentials }, await c.captchaToken(options.sitekey));
  expect(auth.statusCode, auth.body).toBe(200);
  env.clock.now += (options.fillSeconds ?? 300) * 1000;
  if (options.submitHeaders) c.browserHeaders = options.submitHeaders;
  const parts = claimParts(p, auth.json<{ captcha: string }>().captcha, await c.captchaToken(options.sitekey), credentials, options.honeypot === undefined ? {} : { [HONEYPOT_FIELD]: options.honeypot });
  const res = await c.submit('Automotive', parts);
  return Object.assign(res, { claimant: c });
}

/** The screening of the claim with this reference code. */
export async function screeningOf(app: FastifyInstance, referenceCode: string): Promise<ScreenedClaim> {
  const claim = (await screenedClaims(app.database)).find((c) => c.referenceCode === referenceCode);
  if (!claim) throw new Error(`no screening for ${referenceCode}`);
  return claim;
}

export const codes = (reasons: readonly Reason[]) => reasons.map((r) => r.code).sort();
