import { acceptModelConfigs } from '../models';
import { devError, DEV_ERRORS, USER_MESSAGES } from '../errors';
import { isCaptchaAnswer } from '../../../schemas/generated/api/guards/captcha';
import { isRecord } from '../../../schemas/generated/api/guards/record';
import { isCharactersWhitelistAnswer } from '../../../schemas/generated/api/guards/characters-whitelist';
import { isCsrfAnswer } from '../../../schemas/generated/api/guards/csrf';
import { isCultureContentAnswer } from '../../../schemas/generated/api/guards/culture-content';
import { isDeadlinesAnswer } from '../../../schemas/generated/api/guards/deadlines';
import type { DraftSaved } from '../../../schemas/generated/api/draft-save';
import type { SavedForLater } from '../../../schemas/generated/api/draft-later';
import type { ClaimInProgress } from '../../../schemas/generated/api/draft-load';
import type { ResumeCodeTarget } from '../../../schemas/generated/api/resume';
import type { ClaimStatusAnswer } from '../../../schemas/generated/api/claim-status';
import type { ClaimCureAnswer } from '../../../schemas/generated/api/claim-cure';
import type { CureProgress, CureUpload, StoredDocument } from '../../../schemas/generated/api/shared';
import type {
  AuthorizeRequest,
  AuthorizeResponse,
  CaptchaConfig,
  CsrfToken,
  Culture,
  DeadlinesResponse,
  DocumentFile,
  FieldValue,
  FlowFile,
  FormModel,
  FormType,
  LocalizedItem,
  ModelConfig,
  SignatureDateInfo,
  SubmissionPayload,
  SubmitFieldError,
  SubmitResponse,
} from '../types';
import { API_PATHS, CSRF_INVALID, fail, loadClaimChecks, readJson, textOrNull, type Message } from './call-parts';


/** The addresses of the calls, and the loading of the later calls' answer checks (call-parts.ts). */
export { API_PATHS, DRAFT_DOCUMENTS_SUFFIX, DRAFT_SUFFIX, loadClaimChecks } from './call-parts';

/** The page element holding the startup answers the server embeds (see StartupAnswers). */
export const STARTUP_ANSWERS_ELEMENT = 'app-bootstrap';

/**
 * Answers embedded in the page for the startup calls, keyed by the GET address they answer (path,
 * and '?' + query when there is one, as the client builds it: '/api/culture/content?culture=es').
 * Each body is exactly what that GET returns.
 */
export type StartupAnswers = Record<string, unknown>;

/**
 * The entry of StartupAnswers that lists (an array of keys) the answers holding only a part of
 * their GET's body: a start page carries the texts it may show, not the culture's whole content
 * (server/routes/app-shell/start-texts.ts). The app uses such an answer at startup and fetches the
 * whole in idle time once it runs, before it shows another page.
 */
export const PARTIAL_ANSWERS = '#partial';

/**
 * The name under which the app page keeps its early GET /api/csrf: the server's app shell starts
 * that request from an inline script while the page is parsed, because the app mounts only once it
 * has the token (spec §3, startup order) and its own request would start only after the first
 * script has downloaded and run. The first getCsrf() reads that response instead
 * (ApiClientOptions.earlyCsrf); one request, so one session cookie.
 */
export const EARLY_CSRF_GLOBAL = '__claimsEarlyCsrf';

/** The key of a GET in StartupAnswers. */
export function answerKey(path: string, query?: Record<string, string>): string {
  return query ? `${path}?${new URLSearchParams(query).toString()}` : path;
}

/** A call's outcome: the data, or a user-facing failure. Developer errors are thrown instead. */
export type ApiResult<T, A = never> = ApiSuccess<T> | ApiFailure<A>;

export interface ApiSuccess<T> {
  ok: true;
  data: T;
  status: number;
}

