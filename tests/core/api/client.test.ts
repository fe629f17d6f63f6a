import { describe, expect, it } from 'vitest';
import { answerOrThrow, ApiCallError, createApiClient, endpointsFromFlows, parseAllowedCharacters, type FormEndpoints } from '../../../runtime/core/api';
import { DevError } from '../../../runtime/core/errors';
import type { AuthorizeRequest, FormModel, SubmissionPayload } from '../../../runtime/core/types';

interface Call {
  url: string;
  method: string;
  headers: Record<string, string>;
  credentials: RequestCredentials | undefined;
  body: BodyInit | null | undefined;
}

type Reply = Response | (() => Response) | 'network-error';

/** A fake fetch: answers by "METHOD path" (path without query) and records every call. */
function fakeFetch(routes: Record<string, Reply>) {
  const calls: Call[] = [];
  const fetchFn = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    calls.push({ url, method, headers: (init?.headers ?? {}) as Record<string, string>, credentials: init?.credentials, body: init?.body });
    const reply = routes[`${method} ${url.split('?')[0]}`];
    if (reply === undefined) return new Response('not found', { status: 404 });
    if (reply === 'network-error') throw new TypeError('fetch failed');
    return typeof reply === 'function' ? reply() : reply.clone();
  }) as typeof fetch;
  return { fetchFn, calls };
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const ENDPOINTS: FormEndpoints = {
  Automotive: { authorize: { endpoint: '/api/forms/automotive/authorize', method: 'POST' }, submit: { endpoint: '/api/forms/automotive', method: 'POST' } },
  Lookup: { authorize: { endpoint: '/api/forms/lookup/authorize', method: 'POST' } },
};
const CSRF = { requestHeaderName: 'X-CSRF-TOKEN', requestToken: 'tok-123' };
/** GET /api/csrf's answer: the token and when the session ends without activity. */
const csrfAnswer = (token: { requestHeaderName: string; requestToken: string }) => json({ ...token, sessionExpiresAt: '2026-11-25T12:30:00.000Z' });

const credentials: FormModel = {
  id: null,
  clientId: 'clm0000001aaaaaaaa',
  metadata: { formType: 'Automotive', dtoMapping: 'credentials' },
  metadataHash: 'h',
  fields: { vin: '5EXMA1B20HC000101' },
};
const authRequest: AuthorizeRequest = { credentials, reCaptchaResponse: 'captcha-token' };

const payload: SubmissionPayload = {
  reCaptchaResponse: 'tok',
  userPreferredCulture: 'en',
  captchaRawValue: null,
  documents: [{ clientId: 'doc0000002bbbbbbbb', name: 'invoice.pdf', size: 3, type: 'application/pdf', data: new Uint8Array([1, 2, 3]) }],
  signature: null,
  claimantInfo: null,
  credentials,
  claimDetails: null,
  prepopulatedData: [],
  documentContexts: [],
  claimTransactions: [],
};

function client(routes: Record<string, Reply>, csrf: typeof CSRF | null = CSRF, endpoints: FormEndpoints = ENDPOINTS) {
  const fake = fakeFetch(routes);
  return { api: createApiClient({ fetch: fake.fetchFn, endpoints, csrf }), calls: fake.calls };
}

async function expectDevError(promise: Promise<unknown>, code: string, message: string) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DevError);
  expect((error as DevError).code).toBe(code);
  expect((error as DevError).message).toBe(message);
}

