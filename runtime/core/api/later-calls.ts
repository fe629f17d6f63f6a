/**
 * The calls of spec §7 a form's start page does not make: the claim in progress (its pages, its
 * documents, Save and finish later, the submit), the session's keep-alive and end, resume codes, a
 * filed claim's status and cure, the signature date. A chunk of its own, off the start page's
 * budget: the client (client.ts) loads it with the first of these calls, and the app asks for it
 * with the form machine's code (while the claimant types the sign-in) and on the pages that make
 * them, so a press does not wait for it.
 */
import { HONEYPOT_FIELD } from '../payload/honeypot';
import { devError, USER_MESSAGES } from '../errors';
import { isRecord } from '../../../schemas/generated/api/guards/record';
import type { CsrfToken, Culture, FormModel, SignatureDateInfo, SubmitFieldError, SubmitResponse } from '../types';
import { API_PATHS, CSRF_INVALID, DRAFT_DOCUMENTS_SUFFIX, DRAFT_SUFFIX, fail, loadClaimChecks, readJson, textOrNull, uploadRefusal, type Message } from './call-parts';
import type { ApiFailure, ApiResult, ClientCore, LaterCalls } from './client';

/** A refused call: the server's own text (which page and field, or that the session ended), else the generic failure. */
function refusal(status: number, answer: Record<string, unknown>, failed: Message = USER_MESSAGES.requestFailed): ApiFailure {
  const error = textOrNull(answer.error);
  const code = textOrNull(answer.code);
  const fieldErrors = submitFieldErrors(answer.fieldErrors);
  const document = textOrNull(answer.document);
  return error !== null
    ? { ok: false, error, errorKey: null, status, ...(code !== null ? { code } : {}), ...(fieldErrors.length ? { fieldErrors } : {}), ...(document !== null ? { document } : {}) }
    : fail(failed, status);
}

/** The fields a page refuses in a submit's 400, as the server names them (an entry not of that shape is left out). */
function submitFieldErrors(value: unknown): SubmitFieldError[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((e: unknown) =>
    isRecord(e) && typeof e.pageId === 'string' && typeof e.fieldId === 'string' && typeof e.message === 'string' ? [{ pageId: e.pageId, fieldId: e.fieldId, message: e.message }] : [],
  );
}

/** The most a request sent as the page unloads may carry: the browser refuses a `keepalive` body over 64 KB. */
const KEEPALIVE_MAX_BYTES = 64 * 1024 - 512;

/**
 * A JSON body sent as the claimant leaves the page (`leaving`): on even as the page unloads when it
 * fits the browser's limit for that; a larger one as usual (it may be cut off by the unload).
 */
const sentLeaving = (leaving: boolean | undefined, json: unknown): { json: unknown; keepalive?: true } =>
  leaving && new TextEncoder().encode(JSON.stringify(json)).length <= KEEPALIVE_MAX_BYTES ? { json, keepalive: true } : { json };