export interface ApiFailure<A = never> {
  ok: false;
  /** User-facing text: the server's own error, or the English text of `errorKey`. */
  error: string;
  /** Localization key of the message, null when the text is the server's. */
  errorKey: string | null;
  /** HTTP status, null when no response arrived. */
  status: number | null;
  /** The server's stable code of a refusal (server/errors.ts), when it gave one. */
  code?: string;
  /** The server's answer when it gave one the form machine acts on (authorize 400/401 and 429 with a text, submit 400/409/413 and any other 4xx or 503 with a text, submit without reference code). */
  response?: A;
  /** A page save refused by its page (400): each field it names, by page and element id. */
  fieldErrors?: SubmitFieldError[];
  /** A cure's document refused: the deficiency kind it was sent for, beside which the refusal is shown. */
  document?: string;
  /** Developer-facing detail for logs (spec §8), e.g. 'An error occured while fetching csrf token'. */
  detail?: string;
}

/** Where one form type authorizes or submits; flow files carry these. */
export interface FormEndpoint {
  endpoint?: string;
  method?: string;
}
export type FormEndpoints = Partial<Record<FormType, { authorize?: FormEndpoint; submit?: FormEndpoint }>>;

/** The endpoint map of the loaded flow files. */
export function endpointsFromFlows(flows: Array<Pick<FlowFile, 'formType' | 'authorize' | 'submit'>>): FormEndpoints {
  const out: FormEndpoints = {};
  for (const flow of flows) out[flow.formType] = { authorize: flow.authorize, ...(flow.submit ? { submit: flow.submit } : {}) };
  return out;
}

/** The answers of the claim in progress, as the API contract declares them (schemas/api/draft-*.schema.json, resume.schema.json). */
export type { DraftSaved, ResumeCodeTarget, SavedForLater, StoredDocument };
/** A filed claim's status as its claimant sees it (schemas/api/claim-status.schema.json). */
export type { ClaimStatusAnswer };
/** A cure received (schemas/api/claim-cure.schema.json). */
export type { ClaimCureAnswer };
/** A cure in progress kept by the server, and a document uploaded to it (schemas/api/shared.schema.json). */
export type { CureProgress, CureUpload };

/** What a claimant keeps of a cure in progress to finish later: a part left out keeps what the server had. */
export interface CureProgressSave {
  referenceCode: string;
  pageModels?: FormModel[];
  signatureName?: string;
}

/** What a claimant sends to cure a deficient claim: the answers to the pages asked again, a file per missing document kind, and the signature when one is missing. */
export interface ClaimCure {
  referenceCode: string;
  /** The models of the pages asked again (ClaimStatusAnswer `cureAnswers` as the claimant changed them); absent when none is asked. */
  pageModels?: FormModel[];
  /** Documents sent with the cure, each with its bytes and file name; those uploaded to the cure in progress (addCureDocument) go with it without being sent again. */
  documents: Array<{ deficiency: string; name: string; data: Blob }>;
  signature: { name: string; attested: boolean } | null;
}

/** The claim in progress the server holds for whom the session is authorized as (GET …/draft), once saved, without the prefilled data and sign-in answers (LoadedClaim has them). */
export type SavedDraft = Omit<ClaimInProgress, 'prepopulatedData' | 'credentials' | 'models' | 'openRecords' | 'pageId' | 'savedAt' | 'expiresAt'> & {
  pageId: string;
  savedAt: string;
  expiresAt: string;
  /** The saved answers; credentials as the server holds them (no PIN), no prepopulated data. */
  models: FormModel[];
  /** The records being typed on pageId when it was saved, not saved yet. */
  openRecords: FormModel[];
};

/** What GET …/draft answers: the claim in progress (null: none saved yet) and what authorize prefilled. */
export interface LoadedClaim {
  draft: SavedDraft | null;
  /** The session's prepopulated data (as authorize answered it), also before the first save. */
  prepopulatedData: Record<string, FieldValue> | null;
  /** Before the first save: the sign-in answers the session is authorized with (no PIN). */
  credentials: Record<string, FieldValue> | null;
}

/**
 * One multipart upload that tells its progress (the browser's XMLHttpRequest can; fetch cannot
 * yet): the answer's status and JSON body, or null when no answer arrived. The API client builds
 * the request (address, CSRF header); the app passes the transport in.
 */
export type UploadTransport = (request: {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: FormData;
  onProgress: (sent: number, total: number) => void;
}) => Promise<{ status: number; body: unknown } | null>;