describe('the csrf call', () => {
  it('keeps the token and header name the server sends', async () => {
    const { api, calls } = client({ 'GET /api/csrf': csrfAnswer(CSRF) }, null);
    expect(api.csrfToken()).toBeNull();
    expect(await api.getCsrf()).toEqual({ ok: true, data: CSRF, status: 200 });
    expect(api.csrfToken()).toEqual(CSRF);
    expect(calls[0]!.credentials).toBe('same-origin');
  });

  it('ignores a 403 silently', async () => {
    const { api } = client({ 'GET /api/csrf': new Response('', { status: 403 }) }, null);
    expect(await api.getCsrf()).toEqual({ ok: true, data: null, status: 403 });
    expect(api.csrfToken()).toBeNull();
  });

  it("reads the page's early request once, then asks the network", async () => {
    const early = { requestHeaderName: 'X-CSRF-TOKEN', requestToken: 'early-tok' };
    const fake = fakeFetch({ 'GET /api/csrf': csrfAnswer(CSRF) });
    const api = createApiClient({ fetch: fake.fetchFn, endpoints: ENDPOINTS, earlyCsrf: Promise.resolve(csrfAnswer(early)) });
    expect(await api.getCsrf()).toEqual({ ok: true, data: early, status: 200 });
    expect(api.csrfToken()).toEqual(early);
    expect(fake.calls).toEqual([]);
    // After a session ends the app asks again: that goes to the server.
    expect(await api.getCsrf()).toEqual({ ok: true, data: CSRF, status: 200 });
    expect(fake.calls.map((c) => c.url)).toEqual(['/api/csrf']);
  });

  it('asks the network when the early request got no response', async () => {
    const fake = fakeFetch({ 'GET /api/csrf': csrfAnswer(CSRF) });
    const api = createApiClient({ fetch: fake.fetchFn, endpoints: ENDPOINTS, earlyCsrf: Promise.resolve(null) });
    expect(await api.getCsrf()).toEqual({ ok: true, data: CSRF, status: 200 });
    expect(fake.calls.map((c) => c.url)).toEqual(['/api/csrf']);
  });

  it('reports other failures with the generic message and the developer detail', async () => {
    const { api } = client({ 'GET /api/csrf': new Response('', { status: 500 }) }, null);
    expect(await api.getCsrf()).toEqual({
      ok: false,
      error: 'A problem has occured during your submission. Please try again. If this problem persists, please contact the Settlement Administrator using the information below.',
      errorKey: 'LocKey_Error_Generic',
      status: 500,
      detail: 'An error occured while fetching csrf token',
    });
  });
});

describe('unsafe calls', () => {
  it('carry the csrf header named by the csrf response', async () => {
    const { api, calls } = client({ 'POST /api/session-timeout': new Response(null, { status: 204 }) });
    expect(await api.sessionTimeout()).toEqual({ ok: true, data: null, status: 204 });
    expect(calls[0]!.headers['X-CSRF-TOKEN']).toBe('tok-123');
    expect(calls[0]!.method).toBe('POST');
  });

  it('refuse to run before the csrf token is initialised', async () => {
    const { api, calls } = client({}, null);
    await expectDevError(api.sessionTimeout(), 'CSRF_NOT_INITIALIZED', 'Csrf protection must be initialized before unsafe methods can be called');
    await expectDevError(api.submit('Automotive', payload), 'CSRF_NOT_INITIALIZED', 'Csrf protection must be initialized before unsafe methods can be called');
    await expectDevError(api.authorize('Automotive', authRequest), 'CSRF_NOT_INITIALIZED', 'Csrf protection must be initialized before unsafe methods can be called');
    expect(calls).toEqual([]);
  });

  it('take their endpoint and method from the per-form-type map', async () => {
    const { api } = client({}, CSRF, { Lookup: { authorize: { endpoint: '/api/forms/lookup/authorize' } } });
    await expectDevError(api.authorize('Exclusion', authRequest), 'NO_ENDPOINT', 'No endpoint found for formType Exclusion');
    await expectDevError(api.submit('Lookup', payload), 'NO_ENDPOINT', 'No endpoint found for formType Lookup');
    await expectDevError(api.authorize('Lookup', authRequest), 'NO_HTTP_VERB', 'No httpverb found for formType Lookup');
  });

  it('read the endpoint map from flow files', () => {
    expect(
      endpointsFromFlows([
        { formType: 'Lookup', authorize: { endpoint: '/api/forms/lookup/authorize', method: 'POST' } },
        { formType: 'Exclusion', authorize: { endpoint: '/a', method: 'POST' }, submit: { endpoint: '/s', method: 'POST' } },
      ]),
    ).toEqual({
      Lookup: { authorize: { endpoint: '/api/forms/lookup/authorize', method: 'POST' } },
      Exclusion: { authorize: { endpoint: '/a', method: 'POST' }, submit: { endpoint: '/s', method: 'POST' } },
    });
  });
});

