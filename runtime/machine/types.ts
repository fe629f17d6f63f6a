import type { PrepopulatedFieldConfig } from '../core/models';
import type { NavigationState } from '../core/navigation';
import type { AuthorizeResponse, FieldValue, FormModel, FormType, ModelStoreState, SubmitResponse } from '../core/types';

/** What the app passes when it starts a form machine. */
export interface FormMachineInput {
  /** Minimum session duration in minutes (app setting client.minSessionDuration). Default 30. */
  minSessionDuration?: number;
  /** The clock read for deadlines and the countdown; default Date.now. Tests pass a simulated clock's now. */
  now?: () => number;
  /** The form's initial answers (initStore); restored when the session expires. */
  store: ModelStoreState;
  /**
   * Fields that receive prepopulated data after a successful authorize. Default: every field of the
   * flow's model blocks that has a prepopulatedDataKey.
   */
  prepopulatedFields?: PrepopulatedFieldConfig[];
}

/** What the `authorize` actor receives. It resolves with the server's answer (also for 400/401, and a 429 with a text) and rejects on any other failure. */
export interface AuthorizeInput {
  formType: FormType;
  credentials: FormModel | null;
  captchaToken: string | null;
  store: ModelStoreState;
}

/** What the `submit` actor receives. It resolves with the server's answer (also for 400) and rejects on any other failure. */
export interface SubmitInput {
  formType: FormType;
  store: ModelStoreState;
  captchaToken: string | null;
  /** The captcha value returned by authorize, sent back as captchaRawValue. */
  captchaRawValue: string | null;
  prepopulatedData: Record<string, FieldValue> | null;
  /** Ids of pages skipped on the current answers, whose answers the payload prunes. */
  skippedPages: string[];
}

export type AuthorizeOutput = AuthorizeResponse;
export type SubmitOutput = SubmitResponse;

/** A user-facing failure for the error alert (message by localization key, English fallback). */
export interface FormFailure {
  source: 'authorize' | 'submit';
  messageKey: string;
  message: string;
}

/** Session timer state (spec §4). */
export interface SessionState {
  durationMs: number;
  /** Epoch ms at which the session expires; reset by activity. */
  deadline: number;
  /** Seconds left while the warning shows; null otherwise. */
  remainingSeconds: number | null;
  /** Set when the deadline passed; the app routes to /session-expired. */
  expired: boolean;
}

export interface FormMachineContext {
  formType: FormType;
  navigation: NavigationState;
  store: ModelStoreState;
  initialStore: ModelStoreState;
  /** Authorized flag of this form type (spec §3 app state). */
  authorized: boolean;
  /** The server's authorize error, or the submit 400 error text. */
  authorizationError: string | null;
  /** The stable code of the authorize refusal (WRONG_PIN, NOT_CLASS_VEHICLE, …) when the server gave one: the field it concerns. */
  authorizationErrorCode: string | null;
  /** Generic failure for the error alert; cleared by DISMISS_ERROR and by the next attempt. */
  failure: FormFailure | null;
  /** Captcha value returned by authorize, kept for submit. */
  captcha: string | null;
  prepopulatedData: Record<string, FieldValue> | null;
  /** Lookup only: the last lookup answer, shown on the same page. */
  lookupResult: { authorized: boolean; error: string | null } | null;
  isSubmitting: boolean;
  /** Reference code of the accepted submission. */
  referenceCode: string | null;
  /** When the submission was accepted (the machine's clock, ms since the epoch): the confirmation's date and time. */
  submittedAt: number | null;
  /** A developer error raised by a refused event (a second SUBMIT in flight). */
  rejection: { code: string; message: string } | null;
  session: SessionState;
  now: () => number;
  /** Fields that receive prepopulated data after authorize. */
  prepopulatedFields: PrepopulatedFieldConfig[];
}

export type FormMachineEvent =
  | { type: 'AUTHORIZE'; credentials: FormModel | null; captchaToken: string | null }
  | { type: 'NEXT' }
  | { type: 'BACK' }
  | { type: 'GOTO'; pageId: string }
  | { type: 'GOTO'; path: string }
  | { type: 'SUBMIT'; captchaToken: string | null }
  | { type: 'UPDATE_STORE'; store: ModelStoreState }
  | { type: 'ACTIVITY' }
  | { type: 'CONTINUE_SESSION' }
  | { type: 'SESSION_TIMEOUT' }
  | { type: 'ROUTE_CHANGE_START' }
  | { type: 'ROUTE_CHANGE_END' }
  | { type: 'DISMISS_ERROR' }
  | { type: 'RESET' };

/** Why a GOTO was refused. */
export type GotoRefusal = 'notFound' | 'severalMatches' | 'unauthorized' | 'notSubmitted' | 'navigating';

/** Effects the app listens to with actor.on(type, handler). */
export type FormMachineEmitted =
  | { type: 'pageChanged'; pageId: string; path: string }
  | { type: 'captchaReset' }
  | { type: 'serverError'; source: 'submit'; message: string }
  | { type: 'failure'; failure: FormFailure }
  | { type: 'gotoRefused'; reason: GotoRefusal; target: string }
  | { type: 'rejected'; code: string; message: string }
  | { type: 'sessionWarning'; remainingSeconds: number }
  | { type: 'sessionExpired'; formType: FormType; path: string }
  | { type: 'submitted'; referenceCode: string };

export interface FormMachineOutput {
  referenceCode: string;
}
