/**
 * Claims for the screening tests: generated people (each with a name, e-mail, phone, mailing
 * address, repair story and invoice of their own, or some of them shared), the parts of their
 * Automotive claim, and a claimant that files one over real HTTP from a given address, as a
 * browser or as a script, at a person's pace or at once (the injected clock moves).
 */
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { CaptchaEmulator } from '../../../server/captcha-emulator/emulator.js';
import type { Reason } from '../../../server/fraud/signals.js';
import type { ScreenedClaim } from '../../../server/fraud/store.js';
import { screenedClaims } from '../../../server/fraud/store.js';
import { HONEYPOT_FIELD } from '../../../runtime/core/payload/index.js';
import { minimalPdf } from '../../support/documents.js';
import { invoiceContext, MARIA_ANSWERS } from '../../support/sample-claim.js';
import { Claimant, model, otherClassVehicle, vinOnly, type Credentials, type Parts, type Send } from '../helper.js';

/** Headers a current browser sends with the app's fetch calls. */
export const BROWSER_HEADERS = {
  'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  'accept-language': 'en-US,en;q=0.9,es;q=0.8',
  'sec-fetch-site': 'same-origin',
  'sec-fetch-mode': 'cors',
  'sec-fetch-dest': 'empty',
};

const FIRST = ['Ana', 'Luis', 'Grace', 'Tomás', 'Priya', 'Kwame', 'Mei', 'Olga', 'Samuel', 'Fatima', 'Diego', 'Hannah'];
const LAST = ['Nguyen', 'Okafor', 'Schmidt', 'Rossi', 'Haddad', 'Kowalski', 'Tanaka', 'Silva', 'Johnson', 'Moreau'];
const STREETS = ['Maple', 'Cedar', 'Lakeview', 'Sunset', 'Mission', 'Grand', 'Walnut', 'Hillcrest'];
const SHOPS = ['Bay Motors', 'Eastside Auto', 'Quick Lube and Tire', 'Valley Transmission', 'Main St Garage'];

export interface Person {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  street: string;
  postalCode: string;
  repair: { facilityName: string; amountPaid: number; repairDescription: string; repairDate: string; mileageAtRepair: string };
  invoice: Buffer;
}

/** The n-th generated person: every value their own. */
export function person(n: number): Person {
  const first = FIRST[n % FIRST.length]!;
  const last = LAST[Math.floor(n / FIRST.length) % LAST.length]!;
  return {
    firstName: first,
    lastName: last,
    email: `${first.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase()}.${last.toLowerCase()}${n}@example.net`,
    phone: `(415) 555-${String(1000 + n).slice(-4)}`,
    street: `${100 + n} ${STREETS[n % STREETS.length]} Ave`,
    postalCode: String(94000 + (n % 900)).padStart(5, '0'),
    repair: {
      facilityName: SHOPS[n % SHOPS.length]!,
      amountPaid: 300 + n * 7.25,
      repairDescription: `Transmission shudder, repair visit ${n}.`,
      repairDate: `0${1 + (n % 9)}/1${n % 10}/2017`,
      mileageAtRepair: String(30000 + n * 113),
    },
    invoice: minimalPdf(`invoice ${n}`),
  };
}

/** The parts of the person's Automotive claim, for `credentials`. */
export function claimParts(p: Person, captchaRawValue: string, reCaptchaResponse: string, credentials: Credentials, extraText: Record<string, string> = {}): Parts {
  const repair = model('Automotive', 'ClaimTransactions', { ...MARIA_ANSWERS.ClaimTransactions, ...p.repair });
  const doc = model('Automotive', 'DocumentContexts', invoiceContext(repair.clientId, p.invoice.length));
  const info = {
    ...MARIA_ANSWERS.ClaimantInfo,
    firstName: p.firstName,
    lastName: p.lastName,
    mailingStreetLine1: p.street,
    mailingCity: 'Oakland',
    mailingPostalCode: p.postalCode,
    emailAddress: p.email,
    phoneNumber: p.phone,
  };
  return {
    text: {
      reCaptchaResponse,
      userPreferredCulture: 'en',
      captchaRawValue,
      credentials: JSON.stringify(model('Automotive', 'Credentials', { ...credentials })),
      claimantInfo: JSON.stringify(model('Automotive', 'ClaimantInfo', info)),
      claimDetails: JSON.stringify(model('Automotive', 'ClaimDetails', { ...MARIA_ANSWERS.ClaimDetails })),
      signature: JSON.stringify(
        model('Automotive', 'Signature', { ...MARIA_ANSWERS.Signature, signature: `${p.firstName} ${p.lastName}`, confirmEmailAddress: p.email, confirmPhoneNumber: p.phone }),
      ),
      prepopulatedData: '[]',
      documentContexts: JSON.stringify([doc]),
      claimTransactions: JSON.stringify([repair]),
      ...extraText,
    },
    files: [{ field: doc.clientId, name: 'invoice.pdf', type: 'application/pdf', bytes: p.invoice }],
  };
}

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
