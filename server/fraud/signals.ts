/**
 * The signals of one claim, as pure functions: what the request shows (honeypot, fill time,
 * automation markers, captcha score, disposable e-mail domain), the values it is compared on with
 * earlier claims (client address, network, session, identifiers, e-mail, phone, mailing address,
 * payment account, answers, documents), the reasons those comparisons give, and the risk score
 * and disposition. server/fraud/store.ts runs the comparisons in the claim's transaction.
 */
import { createRequire } from 'node:module';
import { camelCase } from '../../runtime/core/models/config.js';
import { isRecord, propertyOf } from '../../runtime/core/guards.js';
import type { FormType, ModelConfig } from '../../runtime/core/types.js';
import { emailDomain, networkOf, normalizeAccount, normalizeAddress, normalizeEmail, normalizePhone, normalizeText } from './normalize.js';
import type { FraudSettings, ReasonCode } from './settings.js';

const require = createRequire(import.meta.url);
/** The maintained list of disposable e-mail domains (disposable-email-domains), read once. */
const disposableDomains: unknown = require('disposable-email-domains');
const DISPOSABLE_DOMAINS = new Set(Array.isArray(disposableDomains) ? disposableDomains.filter((domain): domain is string => typeof domain === 'string') : []);

/** One reason a claim was given, with what shows it (never personal data: counts, reference codes, names of headers). */
export interface Reason {
  code: ReasonCode;
  evidence: Record<string, unknown>;
}

export type Disposition = 'accepted' | 'flagged' | 'held';
export const isDisposition = (value: string): value is Disposition => value === 'accepted' || value === 'flagged' || value === 'held';

/**
 * A value compared across claims. Velocity kinds are counted within the settings' window; the
 * others over every earlier claim.
 */
const MATCH_KINDS = ['address', 'network', 'session', 'noticeId', 'vin', 'email', 'phone', 'mailingAddress', 'paymentAccount', 'answers', 'document'] as const;
export type MatchKind = (typeof MATCH_KINDS)[number];
export const isMatchKind = (value: string): value is MatchKind => MATCH_KINDS.some((kind) => kind === value);
export const VELOCITY_KINDS: readonly MatchKind[] = ['address', 'network', 'session'];
/** Kinds whose values are the client's address or browser: removed after the retention period. */
export const RETAINED_KINDS: readonly MatchKind[] = ['address', 'network', 'session'];

export interface MatchValue {
  kind: MatchKind;
  value: string;
}

/** What the request showed, at authorize and at submit. */
export interface RequestFacts {
  ip: string;
  userAgent: string | null;
  /** Lower-case header names the request carried. */
  headers: readonly string[];
  /** Scores the captcha provider gave (authorize, submit), when it gives one. */
  captchaScores: readonly number[];
}

/** Names of headless browsers, automation frameworks and HTTP libraries in a User-Agent. */
const AUTOMATION_AGENT =
  /headlesschrome|phantomjs|slimerjs|electron\/|puppeteer|playwright|selenium|webdriver|python-requests|python-urllib|aiohttp|httpx|curl\/|wget\/|go-http-client|node-fetch|axios\/|undici|okhttp|java\/|apache-httpclient|libwww-perl|scrapy|postmanruntime|insomnia|^node$|(?:bot|crawler|spider)\b/i;

/** Automation markers of one request: a headless or scripted user agent, headers every browser sends missing. */
export function automationReasons(facts: Pick<RequestFacts, 'userAgent' | 'headers'>): Reason[] {
  const reasons: Reason[] = [];
  const agent = facts.userAgent?.trim() ?? '';
  const match = AUTOMATION_AGENT.exec(agent);
  if (match) reasons.push({ code: 'headless_agent', evidence: { marker: match[0].toLowerCase() } });
  const has = new Set(facts.headers);
  // Every current browser sends these on the app's fetch; Safari before 16.4 lacks Sec-Fetch-*
  // but sends Origin on a POST, so either one will do.
  const missing = [...(agent ? [] : ['user-agent']), ...(has.has('accept-language') ? [] : ['accept-language']), ...(has.has('sec-fetch-site') || has.has('origin') ? [] : ['sec-fetch-site'])];
  if (missing.length) reasons.push({ code: 'missing_browser_headers', evidence: { missing } });
  return reasons;
}

/** The lowest captcha score below the settlement's minimum, if any. */
export function captchaScoreReasons(scores: readonly number[], settings: Pick<FraudSettings, 'minCaptchaScore'>): Reason[] {
  const lowest = scores.length ? Math.min(...scores) : null;
  return lowest !== null && lowest < settings.minCaptchaScore ? [{ code: 'low_captcha_score', evidence: { score: lowest, minimum: settings.minCaptchaScore } }] : [];
}

