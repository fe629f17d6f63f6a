/** The API client's calls for the claim in progress: saveDraft, loadDraft, keepAlive, and the session expiry it remembers. */
import { describe, expect, it } from 'vitest';
import { createApiClient, type FormEndpoints } from '../../../runtime/core/api';
import { DevError } from '../../../runtime/core/errors';
import type { FormModel } from '../../../runtime/core/types';

interface Call {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: BodyInit | null | undefined;
  keepalive: boolean | undefined;
}

/** A fake fetch answering by "METHOD path" and recording every call. */
function fakeFetch(routes: Record<string, Response | 'network-error'>) {
  const calls: Call[] = [];
  const fetchFn = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    calls.push({ url, method, headers: (init?.headers ?? {}) as Record<string, string>, body: init?.body, keepalive: init?.keepalive });
    const reply = routes[`${method} ${url}`];
    if (reply === undefined) return new Response('not found', { status: 404 });
    if (reply === 'network-error') throw new TypeError('fetch failed');
    return reply.clone();
  }) as typeof fetch;
  return { fetchFn, calls };
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const ENDPOINTS: FormEndpoints = {
  Automotive: { authorize: { endpoint: '/api/forms/automotive/authorize', method: 'POST' }, submit: { endpoint: '/api/forms/automotive', method: 'POST' } },
  Lookup: { authorize: { endpoint: '/api/forms/lookup/authorize', method: 'POST' } },
};
const CSRF = { requestHeaderName: 'X-CSRF-TOKEN', requestToken: 'tok-123' };
const claimant: FormModel = { id: null, clientId: 'cla0000001aaaaaaaa', metadata: { formType: 'Automotive', dtoMapping: 'claimantInfo' }, metadataHash: 'h', fields: { firstName: 'María' } };
const SAVED = { savedAt: '2026-11-25T12:00:00.000Z', expiresAt: '2026-12-25T12:00:00.000Z', sessionExpiresAt: '2026-11-25T12:30:00.000Z' };

function client(routes: Record<string, Response | 'network-error'>, csrf: typeof CSRF | null = CSRF) {
  const fake = fakeFetch(routes);
  return { api: createApiClient({ fetch: fake.fetchFn, endpoints: ENDPOINTS, csrf }), calls: fake.calls };
}