/**
 * Where a client outside the browser keeps its cookies (the browser keeps its own): `around`
 * gives the fetch that sends them (Cookie) and keeps what answers set (Set-Cookie). A request
 * that names its own Cookie header is sent with that one. cookie-jar.ts is one.
 */
export interface CookieStore {
  around(fetch: typeof globalThis.fetch): typeof globalThis.fetch;
}

export interface ApiClientOptions {
  /** Default: the platform's fetch (the browser's, or Node's global one). */
  fetch?: typeof fetch;
  /** Cookies kept by the client itself (Node); without it, by the platform (the browser). */
  cookies?: CookieStore;
  /** Prefix of every path; default '' (same origin). */
  baseUrl?: string;
  /** Where each form type authorizes and submits (endpointsFromFlows); default none. */
  endpoints?: FormEndpoints;
  /** A token already known (e.g. embedded in the page); otherwise getCsrf() sets it. */
  csrf?: CsrfToken | null;
  /**
   * Answers already in the page: the first GET of one of these addresses reads its body from here
   * (checked as a fetched body would be) and removes it; later calls, or a body that does not
   * pass the check, go to the network.
   */
  preloaded?: StartupAnswers;
  /**
   * The page's early GET /api/csrf (EARLY_CSRF_GLOBAL): the first getCsrf() reads its response
   * instead of asking again; no response (null) asks.
   */
  earlyCsrf?: Promise<Response | null>;
  /** The honeypot field's value (payload/honeypot.ts), read at each submit; sent when not empty. */
  honeypot?: () => string;
  /** Uploads with progress (addDocument); without it, documents are sent with `fetch` and progress is told once, at the end. */
  upload?: UploadTransport;
  /**
   * This tab's random handle, sent with every call (TAB_HEADER): the server keeps each tab's
   * sign-in apart, so another tab signing in as someone else leaves this one's claim alone. A
   * function is asked once, at the first call sent (reading it may wait on the browser's storage).
   */
  tab?: string | (() => string);
}

/** The header carrying the tab's handle (server/claims/session-authorizations.ts). */
export const TAB_HEADER = 'X-Claim-Tab';