/** The later calls of one client, sent through its requests (cookies, tab, CSRF token, base URL). */
export function laterCalls(core: ClientCore): LaterCalls {
  const { options, request, getJson, endpointOf, noteExpiry, csrfToken, readCsrfAgain, url, tabHeader } = core;

  /**
   * A document uploaded on add (a claim's draft's, a cure in progress's): through the client's
   * upload transport with its progress, else with `fetch`, its progress told once at the end.
   * Null when no answer arrived.
   */
  async function sendUpload(path: string, form: FormData, culture: Culture, size: number, onProgress: (sent: number, total: number) => void): Promise<{ status: number; body: unknown } | null> {
    const upload = options.upload;
    if (upload) {
      const token = csrfToken();
      if (!token) throw devError('CSRF_NOT_INITIALIZED');
      const send = (sent: CsrfToken) =>
        upload({ method: 'POST', url: url(path, { culture }), headers: { Accept: 'application/json', ...tabHeader(), [sent.requestHeaderName]: sent.requestToken }, body: form, onProgress });
      const answer = await send(token);
      // Another tab signed in meanwhile and renewed the session's token: read it, send once more.
      const renewed = answer?.status === 403 && isRecord(answer.body) && answer.body.code === CSRF_INVALID && (await readCsrfAgain()) ? csrfToken() : null;
      return renewed ? send(renewed) : answer;
    }
    const response = await request('POST', path, { form, query: { culture } });
    if (!response) return null;
    const answer = { status: response.status, body: await readJson(response) };
    onProgress(size, size);
    return answer;
  }

  return {
    async sessionTimeout() {
      const response = await request('POST', API_PATHS.sessionTimeout);
      if (!response) return fail(USER_MESSAGES.generic, null);
      if (!response.ok) return fail(USER_MESSAGES.generic, response.status);
      return { ok: true, data: null, status: response.status };
    },

    async keepAlive() {
      const checks = loadClaimChecks();
      const response = await request('POST', API_PATHS.keepAlive);
      if (!response) return fail(USER_MESSAGES.generic, null);
      const body = response.ok ? await readJson(response) : undefined;
      if (!(await checks)?.isSessionKeptAlive(body)) return fail(USER_MESSAGES.generic, response.status);
      noteExpiry(body.sessionExpiresAt, response);
      return { ok: true, data: body, status: response.status };
    },

    async saveDraft(formType, pageId, models, options) {
      const { endpoint } = endpointOf(formType, 'submit');
      const checks = loadClaimChecks();
      const culture = options?.culture;
      const json = { pageId, models, ...(options?.unfinished ? { unfinished: true, ...(options.openRecords?.length ? { openRecords: options.openRecords } : {}) } : {}) };
      const response = await request('PUT', `${endpoint}${DRAFT_SUFFIX}`, { ...sentLeaving(options?.leaving, json), ...(culture ? { query: { culture } } : {}) });
      // Not saved, and not the claimant's to correct: the answers stay in the page to be saved again.
      if (!response) return fail(USER_MESSAGES.saveFailed, null);
      const body = await readJson(response);
      const answer = isRecord(body) ? body : {};
      if (!response.ok) return refusal(response.status, answer, USER_MESSAGES.saveFailed);
      if (!(await checks)?.isDraftSaved(body)) return fail(USER_MESSAGES.saveFailed, response.status);
      noteExpiry(body.sessionExpiresAt, response);
      return { ok: true, data: body, status: response.status };
    },

    async loadDraft(formType) {
      const { endpoint } = endpointOf(formType, 'submit');
      const checks = loadClaimChecks();
      const response = await request('GET', `${endpoint}${DRAFT_SUFFIX}`);
      if (!response) return fail(USER_MESSAGES.requestFailed, null);
      const body = await readJson(response);
      if (!response.ok) {
        const error = isRecord(body) ? textOrNull(body.error) : null;
        return error !== null ? { ok: false, error, errorKey: null, status: response.status } : fail(USER_MESSAGES.requestFailed, response.status);
      }
      if (!(await checks)?.isClaimInProgress(body)) return fail(USER_MESSAGES.requestFailed, response.status);
      const { prepopulatedData, credentials, models, openRecords, pageId, savedAt, expiresAt, ...draft } = body;
      // None saved yet: what authorize prefilled and the sign-in answers start it.
      if (pageId === null || savedAt === null || expiresAt === null) return { ok: true, data: { draft: null, prepopulatedData, credentials }, status: response.status };
      return { ok: true, data: { draft: { ...draft, pageId, savedAt, expiresAt, models: models as FormModel[], openRecords: openRecords as FormModel[] }, prepopulatedData, credentials: null }, status: response.status };
    },

    async saveForLater(formType, pageId, models, culture, openRecords) {
      const { endpoint } = endpointOf(formType, 'submit');
      const checks = loadClaimChecks();
      const response = await request('POST', `${endpoint}${DRAFT_SUFFIX}/later`, { json: { pageId, models, ...(openRecords?.length ? { openRecords } : {}) }, ...(culture ? { query: { culture } } : {}) });
      if (!response) return fail(USER_MESSAGES.requestFailed, null);
      const body = await readJson(response);
      const answer = isRecord(body) ? body : {};
      if (!response.ok) return refusal(response.status, answer);
      if (!(await checks)?.isSavedForLater(body)) return fail(USER_MESSAGES.requestFailed, response.status);
      return { ok: true, data: { ...body, emailAddress: body.emailAddress ?? null }, status: response.status };
    },

    async checkResumeCode(code, culture) {
      const checks = loadClaimChecks();
      const response = await request('POST', API_PATHS.resume, { json: { code }, ...(culture ? { query: { culture } } : {}) });
      if (!response) return fail(USER_MESSAGES.requestFailed, null);
      const body = await readJson(response);
      const answer = isRecord(body) ? body : {};
      if (!response.ok) return refusal(response.status, answer);
      if (!(await checks)?.isResumeCodeTarget(body)) return fail(USER_MESSAGES.requestFailed, response.status);
      return { ok: true, data: body, status: response.status };
    },

    async claimStatus(referenceCode, credentials, culture) {
      const checks = loadClaimChecks();
      const response = await request('POST', API_PATHS.claimStatus, { json: { referenceCode, credentials }, ...(culture ? { query: { culture } } : {}) });
      if (!response) return fail(USER_MESSAGES.requestFailed, null);
      const body = await readJson(response);
      const answer = isRecord(body) ? body : {};
      if (!response.ok) return refusal(response.status, answer);
      if (!(await checks)?.isClaimStatusAnswer(body)) return fail(USER_MESSAGES.requestFailed, response.status);
      return { ok: true, data: body, status: response.status };
    },

    async claimCure(cure, culture) {
      const checks = loadClaimChecks();
      // The reference code first: the server checks the claim before it receives any file.
      const form = new FormData();
      form.append('referenceCode', cure.referenceCode);
      if (cure.pageModels) form.append('pageModels', JSON.stringify(cure.pageModels));
      if (cure.signature) {
        form.append('signatureName', cure.signature.name);
        if (cure.signature.attested) form.append('signatureAttested', 'true');
      }
      for (const d of cure.documents) form.append(d.deficiency, d.data, d.name);
      const response = await request('POST', API_PATHS.claimCure, { form, ...(culture ? { query: { culture } } : {}) });
      if (!response) return fail(USER_MESSAGES.requestFailed, null);
      const body = await readJson(response);
      if (!response.ok) return refusal(response.status, isRecord(body) ? body : {});
      if (!(await checks)?.isClaimCureAnswer(body)) return fail(USER_MESSAGES.requestFailed, response.status);
      return { ok: true, data: body, status: response.status };
    },

    async addCureDocument(referenceCode, deficiency, file, culture, onProgress = () => {}) {
      const checks = loadClaimChecks();
      // The reference code first: the server checks the claim before it receives the file.
      const form = new FormData();
      form.append('referenceCode', referenceCode);
      form.append(deficiency, file.data, file.name);
      const answer = await sendUpload(API_PATHS.cureDocuments, form, culture, file.data.size, onProgress);
      if (!answer) return fail(USER_MESSAGES.uploadFailed, null);
      if (answer.status === 201 && (await checks)?.isCureUpload(answer.body)) return { ok: true, data: answer.body, status: answer.status };
      return uploadRefusal(answer.status, answer.body);
    },

    async removeCureDocument(referenceCode, id) {
      const response = await request('DELETE', `${API_PATHS.cureDocuments}/${id}`, { query: { referenceCode } });
      if (!response) return fail(USER_MESSAGES.requestFailed, null);
      if (!response.ok) return fail(USER_MESSAGES.requestFailed, response.status);
      return { ok: true, data: null, status: response.status };
    },

    async saveCureProgress(progress, culture, leaving) {
      const checks = loadClaimChecks();
      const response = await request('POST', API_PATHS.cureProgress, { ...sentLeaving(leaving, progress), ...(culture ? { query: { culture } } : {}) });
      if (!response) return fail(USER_MESSAGES.saveFailed, null);
      const body = await readJson(response);
      if (!response.ok) return refusal(response.status, isRecord(body) ? body : {}, USER_MESSAGES.saveFailed);
      if (!(await checks)?.isCureProgress(body)) return fail(USER_MESSAGES.saveFailed, response.status);
      return { ok: true, data: body, status: response.status };
    },

    async addDocument(formType, file, culture, onProgress = () => {}) {
      const { endpoint } = endpointOf(formType, 'submit');
      if (!csrfToken()) throw devError('CSRF_NOT_INITIALIZED');
      const checks = loadClaimChecks();
      const form = new FormData();
      form.append(file.clientId, file.data instanceof Blob ? file.data : new Blob([file.data as Uint8Array<ArrayBuffer>], { type: file.type }), file.name);
      const answer = await sendUpload(`${endpoint}${DRAFT_DOCUMENTS_SUFFIX}`, form, culture, file.size, onProgress);
      if (!answer) return fail(USER_MESSAGES.uploadFailed, null);
      if (answer.status === 201 && (await checks)?.isStoredDocument(answer.body)) return { ok: true, data: answer.body, status: answer.status };
      return uploadRefusal(answer.status, answer.body);
    },

    async removeDocument(formType, id) {
      const { endpoint } = endpointOf(formType, 'submit');
      const response = await request('DELETE', `${endpoint}${DRAFT_DOCUMENTS_SUFFIX}/${id}`);
      if (!response) return fail(USER_MESSAGES.requestFailed, null);
      if (!response.ok) return fail(USER_MESSAGES.requestFailed, response.status);
      return { ok: true, data: null, status: response.status };
    },

    async getSignatureDate(culture) {
      // The request does not wait for the checks: they load while it is under way.
      const checks = loadClaimChecks();
      const result = await getJson(
        API_PATHS.signatureDate,
        USER_MESSAGES.requestFailed,
        async (b) => ((await checks)?.isSignatureDateAnswer(b) ? b : undefined),
        { query: { culture } },
      );
      return result as ApiResult<SignatureDateInfo>;
    },

    async submit(formType, payload) {
      const { endpoint, method } = endpointOf(formType, 'submit');
      // Imported when a claim is sent: the multipart code (and the payload checks it shares with
      // the server) is not on a form's start page; the app loads it in idle time before the submit.
      const [multipart, checks] = await Promise.all([import('../payload/multipart').catch(() => null), loadClaimChecks()]);
      if (!multipart || !checks) return fail<SubmitResponse>(USER_MESSAGES.submitFailed, null); // not loaded: offline, as no answer
      const form = multipart.payloadToFormData(payload);
      const trap = options.honeypot?.();
      if (trap) form.append(HONEYPOT_FIELD, trap);
      // The culture in the address too: a refusal before the body is read (the database down, a
      // session that cannot be read) is told in the claimant's language.
      const response = await request(method, endpoint, { form, query: { culture: payload.userPreferredCulture } });
      if (!response) return fail<SubmitResponse>(USER_MESSAGES.submitFailed, null);
      const json = await readJson(response);
      const answer = isRecord(json) ? json : {};
      // 400; 409 (already filed, or refused by the settlement's duplicate policy); 413 (documents
      // over the size or count limits); and any other refusal (401 the session ended, 429 too many)
      // or 503 (nothing was saved, try again later) with the server's text: the server's message
      // tells the claimant what to do.
      const told = (response.status === 503 || (response.status >= 400 && response.status < 500)) && textOrNull(answer.error) !== null;
      if (response.status === 400 || response.status === 409 || response.status === 413 || told) {
        const error = textOrNull(answer.error);
        const code = textOrNull(answer.code);
        const filedReferenceCode = textOrNull(answer.filedReferenceCode);
        const fieldErrors = submitFieldErrors(answer.fieldErrors);
        const refused: SubmitResponse = {
          submitted: false,
          error,
          referenceCodeForm: null,
          ...(code !== null ? { code } : {}),
          ...(filedReferenceCode !== null ? { filedReferenceCode } : {}),
          ...(fieldErrors.length ? { fieldErrors } : {}),
        };
        if (error === null) return { ...fail<SubmitResponse>(USER_MESSAGES.submitFailed, response.status), response: refused };
        return { ok: false, error, errorKey: null, status: response.status, ...(code !== null ? { code } : {}), response: refused };
      }
      if (!response.ok || !isRecord(json)) return fail<SubmitResponse>(USER_MESSAGES.submitFailed, response.status);
      // An answer without its reference code (or not the contract's at all) after a 2xx: the claim
      // may be stored, so the claimant is told to ask, not to send it again.
      if (!checks.isSubmitAnswer(json) || !json.referenceCodeForm) {
        return { ...fail<SubmitResponse>(USER_MESSAGES.missingReferenceCode, response.status), response: { submitted: true, error: textOrNull(answer.error), referenceCodeForm: null } };
      }
      const { submitted, error, referenceCodeForm, receiptQueued, receiptAddress } = json;
      const data: SubmitResponse = { submitted, error, referenceCodeForm, ...(receiptQueued === true ? { receiptQueued, ...(receiptAddress !== undefined ? { receiptAddress } : {}) } : {}) };
      return { ok: true, data, status: response.status };
    },
  };
}