describe('configuration calls', () => {
  const config = [{ metadataHash: 'h', metadata: { formType: 'Lookup', dtoMapping: 'Credentials' }, fields: { vin: { dataType: 'string', validations: [] } } }];

  it('return the accepted model configs', async () => {
    const { api, calls } = client({ 'GET /api/forms/config': json(config) });
    expect(await api.getFormsConfig()).toEqual({ ok: true, data: config, status: 200 });
    expect(calls[0]!.url).toBe('/api/forms/config');
  });

  it('reject a model config that lacks its parts', async () => {
    const { api } = client({ 'GET /api/forms/config': json([{ metadataHash: 'h', fields: {} }]) });
    await expectDevError(api.getFormsConfig(), 'MODEL_CONFIG_REJECTED', 'Model config rejected: entry 0 has no metadata.dtoMapping');
  });

  it('treat a 403 on the config or the whitelist as not available', async () => {
    const forbidden = () => new Response('', { status: 403 });
    const { api } = client({ 'GET /api/forms/config': forbidden, 'GET /api/characters-whitelist': forbidden });
    expect(await api.getFormsConfig()).toEqual({ ok: true, data: null, status: 403 });
    expect(await api.getCharactersWhitelist()).toEqual({ ok: true, data: null, status: 403 });
  });

  it('report a config or signature-date failure as a failed request', async () => {
    const { api } = client({ 'GET /api/forms/config': new Response('', { status: 500 }), 'GET /api/signature-date': 'network-error' });
    const failed = { ok: false, error: 'Your request failed. Please reload and try again.', errorKey: 'LocKey_Error_RequestFailed' };
    expect(await api.getFormsConfig()).toEqual({ ...failed, status: 500 });
    expect(await api.getSignatureDate('en')).toEqual({ ...failed, status: null });
  });

  it('ask the signature date and content for a culture', async () => {
    const { api, calls } = client({
      'GET /api/signature-date': json({ signatureDate: '11/25/2026', display: 'November 25, 2026' }),
      'GET /api/culture/content': json([{ key: 'LocKey_Title', value: 'Título' }]),
    });
    expect(await api.getSignatureDate('es')).toEqual({ ok: true, data: { signatureDate: '11/25/2026', display: 'November 25, 2026' }, status: 200 });
    expect(await api.getCultureContent('es')).toEqual({ ok: true, data: [{ key: 'LocKey_Title', value: 'Título' }], status: 200 });
    expect(calls.map((c) => c.url)).toEqual(['/api/signature-date?culture=es', '/api/culture/content?culture=es']);
  });

  it('parse the whitelist JSON string into the allowed characters', async () => {
    const { api } = client({ 'GET /api/characters-whitelist': json({ allowedCharacters: JSON.stringify(['ABC', 'abc', 'a1 ']) }) });
    expect(await api.getCharactersWhitelist()).toEqual({ ok: true, data: 'ABCabc1 ', status: 200 });
    expect(parseAllowedCharacters(JSON.stringify('xyz'))).toBe('xyz');
    expect(parseAllowedCharacters('not json')).toBeNull();
  });

  it('report a whitelist failure as "Could not get allowed characters"', async () => {
    const { api } = client({ 'GET /api/characters-whitelist': new Response('', { status: 500 }) });
    expect(await api.getCharactersWhitelist()).toEqual({
      ok: false,
      error: 'Could not get allowed characters',
      errorKey: 'LocKey_Error_Whitelist',
      status: 500,
    });
  });

  it('return deadlines and the captcha config, the generic message on failure', async () => {
    const deadlines = { timeZone: 'Pacific', deadlines: { globalDeadline: { deadlineDateTime: '2027-12-31T23:59:59', redirectUrl: null } } };
    const captcha = { provider: 'recaptcha', siteKey: 'site', url: 'https://x/api.js', class: 'g-recaptcha' };
    const { api } = client({ 'GET /api/deadlines': json(deadlines), 'GET /api/captcha': json(captcha) });
    expect(await api.getDeadlines()).toEqual({ ok: true, data: deadlines, status: 200 });
    expect(await api.getCaptcha()).toEqual({ ok: true, data: captcha, status: 200 });
    const broken = client({ 'GET /api/captcha': new Response('', { status: 502 }) }).api;
    expect(await broken.getCaptcha()).toMatchObject({ ok: false, errorKey: 'LocKey_Error_Generic', detail: 'An error occured while fetching captcha token' });
    expect(await broken.getDeadlines()).toMatchObject({ ok: false, errorKey: 'LocKey_Error_Generic', status: 404 });
  });

  it('use an answer embedded in the page once, in place of the GET, and fetch what is missing or unusable', async () => {
    const deadlines = { timeZone: 'Pacific', deadlines: { globalDeadline: { deadlineDateTime: '2027-12-31T23:59:59', redirectUrl: null } } };
    const fetched = [{ key: 'LocKey_Title', value: 'fetched' }];
    const captcha = { provider: 'recaptcha', siteKey: 'net', url: 'https://x/api.js', class: 'g-recaptcha' };
    const fake = fakeFetch({ 'GET /api/deadlines': json({ deadlines: {} }), 'GET /api/culture/content': json(fetched), 'GET /api/captcha': json(captcha) });
    const preloaded = {
      '/api/deadlines': deadlines,
      '/api/culture/content?culture=es': [{ key: 'LocKey_Title', value: 'Título' }],
      '/api/captcha': { notACaptchaConfig: true },
    };
    const api = createApiClient({ fetch: fake.fetchFn, endpoints: {}, preloaded });
    expect(await api.getDeadlines()).toEqual({ ok: true, data: deadlines, status: 200 });
    expect(await api.getCultureContent('en')).toEqual({ ok: true, data: fetched, status: 200 });
    expect(await api.getCultureContent('es')).toEqual({ ok: true, data: [{ key: 'LocKey_Title', value: 'Título' }], status: 200 });
    expect(await api.getCaptcha()).toEqual({ ok: true, data: captcha, status: 200 });
    expect(fake.calls.map((c) => c.url)).toEqual(['/api/culture/content?culture=en', '/api/captcha']);
    // Used once: the next calls fetch.
    await api.getDeadlines();
    await api.getCultureContent('es');
    expect(fake.calls.map((c) => c.url).slice(2)).toEqual(['/api/deadlines', '/api/culture/content?culture=es']);
    expect(preloaded).toEqual({});
  });

  it('prefix paths with the base URL', async () => {
    const fake = fakeFetch({ 'GET https://claims.example/api/captcha': json({ provider: 'recaptcha', siteKey: 's', url: 'https://x/api.js', class: 'g-recaptcha' }) });
    const api = createApiClient({ fetch: fake.fetchFn, endpoints: {}, baseUrl: 'https://claims.example/' });
    expect((await api.getCaptcha()).ok).toBe(true);
  });

  it('check each answer against the API contract: one without what the contract requires is a failure, not data', async () => {
    const { api } = client({
      'GET /api/csrf': json(CSRF),
      'GET /api/captcha': json({ provider: 'some-other', siteKey: 's', url: 'https://x/api.js', class: 'g-recaptcha' }),
      'GET /api/signature-date': json({ signatureDate: '11/25/2026' }),
      'GET /api/culture/content': json([{ key: 'LocKey_Title' }]),
    }, null);
    expect(await api.getCsrf()).toMatchObject({ ok: false, errorKey: 'LocKey_Error_Generic', status: 200 });
    expect(api.csrfToken()).toBeNull();
    expect(await api.getCaptcha()).toMatchObject({ ok: false, errorKey: 'LocKey_Error_Generic', status: 200 });
    expect(await api.getSignatureDate('en')).toMatchObject({ ok: false, errorKey: 'LocKey_Error_RequestFailed', status: 200 });
    expect(await api.getCultureContent('en')).toMatchObject({ ok: false, errorKey: 'LocKey_Error_Generic', status: 200 });
  });
});