describe('saveDraft', () => {
  it('PUTs the page and its answers as JSON to the submit endpoint + /draft, with the CSRF header, and remembers the session expiry', async () => {
    const { api, calls } = client({ 'PUT /api/forms/automotive/draft': json(SAVED) });
    const result = await api.saveDraft('Automotive', 'claimant-info', [claimant]);
    expect(result).toEqual({ ok: true, data: SAVED, status: 200 });
    expect(calls[0]!.headers).toMatchObject({ 'X-CSRF-TOKEN': 'tok-123', 'Content-Type': 'application/json' });
    expect(JSON.parse(String(calls[0]!.body))).toEqual({ pageId: 'claimant-info', models: [claimant] });
    expect(api.sessionExpiresAt()).toBe(SAVED.sessionExpiresAt);
  });

  it('sends a save made as the claimant leaves the page so that it outlives the page (keepalive), unless it is over the browser\'s 64 KB limit for that', async () => {
    const { api, calls } = client({ 'PUT /api/forms/automotive/draft': json(SAVED) });
    await api.saveDraft('Automotive', 'claimant-info', [claimant], { unfinished: true });
    await api.saveDraft('Automotive', 'claimant-info', [claimant], { unfinished: true, leaving: true });
    // Text counts by its bytes: 22,000 "é" are 44,000 bytes; one such answer fits, two do not.
    const long = (n: number): FormModel => ({ ...claimant, clientId: `cla000000${n}aaaaaaaa`, fields: { firstName: 'é'.repeat(22_000) } });
    await api.saveDraft('Automotive', 'claimant-info', [long(1)], { unfinished: true, leaving: true });
    await api.saveDraft('Automotive', 'claimant-info', [long(1), long(2)], { unfinished: true, leaving: true });
    expect(calls.map((c) => c.keepalive)).toEqual([undefined, true, true, undefined]);
    // Each is the same save otherwise.
    expect(calls.map((c) => JSON.parse(String(c.body)).unfinished)).toEqual([true, true, true, true]);
  });

  it("returns the server's refusal text (page and field) with each field it names, and the save-failed message when there is none", async () => {
    const fieldErrors = [{ pageId: 'claimant-info', fieldId: 'claimantInfo-firstName', message: 'First Name: required' }];
    const refusal = { error: 'Some answers need your attention: Your Contact Information — First Name: required', code: 'VALIDATION_FAILED', fieldErrors };
    const refused = await client({ 'PUT /api/forms/automotive/draft': json(refusal, 400) }).api.saveDraft('Automotive', 'claimant-info', [claimant]);
    // The server's code comes with its text: the page tells what the claimant corrects from what it only says.
    expect(refused).toEqual({ ok: false, error: refusal.error, errorKey: null, status: 400, code: refusal.code, fieldErrors });

    // Not stored and not the claimant's to correct: the answers are kept on the page, to be saved again.
    const broken = await client({ 'PUT /api/forms/automotive/draft': new Response('oops', { status: 500 }) }).api.saveDraft('Automotive', 'p', []);
    expect(broken).toMatchObject({ ok: false, errorKey: 'LocKey_Error_SaveFailed', status: 500 });
    const offline = await client({ 'PUT /api/forms/automotive/draft': 'network-error' }).api.saveDraft('Automotive', 'p', []);
    expect(offline).toMatchObject({ ok: false, errorKey: 'LocKey_Error_SaveFailed', status: null });
    const malformed = await client({ 'PUT /api/forms/automotive/draft': json({ savedAt: 1 }) }).api.saveDraft('Automotive', 'p', []);
    expect(malformed).toMatchObject({ ok: false, errorKey: 'LocKey_Error_SaveFailed', status: 200 });
  });

  it("asks for the server's texts in the claimant's language", async () => {
    const { api, calls } = client({ 'PUT /api/forms/automotive/draft?culture=es': json(SAVED) });
    expect(await api.saveDraft('Automotive', 'claimant-info', [claimant], { culture: 'es' })).toMatchObject({ ok: true });
    expect(new URL(calls[0]!.url, 'http://127.0.0.1').searchParams.get('culture')).toBe('es');
  });

  it('is a developer error for a form without a submit call, or before the CSRF token', async () => {
    await expect(client({}).api.saveDraft('Lookup', 'lookup', [])).rejects.toBeInstanceOf(DevError);
    await expect(client({}, null).api.saveDraft('Automotive', 'p', [])).rejects.toBeInstanceOf(DevError);
  });
});

describe('loadDraft', () => {
  it('GETs the claim in progress with what authorize prefilled; an empty one (nothing saved yet) is draft null, the prefill and the sign-in answers kept', async () => {
    const stored = { id: 7, clientId: 'doc0000001aaaaaaaa', name: 'invoice.pdf', size: 1200, type: 'application/pdf' };
    const draft = { pageId: 'repairs', pageUnfinished: true, models: [claimant], openRecords: [], savedAt: SAVED.savedAt, expiresAt: SAVED.expiresAt, documents: [stored] };
    const prepopulatedData = { FirstName: 'María' };
    const credentials = { vin: '5EXMA1B20HC000101', noticeId: 'EXM-100001' };
    const { api, calls } = client({ 'GET /api/forms/automotive/draft': json({ ...draft, prepopulatedData, credentials }) });
    expect(await api.loadDraft('Automotive')).toEqual({ ok: true, data: { draft, prepopulatedData, credentials: null }, status: 200 });
    expect(calls[0]!.headers['X-CSRF-TOKEN']).toBeUndefined();

    const empty = { pageId: null, pageUnfinished: false, models: [], openRecords: [], savedAt: null, expiresAt: null, documents: [] };
    const none = await client({ 'GET /api/forms/automotive/draft': json({ ...empty, prepopulatedData, credentials }) }).api.loadDraft('Automotive');
    expect(none).toEqual({ ok: true, data: { draft: null, prepopulatedData, credentials }, status: 200 });
    const nothing = await client({ 'GET /api/forms/automotive/draft': json({ ...empty, prepopulatedData: null, credentials: {} }) }).api.loadDraft('Automotive');
    expect(nothing).toEqual({ ok: true, data: { draft: null, prepopulatedData: null, credentials: {} }, status: 200 });
  });

  it("returns the server's text when the session is not authorized, and a failure for a malformed answer", async () => {
    const expired = await client({ 'GET /api/forms/automotive/draft': json({ error: 'Your session has expired.', code: 'NOT_AUTHORIZED' }, 401) }).api.loadDraft('Automotive');
    expect(expired).toEqual({ ok: false, error: 'Your session has expired.', errorKey: null, status: 401 });
    const malformed = await client({ 'GET /api/forms/automotive/draft': json({ pageId: 'p' }) }).api.loadDraft('Automotive');
    expect(malformed).toMatchObject({ ok: false, errorKey: 'LocKey_Error_RequestFailed' });
  });
});

