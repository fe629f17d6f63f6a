/**
 * Generated claimants for the fraud screening's tests and benchmark: each person with a name,
 * e-mail, phone, mailing address, repair story and invoice of their own (or some of them shared),
 * and the parts of their Automotive claim as the browser sends them.
 */
import type { FieldValue, FormModel } from '../../runtime/core/types.js';
import { minimalPdf } from './documents.js';
import { invoiceContext, MARIA_ANSWERS, sampleModel } from './sample-claim.js';

/** The claim's credentials: a VIN, and a Notice ID with its PIN or none. */
export interface Credentials {
  vin: string;
  noticeId: string | null;
  pin: string | null;
}

/** The multipart parts of a submit: text parts, and files named by their document context. */
export interface Parts {
  text: Record<string, string>;
  files: Array<{ field: string; name: string; type: string; bytes: Uint8Array }>;
}

/** Headers a current browser sends with the app's fetch calls. */
export const BROWSER_HEADERS = {
  'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  'accept-language': 'en-US,en;q=0.9,es;q=0.8',
  'sec-fetch-site': 'same-origin',
  'sec-fetch-mode': 'cors',
  'sec-fetch-dest': 'empty',
};

let sequence = 0;
const RUN = Math.random().toString(36).slice(2, 10).padEnd(8, '0');

/** An Automotive model with a clientId of the app's shape, unique in this process. */
function model(dtoMapping: string, fields: Record<string, FieldValue>): FormModel {
  sequence++;
  return sampleModel('Automotive', dtoMapping, fields, `g${String(sequence % 10_000_000).padStart(7, '0')}${RUN}`);
}

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
      amountPaid: 300 + (n % 1000) * 7.25,
      repairDescription: `Transmission shudder, repair visit ${n}.`,
      repairDate: `0${1 + (n % 9)}/1${n % 10}/2017`,
      mileageAtRepair: String(30000 + (n % 1000) * 113),
    },
    invoice: minimalPdf(`invoice ${n}`),
  };
}

/** The parts of the person's Automotive claim, for `credentials`. */
export function claimParts(p: Person, captchaRawValue: string, reCaptchaResponse: string, credentials: Credentials, extraText: Record<string, string> = {}): Parts {
  const repair = model('ClaimTransactions', { ...MARIA_ANSWERS.ClaimTransactions, ...p.repair });
  const doc = model('DocumentContexts', invoiceContext(repair.clientId, p.invoice.length));
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
      credentials: JSON.stringify(model('Credentials', { ...credentials })),
      claimantInfo: JSON.stringify(model('ClaimantInfo', info)),
      claimDetails: JSON.stringify(model('ClaimDetails', { ...MARIA_ANSWERS.ClaimDetails })),
      signature: JSON.stringify(
        model('Signature', { ...MARIA_ANSWERS.Signature, signature: `${p.firstName} ${p.lastName}`, confirmEmailAddress: p.email, confirmPhoneNumber: p.phone }),
      ),
      prepopulatedData: '[]',
      documentContexts: JSON.stringify([doc]),
      claimTransactions: JSON.stringify([repair]),
      ...extraText,
    },
    files: [{ field: doc.clientId, name: 'invoice.pdf', type: 'application/pdf', bytes: p.invoice }],
  };
}