describe('the authorize call', () => {
  it('posts the credentials model and captcha as JSON with the csrf header', async () => {
    const answer = { authorized: true, error: null, captcha: 'raw', prepopulatedData: { FirstName: 'Maria' } };
    const { api, calls } = client({ 'POST /api/forms/automotive/authorize': json(answer) });
    expect(await api.authorize('Automotive', authRequest)).toEqual({ ok: true, data: answer, status: 200 });
    expect(JSON.parse(calls[0]!.body as string)).toEqual(authRequest);
    expect(calls[0]!.headers).toMatchObject({ 'X-CSRF-TOKEN': 'tok-123', 'Content-Type': 'application/json' });
    expect(calls[0]!.credentials).toBe('same-origin');
  });

  it('keeps a refusal of a form already filed: its code and, told to the claimant who filed it, the reference code', async () => {
    const error = 'You have already filed your claim; its reference code is AUT-7K2M9QX4P. Only one claim is accepted for each class member. To change it, contact the Settlement Administrator.';
    const answer = { authorized: false, error, captcha: null, prepopulatedData: null, code: 'ALREADY_FILED', referenceCode: 'AUT-7K2M9QX4P' };
    const { api } = client({ 'POST /api/forms/automotive/authorize': json(answer) });
    expect(await api.authorize('Automotive', authRequest)).toEqual({ ok: true, data: answer, status: 200 });
  });

  it('takes the token the authorize answer renews (the CSRF header) for the next unsafe calls', async () => {
    const answer = { authorized: true, error: null, captcha: 'raw', prepopulatedData: null };
    const renewed = new Response(JSON.stringify(answer), { status: 200, headers: { 'Content-Type': 'application/json', 'X-CSRF-TOKEN': 'tok-renewed' } });
    const { api, calls } = client({
      'POST /api/forms/automotive/authorize': renewed,
      'POST /api/forms/automotive': json({ submitted: true, error: null, referenceCodeForm: 'EXM-AUTO-0001' }),
      'GET /api/deadlines': json({ deadlines: {} }),
    });
    expect((await api.authorize('Automotive', authRequest)).ok).toBe(true);
    expect(calls[0]!.headers['X-CSRF-TOKEN']).toBe('tok-123');
    expect(api.csrfToken()).toEqual({ requestHeaderName: 'X-CSRF-TOKEN', requestToken: 'tok-renewed' });
    // An answer without the header keeps the token.
    await api.getDeadlines();
    expect((await api.submit('Automotive', payload)).ok).toBe(true);
    expect(calls[2]!.headers['X-CSRF-TOKEN']).toBe('tok-renewed');
  });

  it('gives authorized false with the server error on 400 and 401, or null', async () => {
    const { api } = client({
      'POST /api/forms/automotive/authorize': json({ error: 'The PIN does not match.', code: 'WRONG_PIN' }, 401),
      'POST /api/forms/lookup/authorize': new Response('', { status: 400 }),
    });
    const refused = await api.authorize('Automotive', authRequest);
    expect(refused).toMatchObject({ ok: false, status: 401, error: 'The PIN does not match.', errorKey: null });
    expect(answerOrThrow(refused)).toEqual({ authorized: false, error: 'The PIN does not match.', captcha: null, prepopulatedData: null, code: 'WRONG_PIN' });
    const empty = await api.authorize('Lookup', authRequest);
    expect(answerOrThrow(empty)).toEqual({ authorized: false, error: null, captcha: null, prepopulatedData: null });
  });

  it('gives authorized false with the server error on a 429 that has one (how long to wait), the generic message on one without', async () => {
    const wait = 'Too many incorrect PIN attempts. Please wait 7 min and try again, or contact the Settlement Administrator.';
    const { api } = client({
      'POST /api/forms/automotive/authorize': json({ authorized: false, error: wait, captcha: null, prepopulatedData: null, code: 'TOO_MANY_PIN_ATTEMPTS' }, 429),
      'POST /api/forms/lookup/authorize': new Response('Too Many Requests', { status: 429 }),
    });
    const locked = await api.authorize('Automotive', authRequest);
    expect(locked).toMatchObject({ ok: false, status: 429, error: wait, errorKey: null });
    expect(answerOrThrow(locked)).toEqual({ authorized: false, error: wait, captcha: null, prepopulatedData: null, code: 'TOO_MANY_PIN_ATTEMPTS' });
    const bare = await api.authorize('Lookup', authRequest);
    expect(bare).toMatchObject({ ok: false, status: 429, errorKey: 'LocKey_Error_Generic' });
    expect(() => answerOrThrow(bare)).toThrow(ApiCallError);
  });

  it('gives the generic message on any other failure', async () => {
    const { api } = client({ 'POST /api/forms/automotive/authorize': new Response('boom', { status: 500 }), 'POST /api/forms/lookup/authorize': 'network-error' });
    const failed = await api.authorize('Automotive', authRequest);
    expect(failed).toEqual({
      ok: false,
      error: 'A problem has occured during your submission. Please try again. If this problem persists, please contact the Settlement Administrator using the information below.',
      errorKey: 'LocKey_Error_Generic',
      status: 500,
    });
    expect(() => answerOrThrow(failed)).toThrow(ApiCallError);
    expect(await api.authorize('Lookup', authRequest)).toMatchObject({ ok: false, status: null, errorKey: 'LocKey_Error_Generic' });
  });
});

