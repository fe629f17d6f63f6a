/**
 * The settlement's fraud screening settings (settings.json `fraud`, described with their defaults
 * in schemas/settlement/settings.schema.json), with every default filled in.
 */
import type { FormKind } from '../../runtime/core/forms/index.js';
import type { FormType } from '../../runtime/core/types.js';

/** The reason codes a claim can be given, each with its default weight (points of risk score). */
export const DEFAULT_WEIGHTS = {
  honeypot: 60,
  fast_fill: 40,
  velocity_address: 30,
  velocity_network: 20,
  velocity_session: 40,
  shared_address: 5,
  duplicate_notice_id: 30,
  duplicate_vin: 20,
  duplicate_email: 30,
  duplicate_phone: 25,
  duplicate_mailing_address: 10,
  duplicate_payment_account: 30,
  duplicate_answers: 25,
  duplicate_document: 35,
  headless_agent: 40,
  missing_browser_headers: 20,
  low_captcha_score: 30,
  disposable_email: 20,
} as const;

export type ReasonCode = keyof typeof DEFAULT_WEIGHTS;
export const isReasonCode = (code: string): code is ReasonCode => Object.hasOwn(DEFAULT_WEIGHTS, code);
export const REASON_CODES = Object.keys(DEFAULT_WEIGHTS).filter(isReasonCode);

export interface FraudSettings {
  retentionDays: number;
  /** By form kind ('claim', 'exclusion') or a form's id (which wins); forms not named either way use DEFAULT_MIN_FILL_SECONDS. */
  minFillSeconds: Record<string, number>;
  windowMinutes: number;
  householdAllowance: number;
  networkAllowance: number;
  sessionAllowance: number;
  minCaptchaScore: number;
  flagAt: number;
  /** null: never hold. */
  holdAt: number | null;
  fastSubmits: { perAddress: number; perNetwork: number };
  weights: Record<ReasonCode, number>;
}

/** As settings.json may give it. */
export type FraudSettingsFile = Partial<Omit<FraudSettings, 'fastSubmits' | 'weights'>> & {
  fastSubmits?: Partial<FraudSettings['fastSubmits']>;
  weights?: Partial<Record<ReasonCode, number>>;
};

export const DEFAULT_MIN_FILL_SECONDS = 20;

/** The fewest seconds by form kind: a claim asks for more than an opt-out. */
export const DEFAULT_MIN_FILL_SECONDS_BY_KIND: Readonly<Record<FormKind, number>> = { claim: 90, lookup: DEFAULT_MIN_FILL_SECONDS, exclusion: 20 };

export function fraudSettings(file: FraudSettingsFile = {}): FraudSettings {
  return {
    retentionDays: file.retentionDays ?? 180,
    minFillSeconds: { claim: DEFAULT_MIN_FILL_SECONDS_BY_KIND.claim, exclusion: DEFAULT_MIN_FILL_SECONDS_BY_KIND.exclusion, ...file.minFillSeconds },
    windowMinutes: file.windowMinutes ?? 60,
    householdAllowance: file.householdAllowance ?? 3,
    networkAllowance: file.networkAllowance ?? 20,
    sessionAllowance: file.sessionAllowance ?? 2,
    minCaptchaScore: file.minCaptchaScore ?? 0.5,
    flagAt: file.flagAt ?? 30,
    holdAt: file.holdAt ?? null,
    fastSubmits: { perAddress: file.fastSubmits?.perAddress ?? 20, perNetwork: file.fastSubmits?.perNetwork ?? 60 },
    weights: { ...DEFAULT_WEIGHTS, ...file.weights },
  };
}

/** The fewest milliseconds a person needs between authorize and submit of a form: its own setting, else its kind's. */
export function minFillMs(settings: FraudSettings, form: { id: FormType; kind: FormKind }): number {
  const byForm = Object.hasOwn(settings.minFillSeconds, form.id) ? settings.minFillSeconds[form.id] : undefined;
  const byKind = Object.hasOwn(settings.minFillSeconds, form.kind) ? settings.minFillSeconds[form.kind] : undefined;
  return (byForm ?? byKind ?? DEFAULT_MIN_FILL_SECONDS) * 1000;
}
