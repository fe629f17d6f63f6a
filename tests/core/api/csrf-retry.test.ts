/**
 * A second tab of the same browser authorizes: the session is rotated and its CSRF token renewed,
 * so the first tab's next unsafe call carries a stale token. The client reads the token again once
 * and sends the call once more (the session cookie is shared); other refusals are left as they are.
 */
import { describe, expect, it } from 'vitest';
import { createApiClient, TAB_HEADER, type FormEndpoints, type UploadTransport } from '../../../runtime/core/api';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const ENDPOINTS: FormEndpoints = {
  Automotive: { authorize: { endpoint: '/api/forms/automotive/authorize', method: 'POST' }, submit: { endpoint: '/api/forms/automotive', method: 'POST' } },
};
const STALE = { requestHeaderName: 'X-CSRF-TOKEN', requestToken: 'stale' };
const SAVED = { savedAt: '2026-11-25T12:00:00.000Z', expiresAt: '2026-12-25T12:00:00.000Z', sessionExpiresAt: '2026-11-25T12:30:00.000Z' };
const REFUSED = { error: 'Your session has expired. Please reload the page.', code: 'CSRF_INVALID' };

/** A fake server whose session token is `current`: unsafe calls with another token get 403 CSRF_INVALID. */
function fakeServer(current: string, refusal = REFUSED) {
  const calls: Array<{ method: string; url: string; token: string | undefined; body: unknown }> = [];
  const fetchFn = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const url = String(input);
    const token = (init?.headers as Record<string, string> | undefined)?.['X-CSRF-TOKEN'];
    calls.push({ method, url, token, body: init?.body });
    if (method === 'GET' && url === '/api/csrf') return json({ requestHeaderName: 'X-CSRF-TOKEN', requestToken: current, sessionExpiresAt: '2026-11-25T12:29:00.000Z' });
    if (token !== current) return json(refusal, 403);
    if (url === '/api/forms/automotive/draft') return json(SAVED);
    return json({ sessionExpiresAt: '2026-11-25T12:31:00.000Z' });
  }) as typeof fetch;
  return { fetchFn, calls };
}

describe('a stale CSRF token', () => {
  it('is read again once and the call sent again with the new token and the same body', async () => {
    const server = fakeServer('fresh');
    const api = createApiClient({ fetch: server.fetchFn, endpoints: ENDPOINTS, csrf: STALE });
    const result = await api.saveDraft('Automotive', 'claimant-info', []);
    expect(result).toEqual({ ok: true, data: SAVED, status: 200 });
    expect(server.calls.map((c) => `${c.method} ${c.url} ${c.token ?? ''}`.trim())).toEqual([
      'PUT /api/forms/automotive/draft stale',
      'GET /api/csrf',
      'PUT /api/forms/automotive/draft fresh',
    ]);
    expect(server.calls[2]!.body).toBe(server.calls[0]!.body);
    expect(api.csrfToken()).toEqual({ requestHeaderName: 'X-CSRF-TOKEN', requestToken: 'fresh' });
    expect(api.sessionExpiresAt()).toBe(SAVED.sessionExpiresAt);
  });

  it('is retried only once: a second refusal is the answer', async () => {
    const server = fakeServer('never-matches');
    // The csrf answer gives a token the fake then refuses again (it compares with `current` only).
    const api = createApiClient({
      fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
        if (String(input) === '/api/csrf') return json({ requestHeaderName: 'X-CSRF-TOKEN', requestToken: 'also-stale', sessionExpiresAt: '2026-11-25T12:29:00.000Z' });
        return server.fetchFn(input, init);
      }) as typeof fetch,
      endpoints: ENDPOINTS,
      csrf: STALE,
    });
    expect(await api.keepAlive()).toMatchObject({ ok: false, status: 403 });
    expect(server.calls.map((c) => c.method)).toEqual(['POST', 'POST']);
  });

  it('is not retried for another 403', async () => {
    const server = fakeServer('fresh', { error: 'Forbidden', code: 'FORBIDDEN' });
    const api = createApiClient({ fetch: server.fetchFn, endpoints: ENDPOINTS, csrf: STALE });
    expect(await api.keepAlive()).toMatchObject({ ok: false, status: 403 });
    expect(server.calls).toHaveLength(1);
  });
});