export interface ApiClient {
  /** GET /api/csrf; keeps the token for unsafe calls. A 403 is ignored silently: data null. */
  getCsrf(): Promise<ApiResult<CsrfToken | null>>;
  /** The token unsafe calls carry; null before initialisation. Renewed from the CSRF header of an answer (authorize). */
  csrfToken(): CsrfToken | null;
  setCsrfToken(token: CsrfToken | null): void;
  /** POST /api/session-timeout: ends the server-side session. */
  sessionTimeout(): Promise<ApiResult<null>>;
  /** POST /api/session/keep-alive: activity; the session's new expiry (ISO 8601). */
  keepAlive(): Promise<ApiResult<{ sessionExpiresAt: string }>>;
  /**
   * When the server says the session ends without activity (ISO 8601), as last answered by
   * getCsrf, keepAlive or saveDraft, told in this browser's clock: shifted by the difference
   * between the clocks that the answer's Date header shows (a skewed clock would otherwise warn
   * too early or too late). Null before any of them.
   */
  sessionExpiresAt(): string | null;
  /**
   * PUT the claim in progress: the answers up to and including `pageId`, checked by the server as
   * the pages check them. A refusal (400) carries the server's text naming page and field, and
   * each field it refuses (`fieldErrors`); `culture`: the language of the server's texts.
   * `unfinished`: the claimant is still on the page (a record saved or deleted while they work);
   * its empty fields and unmet records rules are not refused, and `openRecords` (the records being
   * typed there, not saved yet) are kept with it.
   */
  /** `leaving`: the claimant is leaving the page (tab hidden, reload, closed): the save outlives the page. */
  saveDraft(formType: FormType, pageId: string, models: FormModel[], options?: { unfinished?: boolean; culture?: Culture; openRecords?: FormModel[]; leaving?: boolean }): Promise<ApiResult<DraftSaved>>;
  /** GET the claim in progress of whom the session is authorized as (draft null when none is saved yet: the server answers an empty one) and the prefilled data. */
  loadDraft(formType: FormType): Promise<ApiResult<LoadedClaim>>;
  /**
   * POST Save and finish later: the answers up to and including `pageId`, that page's empty fields
   * allowed, and the records being typed there (`openRecords`); a new resume code. A refusal
   * carries the server's text.
   */
  saveForLater(formType: FormType, pageId: string, models: FormModel[], culture?: Culture, openRecords?: FormModel[]): Promise<ApiResult<SavedForLater>>;
  /** POST /api/forms/resume: which form a resume code opens; a refusal carries the server's text. */
  checkResumeCode(code: string, culture?: Culture): Promise<ApiResult<ResumeCodeTarget>>;
  /**
   * POST /api/claims/status: a filed claim's status, with its reference code and the claim's own
   * credentials (its form's credential fields by name); a refusal carries the server's text.
   */
  claimStatus(referenceCode: string, credentials: Record<string, string>, culture?: Culture): Promise<ApiResult<ClaimStatusAnswer>>;
  /**
   * POST /api/claims/cure: what a deficient claim is missing, from the session that saw its status:
   * a document per missing kind (by kind) and the signature; a refusal carries the server's text.
   */
  claimCure(cure: ClaimCure, culture?: Culture): Promise<ApiResult<ClaimCureAnswer>>;
  /**
   * POST a document to the cure in progress of the claim `referenceCode` names (by the deficiency
   * kind it cures, or the client id of the record of a page asked again it is the file of; with
   * its progress, as addDocument), checked and scanned by the server as a claim's documents are; a refusal
   * carries the server's text naming the document (culture: its language).
   */
  addCureDocument(referenceCode: string, deficiency: string, file: { name: string; data: Blob }, culture: Culture, onProgress?: (sent: number, total: number) => void): Promise<ApiResult<CureUpload>>;
  /** DELETE a document of the cure in progress. */
  removeCureDocument(referenceCode: string, id: number): Promise<ApiResult<null>>;
  /**
   * POST what is given so far of the cure in progress (Save and finish later); the cure in progress
   * as the server keeps it. `leaving`: as saveDraft's.
   */
  saveCureProgress(progress: CureProgressSave, culture?: Culture, leaving?: boolean): Promise<ApiResult<CureProgress>>;
  /**
   * POST one document to the claim in progress, checked by the server as the submit checks it; a
   * refusal carries the server's text naming the document (culture: its language).
   */
  addDocument(formType: FormType, file: DocumentFile, culture: Culture, onProgress?: (sent: number, total: number) => void): Promise<ApiResult<StoredDocument>>;
  /** DELETE a document of the claim in progress. */
  removeDocument(formType: FormType, id: number): Promise<ApiResult<null>>;
  getDeadlines(): Promise<ApiResult<DeadlinesResponse>>;
  /** The allowed characters as one string; data null when not available (403). */
  getCharactersWhitelist(): Promise<ApiResult<string | null>>;
  getCaptcha(): Promise<ApiResult<CaptchaConfig>>;
  /** Accepted model configs (see acceptModelConfigs); data null when not available (403). */
  getFormsConfig(): Promise<ApiResult<ModelConfig[] | null>>;
  getSignatureDate(culture: Culture): Promise<ApiResult<SignatureDateInfo>>;
  /** The key/value items of a culture (i18n's contentToDictionary turns them into texts). */
  getCultureContent(culture: Culture): Promise<ApiResult<LocalizedItem[]>>;
  /** With a culture, the server answers its messages (e.g. 'not a class vehicle') in that language. */
  authorize(formType: FormType, request: AuthorizeRequest, culture?: Culture): Promise<ApiResult<AuthorizeResponse, AuthorizeResponse>>;
  submit(formType: FormType, payload: SubmissionPayload): Promise<ApiResult<SubmitResponse, SubmitResponse>>;
  /**
   * One request as given, for calls the methods above do not make (also deliberately malformed
   * ones): same base URL, cookies, tab handle and CSRF token (an unsafe method carries it unless
   * `csrf: false`). `headers` are added to the client's own (Accept, the CSRF header as the
   * server names it; a Cookie header replaces the kept cookies). Not retried; a network failure
   * rejects.
   */
  raw(method: string, path: string, init?: RawRequest): Promise<Response>;
}