/** A filled honeypot: the length of what came back (not the text). */
export function honeypotReasons(value: string | undefined): Reason[] {
  return value && value.trim() ? [{ code: 'honeypot', evidence: { length: value.length } }] : [];
}

/** Authorize to submit faster than a person could fill the form. */
export function fillTimeReasons(fillMs: number | null, minimumMs: number): Reason[] {
  return fillMs !== null && fillMs < minimumMs ? [{ code: 'fast_fill', evidence: { seconds: Math.round(fillMs / 100) / 10, minimumSeconds: minimumMs / 1000 } }] : [];
}

type Fields = Record<string, unknown>;

const fieldsOf = (model: unknown): Fields => {
  const fields = propertyOf(model, 'fields');
  return isRecord(fields) ? fields : {};
};
const models = (value: unknown): unknown[] => (Array.isArray(value) ? value : value ? [value] : []);

/** Field names of a payment account (an account number or the e-mail or handle an electronic payment goes to). */
const PAYMENT_FIELD = /^(?:payment(?:email|account\w*|handle|phone)|\w*accountnumber|iban|paypal\w*|venmo\w*|zelle\w*|cashapp\w*)$/i;

/** A payment field the model configs declare (`account` or `paymentIdentity`): the model's payload key and the field. */
export interface PaymentField {
  model: string;
  field: string;
}

/** The payment fields a form's model configs declare: account numbers, and where a payment goes (`paymentIdentity`). */
export function paymentFieldsOf(configs: readonly ModelConfig[], formType: FormType): PaymentField[] {
  return configs
    .filter((c) => c.metadata.formType === formType)
    .flatMap((c) => Object.entries(c.fields).filter(([, f]) => f.account || f.paymentIdentity).map(([field]) => ({ model: camelCase(c.metadata.dtoMapping), field })));
}

/**
 * The claim's payment accounts, normalised: the declared payment fields of its models, or, when
 * its form declares none, every answer whose field name says it is a payment account.
 */
export function paymentAccounts(answers: Fields, declared: readonly PaymentField[] = []): string[] {
  const out: string[] = [];
  const push = (value: unknown) => {
    const account = normalizeAccount(value);
    if (account && !out.includes(account)) out.push(account);
  };
  if (declared.length) {
    for (const { model, field } of declared) for (const record of models(answers[model])) push(fieldsOf(record)[field]);
    return out;
  }
  for (const value of Object.values(answers)) {
    for (const model of models(value)) {
      for (const [name, field] of Object.entries(fieldsOf(model))) if (PAYMENT_FIELD.test(name)) push(field);
    }
  }
  return out;
}

/**
 * The claim's own answers (claim details and transactions) in one normal form: the same story
 * told again with other names. Record ids, client ids and links between models are left out.
 */
export function answersFingerprint(answers: Fields): string | null {
  const transactions = models(answers.claimTransactions);
  if (!transactions.length) return null;
  const told = (model: unknown) =>
    Object.entries(fieldsOf(model))
      .filter(([name]) => !/(?:^id|Id)$/.test(name))
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([name, value]) => `${name}=${normalizeText(typeof value === 'boolean' ? String(value) : value)}`)
      .join(';');
  return [told(answers.claimDetails), ...transactions.map(told).sort()].join('\n');
}

/** What a claim is compared on with earlier claims, and the reasons its own answers give. */
export function claimValues(
  answers: Fields,
  context: { ip: string; session: string | null; vin: string; noticeId: string; documentDigests: readonly string[]; paymentFields?: readonly PaymentField[] },
): { values: MatchValue[]; reasons: Reason[] } {
  const info = fieldsOf(answers.claimantInfo);
  const signature = fieldsOf(answers.signature);
  const country = typeof info.mailingCountry === 'string' && info.mailingCountry ? info.mailingCountry : 'US';
  const values: MatchValue[] = [
    { kind: 'address', value: context.ip },
    { kind: 'network', value: networkOf(context.ip) },
    ...(context.session ? [{ kind: 'session' as const, value: context.session }] : []),
    // A form signed in without a VIN (forms.json) has none to compare.
    ...(context.vin ? [{ kind: 'vin' as const, value: context.vin }] : []),
    ...(context.noticeId ? [{ kind: 'noticeId' as const, value: context.noticeId }] : []),
  ];
  const add = (kind: MatchKind, value: string | null) => {
    if (value && !values.some((v) => v.kind === kind && v.value === value)) values.push({ kind, value });
  };
  const emails = [info.emailAddress, signature.confirmEmailAddress];
  for (const email of emails) add('email', normalizeEmail(email));
  for (const phone of [info.phoneNumber, info.alternatePhoneNumber, signature.confirmPhoneNumber]) add('phone', normalizePhone(phone, country));
  add(
    'mailingAddress',
    normalizeAddress({
      street1: info.mailingStreetLine1,
      street2: info.mailingStreetLine2,
      city: info.mailingCity,
      subdivision: country === 'US' ? info.mailingSubDivision : info.mailingSubDivisionNonUS,
      postalCode: country === 'US' ? info.mailingPostalCode : info.mailingPostalCodeNonUS,
      country,
    }),
  );
  for (const account of paymentAccounts(answers, context.paymentFields)) add('paymentAccount', account);
  add('answers', answersFingerprint(answers));
  for (const digest of context.documentDigests) add('document', digest.toLowerCase());

  const reasons: Reason[] = [];
  const disposable = [...new Set(emails.map(emailDomain).filter((d): d is string => !!d && isDisposableDomain(d)))];
  if (disposable.length) reasons.push({ code: 'disposable_email', evidence: { domains: disposable } });
  return { values, reasons };
}

