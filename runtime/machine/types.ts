import type { PageEngine, PressRefusal, RecordButton, RecordOutcome } from '../core/actions';
import type { PrepopulatedFieldConfig } from '../core/models';
import type { NavigationState } from '../core/navigation';
import type { AuthorizeResponse, DocumentFile, FieldValue, FormModel, FormType, ModelStoreState, SubmitFieldError, SubmitResponse } from '../core/types';
import type { ValidationEnv } from '../core/view/types';

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
  /** The page engine the PRESS and RECORD_* events run (createPageEngine); without it they are ignored and the app presses through its own events. */
  engine?: PageEngine;
}

export type { PressRefusal, RecordOutcome } from '../core/actions';

/** What a page save (the app's `savePage`, run in the background after Next) receives: the page just validated and the answers up to it. */
export interface SaveDraftInput {
  formType: FormType;
  pageId: string;
  store: ModelStoreState;
}

/**
 * A page save's answer: `refusal` says why the answers were not stored (the server's refusal, or
 * no answer at all: the claimant is brought back to the page, the answers kept, and reads it);
 * `sessionExpiresAt` (epoch ms) the session's new expiry once stored.
 */
export interface SaveDraftOutput {
  refusal: SubmitRefusal | null;
  sessionExpiresAt: number | null;
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
  /** The HTTP status of the failed call: null when no answer arrived (offline), absent when not a call's. */
  status?: number | null;
}

/**
 * Why the last Submit was not accepted, shown on the submit page: the server's text and code
 * (400, 409, 413, 503), or a failure with no text of the server's (no answer, 500, an answer
 * without its reference code), told by key.
 */
export interface SubmitRefusal {
  message: string;
  /** The server's stable code (server/errors.ts), when it gave one. */
  code: string | null;
  /** The localization key of a failure's message (its English text is `message`); null for the server's own text. */
  messageKey: string | null;
  /** Already filed (409): the reference code of the claim filed, when the server gives it. */
  filedReferenceCode?: string | null;
  /** A 400 a page refuses: each field, by page and element id, with its message. */
  fieldErrors?: SubmitFieldError[];
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
  /** When the server said the session ends without activity (epoch ms); the deadline is never later. Null until it says. */
  serverDeadline: number | null;
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
  /** Where the server is sending the e-mail receipt (masked), or null when it sends none. */
  receiptAddress: string | null;
  /** A developer error raised by a refused event (a second SUBMIT in flight). */
  rejection: { code: string; message: string } | null;
  session: SessionState;
  now: () => number;
  /** Fields that receive prepopulated data after authorize. */
  prepopulatedFields: PrepopulatedFieldConfig[];
  /**
   * Why the last save of the page was not stored (refused by the server, or no answer): shown on
   * the page until a later save is stored, or the next Next or page. Its code, or a failure with
   * no text of the server's (`messageKey`), says whether it is the claimant's to correct or a notice.
   */
  draftRefusal: SubmitRefusal | null;
  /** Why the last Submit was not accepted: shown on the submit page until the next Submit or page. */
  submitRefusal: SubmitRefusal | null;
  /** The page engine (machine input), or null when the app presses through its own events. */
  engine: PageEngine | null;
  /** The last press of the primary button that the page refused; cleared by a press that goes through and by a page change. */
  pressRefusal: PressRefusal | null;
  /** What the last records button did. */
  recordOutcome: RecordOutcome | null;
}

export type FormMachineEvent =
  | { type: 'AUTHORIZE'; credentials: FormModel | null; captchaToken: string | null }
  /** `to`: a later page to go to instead of the next one (the summary an edit link came from). */
  | { type: 'NEXT'; to?: string }
  | { type: 'BACK' }
  | { type: 'GOTO'; pageId: string }
  | { type: 'GOTO'; path: string }
  | { type: 'SUBMIT'; captchaToken: string | null }
  | { type: 'UPDATE_STORE'; store: ModelStoreState }
  /**
   * The page's primary button (Next, Continue, Look up, Submit): saves the typed records that
   * validate and the document records whose document is stored (`documents`: the files chosen
   * beside the answers, with their upload state), validates the page, and when nothing refuses it
   * goes on as the page's action says.
   */
  | { type: 'PRESS'; env: ValidationEnv; documents: readonly DocumentFile[]; captchaToken: string | null }
  /** Add more, Save/Upload, Cancel and Delete of a records block (runtime/core/actions). */
  | RecordButton
  | { type: 'ACTIVITY' }
  | { type: 'CONTINUE_SESSION' }
  /** The server answered the session's expiry (a save, a keep-alive, the csrf call): epoch ms. */
  | { type: 'SESSION_EXTENDED'; expiresAt: number }
  /** A save of a page (left by Next, or a record saved or deleted on it) was not stored: back to it (if left), the refusal shown there. */
  | { type: 'DRAFT_REFUSED'; pageId: string; refusal: SubmitRefusal }
  /** A later save of the page was stored: the refusal of an earlier one no longer holds. */
  | { type: 'DRAFT_SAVED' }
  /**
   * The page was reloaded (or opened in another tab) while the session is authorized: the claim in
   * progress the server keeps (`models`, saved on `pageId`; none: null) is restored, authorized, on
   * the addressed page when the saved answers reach it, else on the page after the saved one.
   */
  | {
      type: 'RESTORE';
      models: FormModel[];
      pageId: string | null;
      addressed: string;
      captcha: string | null;
      /** `pageId` was saved for later before it was finished: the claim goes on there, not after it. */
      unfinished?: boolean;
      /** The records being typed on `pageId` when it was saved, not saved yet: opened again as typed. */
      openRecords?: FormModel[];
      /** What authorize prefilled (the server keeps it in the session): applied under the saved answers. */
      prepopulatedData?: Record<string, FieldValue> | null;
      /** Nothing saved yet: the sign-in answers the server holds (no PIN), into the credentials model. */
      credentials?: Record<string, FieldValue> | null;
    }
  | { type: 'SESSION_TIMEOUT' }
  /**
   * `store`: the new page's defaults and resets, stored with the start of its route change, so
   * that a page change is one more event for the machine and its subscribers, not two.
   */
  | { type: 'ROUTE_CHANGE_START'; store?: ModelStoreState }
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