describe('an upload with a stale CSRF token', () => {
  it('reads the token again once and sends the document again, with the tab handle each time', async () => {
    const server = fakeServer('fresh');
    const sent: Array<Record<string, string>> = [];
    const stored = { id: 7, clientId: 'doc0000001abcdefgh', name: 'invoice.pdf', size: 3, type: 'application/pdf' };
    const upload: UploadTransport = async ({ headers }) => {
      sent.push(headers);
      return headers['X-CSRF-TOKEN'] === 'fresh' ? { status: 201, body: stored } : { status: 403, body: REFUSED };
    };
    const api = createApiClient({ fetch: server.fetchFn, endpoints: ENDPOINTS, csrf: STALE, upload, tab: 'tab-handle-0123456789' });
    const file = { clientId: stored.clientId, name: 'invoice.pdf', size: 3, type: 'application/pdf', data: new Uint8Array([1, 2, 3]) };
    expect(await api.addDocument('Automotive', file, 'en')).toEqual({ ok: true, data: stored, status: 201 });
    expect(sent.map((h) => [h['X-CSRF-TOKEN'], h[TAB_HEADER]])).toEqual([
      ['stale', 'tab-handle-0123456789'],
      ['fresh', 'tab-handle-0123456789'],
    ]);
    expect(server.calls.map((c) => `${c.method} ${c.url}`)).toEqual(['GET /api/csrf']);
  });
});

describe('the tab handle', () => {
  it('goes with every call of the client, safe or not, and with none when there is no handle', async () => {
    const headersSeen: Array<string | undefined> = [];
    const fetchFn = (async (input: RequestInfo | URL, init?: RequestInit) => {
      headersSeen.push((init?.headers as Record<string, string> | undefined)?.[TAB_HEADER]);
      return String(input) === '/api/forms/automotive/draft' && init?.method === 'PUT' ? json(SAVED) : json({ pageId: null, pageUnfinished: false, models: [], openRecords: [], savedAt: null, expiresAt: null, documents: [], prepopulatedData: null, credentials: {} });
    }) as typeof fetch;
    const withTab = createApiClient({ fetch: fetchFn, endpoints: ENDPOINTS, csrf: STALE, tab: 'tab-handle-0123456789' });
    await withTab.saveDraft('Automotive', 'claimant-info', []);
    await withTab.loadDraft('Automotive');
    const without = createApiClient({ fetch: fetchFn, endpoints: ENDPOINTS, csrf: STALE });
    await without.loadDraft('Automotive');
    expect(headersSeen).toEqual(['tab-handle-0123456789', 'tab-handle-0123456789', undefined]);
  });

  it('given as a function, is asked once, at the first call sent: not when the client is made, nor for an answer already in the page', async () => {
    const headersSeen: Array<string | undefined> = [];
    const fetchFn = (async (_input: RequestInfo | URL, init?: RequestInit) => {
      headersSeen.push((init?.headers as Record<string, string> | undefined)?.[TAB_HEADER]);
      return json({ timeZone: 'Pacific', deadlines: {} });
    }) as typeof fetch;
    let asked = 0;
    const tab = () => {
      asked += 1;
      return 'tab-handle-0123456789';
    };
    const api = createApiClient({ fetch: fetchFn, endpoints: ENDPOINTS, tab, preloaded: { '/api/deadlines': { timeZone: 'Pacific', deadlines: {} } } });
    expect(asked).toBe(0);
    expect((await api.getDeadlines()).ok).toBe(true);
    expect({ asked, sent: headersSeen.length }).toEqual({ asked: 0, sent: 0 });
    await api.getDeadlines();
    await api.getDeadlines();
    expect({ asked, headersSeen }).toEqual({ asked: 1, headersSeen: ['tab-handle-0123456789', 'tab-handle-0123456789'] });
  });
});