describe('addDocument and removeDocument', () => {
  const file = { clientId: 'doc0000001aaaaaaaa', name: 'invoice.pdf', size: 4, type: 'application/pdf', data: new Uint8Array([37, 80, 68, 70]) };
  const stored = { id: 7, clientId: file.clientId, name: 'invoice.pdf', size: 4, type: 'application/pdf' };

  it('POSTs the file as a part named by its document context, with the CSRF header, through the upload transport that tells progress', async () => {
    const sent: Array<{ url: string; headers: Record<string, string>; part: File | null }> = [];
    const progress: number[] = [];
    const api = createApiClient({
      fetch: fakeFetch({}).fetchFn,
      endpoints: ENDPOINTS,
      csrf: CSRF,
      upload: async ({ url, headers, body, onProgress }) => {
        sent.push({ url, headers, part: body.get(file.clientId) as File | null });
        onProgress(2, 4);
        onProgress(4, 4);
        return { status: 201, body: stored };
      },
    });
    expect(await api.addDocument('Automotive', file, 'es', (done) => progress.push(done))).toEqual({ ok: true, data: stored, status: 201 });
    expect(sent[0]!.url).toBe('/api/forms/automotive/draft/documents?culture=es');
    expect(sent[0]!.headers['X-CSRF-TOKEN']).toBe('tok-123');
    expect(sent[0]!.part?.name).toBe('invoice.pdf');
    expect(progress).toEqual([2, 4]);
  });

  it("answers a refusal with the server's text naming the document, and no answer as a failed upload", async () => {
    const refusal = { error: 'The document "invoice.pdf" is not a PDF, JPEG, PNG, HEIC or TIFF file. Please upload one of those types.', code: 'FILE_TYPE_NOT_ALLOWED' };
    const refused = await client({ 'POST /api/forms/automotive/draft/documents?culture=en': json(refusal, 400) }).api.addDocument('Automotive', file, 'en');
    expect(refused).toEqual({ ok: false, error: refusal.error, errorKey: null, status: 400, code: 'FILE_TYPE_NOT_ALLOWED' });
    const offline = await client({ 'POST /api/forms/automotive/draft/documents?culture=en': 'network-error' }).api.addDocument('Automotive', file, 'en');
    expect(offline).toMatchObject({ ok: false, errorKey: 'LocKey_Documents_UploadFailed', status: null });
  });

  it('DELETEs a stored document by its id with the CSRF header', async () => {
    const { api, calls } = client({ 'DELETE /api/forms/automotive/draft/documents/7': new Response(null, { status: 204 }) });
    expect(await api.removeDocument('Automotive', 7)).toEqual({ ok: true, data: null, status: 204 });
    expect(calls[0]!.headers['X-CSRF-TOKEN']).toBe('tok-123');
  });
});