/** Whether a domain, or a parent of it, is on the disposable list. */
export function isDisposableDomain(domain: string): boolean {
  const labels = domain.toLowerCase().split('.');
  for (let i = 0; i < labels.length - 1; i++) if (DISPOSABLE_DOMAINS.has(labels.slice(i).join('.'))) return true;
  return false;
}

/** How many earlier claims share one value (within the window for velocity kinds), and the first few of them. */
export interface Match {
  kind: MatchKind;
  earlier: number;
  references: string[];
}

const DUPLICATE_REASON: Partial<Record<MatchKind, ReasonCode>> = {
  noticeId: 'duplicate_notice_id',
  vin: 'duplicate_vin',
  email: 'duplicate_email',
  phone: 'duplicate_phone',
  paymentAccount: 'duplicate_payment_account',
  answers: 'duplicate_answers',
  document: 'duplicate_document',
};

/**
 * The reasons that earlier claims sharing the claim's values give. A household is allowed for: up
 * to `householdAllowance` claims from one address, or at one mailing address, are only a shared
 * address.
 */
export function matchReasons(matches: readonly Match[], settings: Pick<FraudSettings, 'householdAllowance' | 'networkAllowance' | 'sessionAllowance' | 'windowMinutes'>): Reason[] {
  const reasons: Reason[] = [];
  const shared: Record<string, number> = {};
  const over = (code: ReasonCode, m: Match, allowance: number) => reasons.push({ code, evidence: { earlier: m.earlier, allowance, windowMinutes: settings.windowMinutes, references: m.references } });
  for (const m of matches) {
    if (m.earlier < 1) continue;
    const duplicate = DUPLICATE_REASON[m.kind];
    if (duplicate) {
      const existing = reasons.find((r) => r.code === duplicate);
      if (existing) existing.evidence.earlier = Math.max(Number(existing.evidence.earlier), m.earlier);
      else reasons.push({ code: duplicate, evidence: { earlier: m.earlier, references: m.references } });
    } else if (m.kind === 'address') {
      if (m.earlier >= settings.householdAllowance) over('velocity_address', m, settings.householdAllowance);
      else shared.address = m.earlier;
    } else if (m.kind === 'mailingAddress') {
      if (m.earlier >= settings.householdAllowance) reasons.push({ code: 'duplicate_mailing_address', evidence: { earlier: m.earlier, allowance: settings.householdAllowance, references: m.references } });
      else shared.mailingAddress = m.earlier;
    } else if (m.kind === 'network' && m.earlier >= settings.networkAllowance) over('velocity_network', m, settings.networkAllowance);
    else if (m.kind === 'session' && m.earlier >= settings.sessionAllowance) over('velocity_session', m, settings.sessionAllowance);
  }
  if (Object.keys(shared).length) reasons.push({ code: 'shared_address', evidence: { earlier: shared } });
  return reasons;
}

/** The risk score (the sum of the reasons' weights) and what it means for the claim. */
export function assess(reasons: readonly Reason[], settings: Pick<FraudSettings, 'weights' | 'flagAt' | 'holdAt'>): { score: number; disposition: Disposition } {
  const score = reasons.reduce((sum, r) => sum + (settings.weights[r.code] ?? 0), 0);
  const disposition: Disposition = settings.holdAt !== null && score >= settings.holdAt ? 'held' : score >= settings.flagAt ? 'flagged' : 'accepted';
  return { score, disposition };
}