describe('the submit call', () => {
  it('sends the payload as multipart with the csrf header, leaving Content-Type to the runtime', async () => {
    const { api, calls } = client({ 'POST /api/forms/automotive': json({ submitted: true, error: null, referenceCodeForm: 'EXM-AUTO-0001' }) });
    expect(await api.submit('Automotive', payload)).toEqual({
      ok: true,
      data: { submitted: true, error: null, referenceCodeForm: 'EXM-AUTO-0001' },
      status: 200,
    });
    const call = calls[0]!;
    expect(call.headers['X-CSRF-TOKEN']).toBe('tok-123');
    expect(Object.keys(call.headers).map((h) => h.toLowerCase())).not.toContain('content-type');
    expect(call.body).toBeInstanceOf(FormData);
    const form = call.body as FormData;
    expect(form.get('userPreferredCulture')).toBe('en');
    expect(JSON.parse(form.get('credentials') as string)).toEqual(credentials);
    expect((form.get('doc0000002bbbbbbbb') as File).name).toBe('invoice.pdf');
  });

  it('reports a missing reference code with the LocKey_Validation_MissingReferenceCode message', async () => {
    const { api } = client({ 'POST /api/forms/automotive': json({ submitted: true, error: null }) });
    const result = await api.submit('Automotive', payload);
    expect(result).toMatchObject({
      ok: false,
      errorKey: 'LocKey_Validation_MissingReferenceCode',
      error: 'The submission was received without a reference code. Please contact the settlement administrator.',
      status: 200,
    });
    expect(answerOrThrow(result)).toEqual({ submitted: true, error: null, referenceCodeForm: null });
  });

  it('keeps where the server sends the e-mail receipt, when it sends one', async () => {
    const sending = client({ 'POST /api/forms/automotive': json({ submitted: true, error: null, referenceCodeForm: 'AUT-7K3Q9', receiptQueued: true, receiptAddress: 'ma•••@example.com' }) });
    expect(answerOrThrow(await sending.api.submit('Automotive', payload))).toEqual({ submitted: true, error: null, referenceCodeForm: 'AUT-7K3Q9', receiptQueued: true, receiptAddress: 'ma•••@example.com' });
    const none = client({ 'POST /api/forms/automotive': json({ submitted: true, error: null, referenceCodeForm: 'AUT-7K3Q9', receiptQueued: false }) });
    expect(answerOrThrow(await none.api.submit('Automotive', payload))).toEqual({ submitted: true, error: null, referenceCodeForm: 'AUT-7K3Q9' });
  });

  it('uses the body field error on 400', async () => {
    const { api } = client({ 'POST /api/forms/automotive': json({ submitted: false, error: 'The claim period has closed.' }, 400) });
    const result = await api.submit('Automotive', payload);
    expect(result).toMatchObject({ ok: false, status: 400, error: 'The claim period has closed.', errorKey: null });
    expect(answerOrThrow(result)).toEqual({ submitted: false, error: 'The claim period has closed.', referenceCodeForm: null });
  });

  it('uses the body field error on 409, a duplicate the settlement refuses', async () => {
    const error = 'A claim has already been filed for this class member, and only one is accepted.';
    const { api } = client({ 'POST /api/forms/automotive': json({ submitted: false, error, referenceCodeForm: null, code: 'DUPLICATE_CLAIM', filedReferenceCode: 'AUT-7' }, 409) });
    const result = await api.submit('Automotive', payload);
    expect(result).toMatchObject({ ok: false, status: 409, error, errorKey: null });
    // The reference code of the claim already filed comes with it.
    expect(answerOrThrow(result)).toEqual({ submitted: false, error, referenceCodeForm: null, code: 'DUPLICATE_CLAIM', filedReferenceCode: 'AUT-7' });
  });

  it('keeps the fields a page refuses in a 400, as the server names them', async () => {
    const error = 'Some answers need your attention: Review — Signature: not allowed.';
    const fieldErrors = [{ pageId: 'claim-summary', fieldId: 'signature-signature', message: 'not allowed.' }];
    const { api } = client({ 'POST /api/forms/automotive': json({ submitted: false, error, referenceCodeForm: null, code: 'VALIDATION_FAILED', fieldErrors: [...fieldErrors, { fieldId: 1 }] }, 400) });
    expect(answerOrThrow(await api.submit('Automotive', payload))).toEqual({ submitted: false, error, referenceCodeForm: null, code: 'VALIDATION_FAILED', fieldErrors });
  });

  it('uses the body field error on 413 too: it names the limit the documents broke', async () => {
    const error = 'A document is larger than the allowed size. Each document may be at most 10 MB; all documents together at most 50 MB.';
    const { api } = client({ 'POST /api/forms/automotive': json({ submitted: false, error, referenceCodeForm: null, code: 'FILE_TOO_LARGE' }, 413) });
    const result = await api.submit('Automotive', payload);
    expect(result).toMatchObject({ ok: false, status: 413, error, errorKey: null });
    // The server's code comes with it: the page tells what the claimant corrects from what it only says.
    expect(answerOrThrow(result)).toEqual({ submitted: false, error, referenceCodeForm: null, code: 'FILE_TOO_LARGE' });
  });

  it("names the claimant's culture in the address, so that a refusal before the body is read is in their language", async () => {
    const { api, calls } = client({ 'POST /api/forms/automotive': json({ submitted: true, error: null, referenceCodeForm: 'AUT-1' }) });
    await api.submit('Automotive', { ...payload, userPreferredCulture: 'es' });
    expect(new URL(calls.at(-1)?.url ?? '', 'http://x').searchParams.get('culture')).toBe('es');
  });

  it("takes a 503's text and code as the server's answer: nothing was saved, try again later", async () => {
    const error = 'The service is temporarily unavailable. Nothing was saved. Please try again in a few minutes.';
    const { api } = client({ 'POST /api/forms/automotive': json({ error, code: 'DATABASE_UNAVAILABLE' }, 503) });
    const result = await api.submit('Automotive', payload);
    expect(result).toMatchObject({ ok: false, status: 503, error, errorKey: null, code: 'DATABASE_UNAVAILABLE' });
    expect(answerOrThrow(result)).toEqual({ submitted: false, error, referenceCodeForm: null, code: 'DATABASE_UNAVAILABLE' });
  });

  it("takes a session that ended (401) with the server's text as its answer, told on the page", async () => {
    const error = 'Your session has expired. Please start again from the first page.';
    const { api } = client({ 'POST /api/forms/automotive': json({ submitted: false, error, referenceCodeForm: null, code: 'NOT_AUTHORIZED' }, 401) });
    expect(answerOrThrow(await api.submit('Automotive', payload))).toEqual({ submitted: false, error, referenceCodeForm: null, code: 'NOT_AUTHORIZED' });
  });

  it('gives the submit-failed message on any other failure', async () => {
    const failedText =
      'An error occured during your submission. Please try again. If this problem persists, please contact the settlement administrator at the email below.';
    const { api } = client({ 'POST /api/forms/automotive': new Response('', { status: 503 }) });
    expect(await api.submit('Automotive', payload)).toEqual({ ok: false, error: failedText, errorKey: 'LocKey_Error_SubmitFailed', status: 503 });
    const offline = client({ 'POST /api/forms/automotive': 'network-error' }).api;
    expect(await offline.submit('Automotive', payload)).toEqual({ ok: false, error: failedText, errorKey: 'LocKey_Error_SubmitFailed', status: null });
  });
});