describe('keepAlive and the session expiry', () => {
  it('POSTs the keep-alive with the CSRF header and remembers the expiry it answers', async () => {
    const { api, calls } = client({ 'POST /api/session/keep-alive': json({ sessionExpiresAt: '2026-11-25T13:00:00.000Z' }) });
    expect(api.sessionExpiresAt()).toBeNull();
    expect(await api.keepAlive()).toEqual({ ok: true, data: { sessionExpiresAt: '2026-11-25T13:00:00.000Z' }, status: 200 });
    expect(calls[0]!.headers['X-CSRF-TOKEN']).toBe('tok-123');
    expect(api.sessionExpiresAt()).toBe('2026-11-25T13:00:00.000Z');
  });

  it('reports a refused or unanswered keep-alive with the generic message, keeping the last expiry', async () => {
    const { api } = client({ 'POST /api/session/keep-alive': json({ error: 'Your session has expired.', code: 'CSRF_INVALID' }, 403) });
    expect(await api.keepAlive()).toMatchObject({ ok: false, status: 403, errorKey: 'LocKey_Error_Generic' });
    expect(api.sessionExpiresAt()).toBeNull();
  });

  it('takes the expiry from the csrf answer', async () => {
    const { api } = client({ 'GET /api/csrf': json({ ...CSRF, sessionExpiresAt: '2026-11-25T12:30:00.000Z' }) }, null);
    await api.getCsrf();
    expect(api.sessionExpiresAt()).toBe('2026-11-25T12:30:00.000Z');
  });

  it("tells the expiry in this browser's clock when the answer's Date header shows the clocks differ", async () => {
    // The server's clock is 10 minutes behind this one.
    const serverNow = new Date(Date.now() - 10 * 60_000);
    const expiry = new Date(serverNow.getTime() + 30 * 60_000);
    const answer = new Response(JSON.stringify({ sessionExpiresAt: expiry.toISOString() }), { headers: { 'Content-Type': 'application/json', Date: serverNow.toUTCString() } });
    const { api } = client({ 'POST /api/session/keep-alive': answer });
    await api.keepAlive();
    const local = Date.parse(api.sessionExpiresAt()!);
    // Date headers are whole seconds.
    expect(Math.abs(local - (Date.now() + 30 * 60_000))).toBeLessThan(2_000);
  });
});

describe('saveForLater and checkResumeCode', () => {
  const LATER = { code: 'K7QX-2M9P-R4TD', link: 'https://claims.example/resume/K7QX-2M9P-R4TD', emailKnown: true, emailAddress: 'ma•••@example.com', savedAt: SAVED.savedAt, expiresAt: SAVED.expiresAt };

  it('POSTs the page and its answers to …/draft/later with the CSRF header and answers the resume code; a refusal carries the server text', async () => {
    const { api, calls } = client({ 'POST /api/forms/automotive/draft/later': json(LATER) });
    expect(await api.saveForLater('Automotive', 'eligibility', [claimant])).toEqual({ ok: true, data: LATER, status: 200 });
    expect(calls[0]!.headers).toMatchObject({ 'X-CSRF-TOKEN': 'tok-123' });
    expect(JSON.parse(String(calls[0]!.body))).toEqual({ pageId: 'eligibility', models: [claimant] });

    const refusal = { error: 'Some answers need your attention: Eligibility — Date: enter a real date', code: 'VALIDATION_FAILED' };
    const refused = await client({ 'POST /api/forms/automotive/draft/later': json(refusal, 400) }).api.saveForLater('Automotive', 'eligibility', []);
    expect(refused).toEqual({ ok: false, error: refusal.error, errorKey: null, status: 400, code: refusal.code });
  });

  it('asks which form a code opens; an unknown code answers the server text', async () => {
    const { api, calls } = client({ 'POST /api/forms/resume?culture=es': json({ formType: 'Automotive', expiresAt: SAVED.expiresAt }) });
    expect(await api.checkResumeCode('k7qx 2m9p r4td', 'es')).toEqual({ ok: true, data: { formType: 'Automotive', expiresAt: SAVED.expiresAt }, status: 200 });
    expect(JSON.parse(String(calls[0]!.body))).toEqual({ code: 'k7qx 2m9p r4td' });
    const unknown = { error: 'We could not find a saved claim with this resume code.', code: 'RESUME_CODE_UNKNOWN' };
    expect(await client({ 'POST /api/forms/resume': json(unknown, 404) }).api.checkResumeCode('AAAA-BBBB-CCCC')).toEqual({ ok: false, error: unknown.error, errorKey: null, status: 404, code: unknown.code });
  });
});