/** What a raw request sends: a query, and a JSON body, a FormData or any other body. */
export interface RawRequest {
  query?: Record<string, string>;
  json?: unknown;
  form?: FormData;
  body?: BodyInit;
  headers?: Record<string, string>;
  /** false: no CSRF header, even on an unsafe method. */
  csrf?: false;
  /** Sent on even as the page unloads (fetch's `keepalive`: the browser allows it a body under 64 KB). */
  keepalive?: boolean;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The calls a form's start page does not make, in later-calls.ts (a chunk of its own). */
type LaterCall = 'sessionTimeout' | 'keepAlive' | 'saveDraft' | 'loadDraft' | 'saveForLater' | 'checkResumeCode' | 'claimStatus' | 'claimCure' | 'addCureDocument' | 'removeCureDocument' | 'saveCureProgress' | 'addDocument' | 'removeDocument' | 'getSignatureDate' | 'submit';
export type LaterCalls = Pick<ApiClient, LaterCall>;

/** What the later calls send their requests through: one client's own (its cookies, tab, token, base URL). */
export interface ClientCore {
  options: ApiClientOptions;
  /** One request, sent once more after reading the token again when refused for it; null when no response arrived. */
  request(method: string, path: string, init?: RawRequest): Promise<Response | null>;
  /** A GET whose JSON body is the data (see createApiClient). */
  getJson<T>(path: string, message: Message, read: (body: unknown) => T | undefined | Promise<T | undefined>, opts?: { query?: Record<string, string>; notAvailableOn403?: boolean; detail?: string }): Promise<ApiResult<T | null>>;
  endpointOf(formType: FormType, call: 'authorize' | 'submit'): { endpoint: string; method: string };
  /** Keeps the session's expiry an answer tells (sessionExpiresAt). */
  noteExpiry(value: unknown, response: Response): void;
  csrfToken(): CsrfToken | null;
  /** GET /api/csrf after a refusal for the token; whether a new token was read. */
  readCsrfAgain(): Promise<boolean>;
  url(path: string, query?: Record<string, string>): string;
  /** The tab's handle as a header (none without one). */
  tabHeader(): Record<string, string>;
}

/**
 * The later calls' code once in: a call then reaches fetch within the task that made it (a save as
 * the page unloads has no later task), where even an import already loaded answers in a later one.
 */
let laterCode: typeof import('./later-calls') | null = null;

/**
 * The later calls' code (later-calls.ts): loaded by the first of them at the latest; the app asks
 * for it earlier (with the form machine's code, and on the pages that make them). Null when it
 * cannot be loaded (offline): the call is then told as one that got no answer.
 */
export function loadLaterCalls() {
  return import('./later-calls').then((code) => (laterCode = code), () => null);
}

/** The refusal's code when the answer has one (it tells the page which field to mark). */
function codeOf(answer: Record<string, unknown>): { code?: string } {
  const code = textOrNull(answer.code);
  return code ? { code } : {};
}

/** The allowed characters from the JSON text the server sends (a string or a list of groups). */
export function parseAllowedCharacters(allowedCharacters: unknown): string | null {
  if (typeof allowedCharacters !== 'string') return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(allowedCharacters);
  } catch {
    return null;
  }
  if (typeof parsed === 'string') return parsed;
  if (Array.isArray(parsed) && parsed.every((g) => typeof g === 'string')) return [...new Set((parsed as string[]).join(''))].join('');
  return null;
}