describe('a document upload refused', () => {
  const unavailable = 'The document "receipt.pdf" could not be checked just now, so it was not saved. Please try again in a few minutes.';
  const file = { clientId: 'doc0000002bbbbbbbb', name: 'receipt.pdf', size: 3, type: 'application/pdf', data: new Uint8Array([1, 2, 3]) };

  it("takes the server's text and code of a 4xx or a 503, a claim's document and a cure's alike", async () => {
    for (const [status, code] of [
      [400, 'DOCUMENT_INFECTED'],
      [503, 'DOCUMENT_CHECK_UNAVAILABLE'],
    ] as const) {
      const { api } = client({ 'POST /api/forms/automotive/draft/documents': json({ error: unavailable, code }, status), 'POST /api/claims/cure/documents': json({ error: unavailable, code }, status) });
      expect(await api.addDocument('Automotive', file, 'en')).toEqual({ ok: false, error: unavailable, errorKey: null, status, code });
      expect(await api.addCureDocument('AUT-23456789X', 'missingProofOfPurchase', { name: 'receipt.pdf', data: new Blob(['%PDF']) }, 'en')).toEqual({ ok: false, error: unavailable, errorKey: null, status, code });
    }
  });

  it('reads any other answer as a failed upload', async () => {
    const { api } = client({ 'POST /api/forms/automotive/draft/documents': json({ error: 'internal' }, 500), 'POST /api/claims/cure/documents': new Response('', { status: 503 }) });
    expect(await api.addDocument('Automotive', file, 'en')).toMatchObject({ ok: false, errorKey: 'LocKey_Documents_UploadFailed', status: 500 });
    expect(await api.addCureDocument('AUT-23456789X', 'missingProofOfPurchase', { name: 'receipt.pdf', data: new Blob(['%PDF']) }, 'en')).toMatchObject({ ok: false, errorKey: 'LocKey_Documents_UploadFailed', status: 503 });
  });
});
