/**
 * The one API client (runtime/core/api/client.ts) outside the browser: Node's fetch and the cookie
 * jar, against the real server over HTTP. The session cookie, the CSRF token bound to it
 * (docs/decisions/013), its renewal on authorize, and the multipart submit all go through it.
 */
import { describe, expect, it } from 'vitest';
import type { SubmissionPayload } from '../../runtime/core/types.js';
import { claimantClient, endpointOf, readEndpoints } from '../support/api-client.js';
import { MARIA_ANSWERS } from '../support/sample-claim.js';
import { FILES, model, otherClassVehicle, serverOver, vinOnly } from './helper.js';

describe('the API client over real HTTP, with a cookie jar', () => {
  const server = serverOver('sqlite');
  const baseUrl = () => {
    const address = server.app.server.address();
    if (!address || typeof address === 'string') throw new Error('the test server listens on a port');
    return `http://127.0.0.1:${address.port}`;
  };

  async function signedIn() {
    const endpoints = await readEndpoints(baseUrl());
    const client = claimantClient(baseUrl(), { endpoints });
    const csrf = await client.api.getCsrf();
    expect(csrf.ok && csrf.data).toBeTruthy();
    return { ...client, endpoints };
  }

  it('keeps the session cookie, renews it and the token on authorize, and files a claim with its document', async () => {
    const { api, cookies } = await signedIn();
    const before = { cookie: cookies.cookieHeader(baseUrl()), token: api.csrfToken()?.requestToken };
    expect(before.cookie).toMatch(/claims\.sid=/);

    // An unsafe call works in the session the jar keeps.
    expect((await api.keepAlive()).ok).toBe(true);

    const credentials = vinOnly(otherClassVehicle());
    const authorized = await api.authorize('Automotive', { credentials: model('Automotive', 'Credentials', { ...credentials }), reCaptchaResponse: server.emulator.issueToken('emulator-site-key', '127.0.0.1') });
    expect(authorized.ok && authorized.data.authorized).toBe(true);
    if (!authorized.ok || !authorized.data.captcha) throw new Error('not authorized');
    // Authorize rotates the session (a new cookie) and renews the token; both are used from then on.
    expect(cookies.cookieHeader(baseUrl())).not.toBe(before.cookie);
    expect(api.csrfToken()?.requestToken).not.toBe(before.token);

    const claimant = [model('Automotive', 'Credentials', { ...credentials }), model('Automotive', 'ClaimantInfo', { ...MARIA_ANSWERS.ClaimantInfo }), model('Automotive', 'ClaimDetails', { ...MARIA_ANSWERS.ClaimDetails })];
    const saved = await api.saveDraft('Automotive', 'eligibility', claimant);
    expect(saved.ok, JSON.stringify(saved)).toBe(true);

    const repair = model('Automotive', 'ClaimTransactions', { ...MARIA_ANSWERS.ClaimTransactions });
    const invoice = model('Automotive', 'DocumentContexts', { documentType: 'repairInvoice', claimTransactionId: repair.clientId, file: 'invoice.pdf', name: 'invoice.pdf', size: FILES.pdf.length, type: 'application/pdf' });
    const [credentialsModel, claimantInfo, claimDetails] = claimant;
    const payload: SubmissionPayload = {
      reCaptchaResponse: server.emulator.issueToken('emulator-site-key', '127.0.0.1'),
      userPreferredCulture: 'en',
      captchaRawValue: authorized.data.captcha,
      credentials: credentialsModel ?? null,
      claimantInfo: claimantInfo ?? null,
      claimDetails: claimDetails ?? null,
      signature: model('Automotive', 'Signature', { ...MARIA_ANSWERS.Signature }),
      prepopulatedData: [],
      documentContexts: [invoice],
      claimTransactions: [repair],
      documents: [{ clientId: invoice.clientId, name: 'invoice.pdf', size: FILES.pdf.length, type: 'application/pdf', data: FILES.pdf }],
    };
    const submitted = await api.submit('Automotive', payload);
    expect(submitted.ok, JSON.stringify(submitted)).toBe(true);
    const code = submitted.ok ? submitted.data.referenceCodeForm : null;
    expect(code).toBeTruthy();
    expect(await server.app.stores.submissions.getByReferenceCode(code ?? '')).not.toBeNull();
  });

  it('raw requests share the base URL, cookies and token; without the token or with another session, 403', async () => {
    const mine = await signedIn();
    const other = await signedIn();
    const draft = `${endpointOf(mine.endpoints, 'Automotive', 'submit')}/draft`;

    const withToken = await mine.api.raw('POST', '/api/session/keep-alive');
    expect(withToken.status).toBe(200);

    const noToken = await mine.api.raw('PUT', draft, { json: {}, csrf: false });
    expect(noToken.status).toBe(403);

    // Another session's token with this session's cookie.
    const foreignToken = await mine.api.raw('POST', '/api/session/keep-alive', { csrf: false, headers: { 'X-CSRF-TOKEN': other.api.csrfToken()?.requestToken ?? '' } });
    expect(foreignToken.status).toBe(403);

    // This session's token with another session's cookie (a request naming its own Cookie keeps it).
    const foreignCookie = await mine.api.raw('POST', '/api/session/keep-alive', { headers: { Cookie: other.cookies.cookieHeader(baseUrl()) ?? '' } });
    expect(foreignCookie.status).toBe(403);
  });

  it('after the session ends (session-timeout), the next call starts a new session', async () => {
    const { api, cookies } = await signedIn();
    const first = cookies.cookieHeader(baseUrl());
    expect((await api.sessionTimeout()).ok).toBe(true);
    expect((await api.getCsrf()).ok).toBe(true);
    expect(cookies.cookieHeader(baseUrl())).not.toBe(first);
    expect((await api.keepAlive()).ok).toBe(true);
  });
});