/**
 * The client of spec §7. `fetch` is injected (tests pass one returning real Response objects).
 * Every request is same-origin with credentials; unsafe methods carry the CSRF header named by
 * the csrf response. User-facing failures are returned, developer errors thrown.
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const platformFetch = options.fetch ?? fetch;
  const doFetch = options.cookies?.around(platformFetch) ?? platformFetch;
  const baseUrl = (options.baseUrl ?? '').replace(/\/+$/, '');
  let csrf: CsrfToken | null = options.csrf ?? null;
  let sessionExpiry: string | null = null;
  const noteExpiry = (value: unknown, response: Response) => {
    if (typeof value !== 'string' || Number.isNaN(Date.parse(value))) return;
    const serverNow = Date.parse(response.headers.get('date') ?? '');
    sessionExpiry = Number.isNaN(serverNow) ? value : new Date(Date.parse(value) + (Date.now() - serverNow)).toISOString();
  };

  const url = (path: string, query?: Record<string, string>) => `${baseUrl}${answerKey(path, query)}`;
  const preloaded = options.preloaded ?? {};
  let earlyCsrf = options.earlyCsrf;
  let tabHeaderOnce: Record<string, string> | null = null;
  const tabHeader = (): Record<string, string> => {
    if (tabHeaderOnce) return tabHeaderOnce;
    const tab = typeof options.tab === 'function' ? options.tab() : options.tab;
    return (tabHeaderOnce = tab ? { [TAB_HEADER]: tab } : {});
  };

  /**
   * One request; null when no response arrived (network failure). An unsafe call refused for its
   * CSRF token (403 CSRF_INVALID) reads the token again and is sent once more: another tab of the
   * same browser authorized, which renews the session's token, and the session cookie is shared.
   */
  async function request(method: string, path: string, init: RawRequest = {}) {
    const response = await requestOnce(method, path, init);
    if (!response || response.status !== 403 || SAFE_METHODS.has(method.toUpperCase())) return response;
    const answer = await readJson(response.clone());
    if (!isRecord(answer) || answer.code !== CSRF_INVALID) return response;
    return (await readCsrfAgain()) ? requestOnce(method, path, init) : response;
  }

  /** The token of a GET /api/csrf answer, kept; whether it had one. */
  async function takeCsrf(response: Response): Promise<boolean> {
    const body = response.ok ? await readJson(response) : undefined;
    if (!isCsrfAnswer(body)) return false;
    csrf = { requestHeaderName: body.requestHeaderName, requestToken: body.requestToken };
    noteExpiry(body.sessionExpiresAt, response);
    return true;
  }

  /** GET /api/csrf after a refusal for the token; whether a new token was read. */
  async function readCsrfAgain(): Promise<boolean> {
    const fresh = await requestOnce('GET', API_PATHS.csrf);
    return !!fresh && takeCsrf(fresh);
  }

  /** One request; null when no response arrived (a developer error still throws). */
  const requestOnce = (method: string, path: string, init?: RawRequest) => send(method, path, init).catch(() => null);

  /** Not async: a developer error (no CSRF token yet) throws here, before anything is sent. */
  function send(method: string, path: string, init: RawRequest = {}): Promise<Response> {
    const verb = method.toUpperCase();
    const target = url(path, init.query);
    const headers: Record<string, string> = { Accept: 'application/json', ...tabHeader() };
    if (!SAFE_METHODS.has(verb) && init.csrf !== false) {
      if (!csrf) throw devError('CSRF_NOT_INITIALIZED');
      headers[csrf.requestHeaderName] = csrf.requestToken;
    }
    let body = init.form ?? init.body; // FormData: the runtime sets the multipart boundary
    if (init.json !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(init.json);
    }
    return doFetch(target, { method: verb, headers: { ...headers, ...init.headers }, credentials: 'same-origin', keepalive: init.keepalive, ...(body !== undefined ? { body } : {}) }).then((response) => {
      // A successful authorize renews the session's token and answers it in the CSRF header: the
      // token read before no longer works, so the next unsafe call carries the new one.
      const renewed = csrf ? response.headers.get(csrf.requestHeaderName) : null;
      if (csrf && renewed) csrf = { ...csrf, requestToken: renewed };
      return response;
    });
  }

  /** A GET whose JSON body is the data; `message` on any failure, `notAvailableOn403` gives data null. */
  async function getJson<T>(
    path: string,
    message: Message,
    /** The data of the answer; undefined: not an answer of this call. May wait for the checks it reads with (loaded while the call is under way). */
    read: (body: unknown) => T | undefined | Promise<T | undefined>,
    opts: { query?: Record<string, string>; notAvailableOn403?: boolean; detail?: string } = {},
  ): Promise<ApiResult<T | null>> {
    const key = answerKey(path, opts.query);
    if (Object.hasOwn(preloaded, key)) {
      const body = preloaded[key];
      delete preloaded[key];
      const data = await read(body);
      if (data !== undefined) return { ok: true, data, status: 200 };
    }
    const response = await request('GET', path, opts.query ? { query: opts.query } : {});
    if (!response) return fail(message, null, opts.detail);
    if (response.status === 403 && opts.notAvailableOn403) return { ok: true, data: null, status: 403 };
    if (!response.ok) return fail(message, response.status, opts.detail);
    const data = await read(await readJson(response));
    if (data === undefined) return fail(message, response.status, opts.detail);
    return { ok: true, data, status: response.status };
  }

  function endpointOf(formType: FormType, call: 'authorize' | 'submit'): { endpoint: string; method: string } {
    const entry = options.endpoints?.[formType]?.[call];
    if (!entry?.endpoint) throw devError('NO_ENDPOINT', formType);
    if (!entry.method) throw devError('NO_HTTP_VERB', formType);
    return { endpoint: entry.endpoint, method: entry.method };
  }

  const core: ClientCore = { options, request, getJson, endpointOf, noteExpiry, csrfToken: () => csrf, readCsrfAgain, url, tabHeader };
  let laterOnes: LaterCalls | null = null;
  /** This client's later calls, their code loaded by the first; null: not loaded (offline), asked again by the next. */
  const later = async (): Promise<LaterCalls | null> => (laterOnes ??= (laterCode ?? (await loadLaterCalls()))?.laterCalls(core) ?? null);

  return {
    async getCsrf() {
      const early = earlyCsrf;
      earlyCsrf = undefined;
      const response = (early ? await early.catch(() => null) : null) ?? (await request('GET', API_PATHS.csrf));
      const detail = DEV_ERRORS.CSRF_FETCH_FAILED();
      if (!response) return fail(USER_MESSAGES.generic, null, detail);
      if (response.status === 403) return { ok: true, data: null, status: 403 };
      return (await takeCsrf(response)) ? { ok: true, data: csrf, status: response.status } : fail(USER_MESSAGES.generic, response.status, detail);
    },

    csrfToken: () => csrf,
    setCsrfToken(token) {
      csrf = token;
    },

    sessionExpiresAt: () => sessionExpiry,

    async getDeadlines() {
      const result = await getJson(API_PATHS.deadlines, USER_MESSAGES.generic, (b) => (isDeadlinesAnswer(b) ? b : undefined));
      return result as ApiResult<DeadlinesResponse>;
    },

    getCharactersWhitelist() {
      return getJson(
        API_PATHS.charactersWhitelist,
        USER_MESSAGES.whitelistFailed,
        (b) => (isCharactersWhitelistAnswer(b) ? (parseAllowedCharacters(b.allowedCharacters) ?? undefined) : undefined),
        { notAvailableOn403: true },
      );
    },

    async getCaptcha() {
      const result = await getJson(
        API_PATHS.captcha,
        USER_MESSAGES.generic,
        (b) => (isCaptchaAnswer(b) ? b : undefined),
        { detail: DEV_ERRORS.CAPTCHA_FETCH_FAILED() },
      );
      return result as ApiResult<CaptchaConfig>;
    },

    getFormsConfig() {
      // A malformed entry is a developer error (MODEL_CONFIG_REJECTED), thrown by acceptModelConfigs.
      return getJson(API_PATHS.formsConfig, USER_MESSAGES.requestFailed, (b) => (Array.isArray(b) ? acceptModelConfigs(b) : undefined), {
        notAvailableOn403: true,
      });
    },

    async getCultureContent(culture) {
      const result = await getJson(
        API_PATHS.cultureContent,
        USER_MESSAGES.generic,
        (b) => (isCultureContentAnswer(b) ? b : undefined),
        { query: { culture } },
      );
      return result as ApiResult<LocalizedItem[]>;
    },

    async authorize(formType, body, culture) {
      const { endpoint, method } = endpointOf(formType, 'authorize');
      const checks = loadClaimChecks();
      const response = await request(method, endpoint, { json: body, ...(culture ? { query: { culture } } : {}) });
      if (!response) return fail<AuthorizeResponse>(USER_MESSAGES.generic, null);
      const json = await readJson(response);
      const answer = isRecord(json) ? json : {};
      // A 429 with the server's text (too many wrong PINs: how long to wait) is shown like a 400/401.
      const error = textOrNull(answer.error);
      // So is a refused resume code (unknown, expired, not these credentials').
      const resumeRefusal = typeof answer.code === 'string' && answer.code.startsWith('RESUME_CODE_');
      if (response.status === 400 || response.status === 401 || ((response.status === 429 || resumeRefusal) && error !== null)) {
        const refused: AuthorizeResponse = { authorized: false, error, captcha: textOrNull(answer.captcha), prepopulatedData: null, ...codeOf(answer) };
        return { ok: false, error: error ?? '', errorKey: null, status: response.status, response: refused };
      }
      if (!response.ok || !(await checks)?.isAuthorizeAnswer(json)) return fail<AuthorizeResponse>(USER_MESSAGES.generic, response.status);
      const data: AuthorizeResponse = {
        authorized: json.authorized,
        error: json.error,
        captcha: json.captcha,
        prepopulatedData: json.prepopulatedData,
        ...codeOf(answer),
        // A form already filed, told to the claimant who filed it.
        ...(json.referenceCode !== undefined ? { referenceCode: json.referenceCode } : {}),
      };
      return { ok: true, data, status: response.status };
    },

    raw: send,

    // The calls after sign-in: their code comes with the first of them at the latest; not arriving
    // (offline), each is told as a call that got no answer.
    sessionTimeout: () => later().then((c) => c?.sessionTimeout() ?? fail(USER_MESSAGES.generic, null)),
    keepAlive: () => later().then((c) => c?.keepAlive() ?? fail(USER_MESSAGES.generic, null)),
    saveDraft: (...args) => later().then((c) => c?.saveDraft(...args) ?? fail(USER_MESSAGES.saveFailed, null)),
    loadDraft: (...args) => later().then((c) => c?.loadDraft(...args) ?? fail(USER_MESSAGES.requestFailed, null)),
    saveForLater: (...args) => later().then((c) => c?.saveForLater(...args) ?? fail(USER_MESSAGES.requestFailed, null)),
    checkResumeCode: (...args) => later().then((c) => c?.checkResumeCode(...args) ?? fail(USER_MESSAGES.requestFailed, null)),
    claimStatus: (...args) => later().then((c) => c?.claimStatus(...args) ?? fail(USER_MESSAGES.requestFailed, null)),
    claimCure: (...args) => later().then((c) => c?.claimCure(...args) ?? fail(USER_MESSAGES.requestFailed, null)),
    addCureDocument: (...args) => later().then((c) => c?.addCureDocument(...args) ?? fail(USER_MESSAGES.uploadFailed, null)),
    removeCureDocument: (...args) => later().then((c) => c?.removeCureDocument(...args) ?? fail(USER_MESSAGES.requestFailed, null)),
    saveCureProgress: (...args) => later().then((c) => c?.saveCureProgress(...args) ?? fail(USER_MESSAGES.saveFailed, null)),
    addDocument: (...args) => later().then((c) => c?.addDocument(...args) ?? fail(USER_MESSAGES.uploadFailed, null)),
    removeDocument: (...args) => later().then((c) => c?.removeDocument(...args) ?? fail(USER_MESSAGES.requestFailed, null)),
    getSignatureDate: (...args) => later().then((c) => c?.getSignatureDate(...args) ?? fail(USER_MESSAGES.requestFailed, null)),
    submit: (...args) => later().then((c) => c?.submit(...args) ?? fail<SubmitResponse>(USER_MESSAGES.submitFailed, null)),
  };
}

/**
 * For the form machine's actors: the server's answer (also a refusal it acts on), or a thrown
 * Error carrying the user-facing failure when there is none.
 */
export function answerOrThrow<T>(result: ApiResult<T, T>): T {
  if (result.ok) return result.data;
  if (result.response !== undefined) return result.response;
  throw new ApiCallError(result);
}

export class ApiCallError extends Error {
  readonly failure: ApiFailure<unknown>;
  constructor(failure: ApiFailure<unknown>) {
    super(failure.error);
    this.name = 'ApiCallError';
    this.failure = failure;
  }
}
