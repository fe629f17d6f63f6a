/**
 * What a session holds about its claimant's authorizations, read through its parser: stored
 * sessions are JSON from the database or Redis (possibly from another version of the server), so
 * whatever lacks the shape of an authorization is not one. A malformed session is not authorized
 * (401), never a 500, and signing in again over it works.
 */
import { describe, expect, it } from 'vitest';
import { emptySessionData } from '../../server/plugins/app/session.js';
import {
  authorizationOf,
  formAuthorizationsOf,
  MAX_TAB_AUTHORIZATIONS,
  parseAuthorization,
  prepopulatedOf,
  replaceSignIn,
  tabSignedOut,
  type Authorization,
} from '../../server/claims/session-authorizations.js';
import type { Session, SessionData } from '../../server/db/types.js';
import { automotiveParts, type Claimant, otherClassVehicle, serverOver, type TestServer, vinOnly } from './helper.js';

const TAB_A = 'tab-a-0123456789abcdef';
const TAB_B = 'tab-b-0123456789abcdef';
const maria: Authorization = { id: 'id-maria', vin: '5EXMA1B20HC000101', noticeId: 'NTC-1001' };
const james: Authorization = { id: 'id-james', vin: '5EXMA1B20JC000202', noticeId: '' };

/** Session data as a store could give it back: any JSON at all. */
const stored = (json: string): SessionData => JSON.parse(json);

describe('the session’s authorizations, parsed', () => {
  it('reads back the sign-ins it wrote: the latest for calls without a tab, each tab’s own', () => {
    const data = emptySessionData();
    replaceSignIn(data, 'Automotive', TAB_A, { authorization: maria, prepopulated: { FirstName: 'María' } });
    replaceSignIn(data, 'Automotive', TAB_B, { authorization: james, prepopulated: null });

    expect(authorizationOf(data, 'Automotive')).toEqual(james);
    expect(authorizationOf(data, 'Automotive', TAB_A)).toEqual(maria);
    expect(prepopulatedOf(data, 'Automotive', TAB_A)).toEqual({ FirstName: 'María' });
    expect(prepopulatedOf(data, 'Automotive')).toBeNull();
    expect(authorizationOf(data, 'Exclusion')).toBeNull();
    // What the spec's flag says follows the latest sign-in.
    expect(data.authorized.Automotive).toBe(true);
  });

  it('a new attempt forgets the latest sign-in and its tab’s, and keeps the other tabs’', () => {
    const data = emptySessionData();
    replaceSignIn(data, 'Automotive', TAB_A, { authorization: maria, prepopulated: { FirstName: 'María' } });
    replaceSignIn(data, 'Automotive', TAB_B, { authorization: james, prepopulated: null });
    replaceSignIn(data, 'Automotive', TAB_B, null);

    expect(authorizationOf(data, 'Automotive')).toBeNull();
    expect(authorizationOf(data, 'Automotive', TAB_B)).toBeNull();
    expect(tabSignedOut(data, 'Automotive', TAB_B)).toBe(true);
    expect(authorizationOf(data, 'Automotive', TAB_A)).toEqual(maria);
    expect(data.authorized.Automotive).toBe(false);
    expect(data.prepopulated.Automotive).toBeUndefined();
  });

  it('keeps the most recent tabs only', () => {
    const data = emptySessionData();
    const tabs = Array.from({ length: MAX_TAB_AUTHORIZATIONS + 1 }, (_, i) => `tab-${i}-0123456789abcdef`);
    for (const [i, tab] of tabs.entries()) replaceSignIn(data, 'Automotive', tab, { authorization: { ...james, id: `id-${i}` }, prepopulated: null });

    expect(formAuthorizationsOf(data, 'Automotive').tabs.map((entry) => entry.tab)).toEqual(tabs.slice(1));
    expect(tabSignedOut(data, 'Automotive', tabs[0] ?? '')).toBe(true);
  });

  it.each([
    ['no data at all', '{}'],
    ['the form not marked authorized', '{"authorized":{},"extra":{"authorization":{"Automotive":{"id":"a","vin":"V","noticeId":""}}}}'],
    ['the flag not a boolean', '{"authorized":{"Automotive":"yes"},"extra":{"authorization":{"Automotive":{"id":"a","vin":"V","noticeId":""}}}}'],
    ['the authorizations not an object', '{"authorized":{"Automotive":true},"extra":{"authorization":"Automotive"}}'],
    ['an authorization without its id', '{"authorized":{"Automotive":true},"extra":{"authorization":{"Automotive":{"vin":"V","noticeId":""}}}}'],
    ['an authorization with a number for its VIN', '{"authorized":{"Automotive":true},"extra":{"authorization":{"Automotive":{"id":"a","vin":5,"noticeId":""}}}}'],
    ['extra data that is a list', '{"authorized":{"Automotive":true},"extra":[1,2]}'],
    ['extra data that is null', '{"authorized":{"Automotive":true},"extra":null}'],
    ['the flags that are a list', '{"authorized":[true],"prepopulated":"x","extra":{}}'],
  ])('is not authorized with %s, and does not fail', (_, json) => {
    const data = stored(json);
    expect(authorizationOf(data, 'Automotive')).toBeNull();
    expect(prepopulatedOf(data, 'Automotive')).toBeNull();
    expect(authorizationOf(data, 'Automotive', TAB_A)).toBeNull();
    expect(tabSignedOut(data, 'Automotive', TAB_A)).toBe(true);
  });

  it('ignores the malformed tab entries and keeps the sound ones', () => {
    const data = stored(
      JSON.stringify({
        authorized: {},
        prepopulated: {},
        extra: {
          tabAuthorizations: {
            Automotive: [null, 'tab', 7, { tab: TAB_B }, { tab: 5, authorization: james }, { tab: TAB_B, authorization: { id: 'x' } }, { tab: TAB_A, authorization: maria, prepopulated: 'x' }],
          },
        },
      }),
    );
    expect(formAuthorizationsOf(data, 'Automotive').tabs).toEqual([{ tab: TAB_A, authorization: maria, prepopulated: null }]);
    expect(authorizationOf(data, 'Automotive', TAB_B)).toBeNull();

    // Signing in again over it writes sound data back, the malformed entries gone.
    replaceSignIn(data, 'Automotive', TAB_B, { authorization: james, prepopulated: null });
    expect(formAuthorizationsOf(data, 'Automotive').tabs.map((entry) => entry.tab)).toEqual([TAB_A, TAB_B]);
    expect(authorizationOf(data, 'Automotive')).toEqual(james);
  });

  it('keeps the other forms’ data as it is when one form’s changes', () => {
    const data = stored('{"authorized":{"Exclusion":true},"prepopulated":{"Exclusion":{"FirstName":"Ana"}},"extra":{"authorization":{"Exclusion":{"id":"e","vin":"V","noticeId":""}},"screeningTag":"t"}}');
    replaceSignIn(data, 'Automotive', null, { authorization: maria, prepopulated: null });
    expect(authorizationOf(data, 'Exclusion')).toEqual({ id: 'e', vin: 'V', noticeId: '' });
    expect(prepopulatedOf(data, 'Exclusion')).toEqual({ FirstName: 'Ana' });
    expect(data.extra?.screeningTag).toBe('t');
  });

  it('keeps what authorize saw of the client only when it has its shape, and only the reasons it knows', () => {
    const screening = { at: 1000, captchaScore: 0.9, markers: [{ code: 'headless_agent', evidence: { headers: ['x'] } }, { code: 'NO_SUCH_REASON', evidence: {} }, 'x'] };
    expect(parseAuthorization({ ...maria, screening, resumedDraft: 'key' })).toEqual({
      ...maria,
      screening: { at: 1000, captchaScore: 0.9, markers: [{ code: 'headless_agent', evidence: { headers: ['x'] } }] },
      resumedDraft: 'key',
    });
    expect(parseAuthorization({ ...maria, screening: { at: 'now', markers: [] }, resumedDraft: 5 })).toEqual(maria);
    expect(parseAuthorization('maria')).toBeNull();
  });
});

/** The claimant's session as the app's store holds it. */
async function storedSessionOf(server: TestServer, c: Claimant): Promise<Session> {
  const cookie = /=(.*)$/.exec(c.cookie)?.[1];
  const unsigned = cookie ? server.app.unsignCookie(decodeURIComponent(cookie)) : null;
  if (!unsigned?.valid || !unsigned.value) throw new Error('the claimant has no session cookie');
  const session = await server.app.stores.sessions.get(unsigned.value);
  if (!session) throw new Error('the claimant’s session is not stored');
  return session;
}

describe('a malformed session over HTTP', () => {
  const server = serverOver('sqlite');

  it('is answered as not authorized (401), never a 500, and a new sign-in over it works', async () => {
    const c = await server.claimant();
    expect((await c.authorize('Automotive', { ...vinOnly(otherClassVehicle()) })).statusCode).toBe(200);
    const session = await storedSessionOf(server, c);
    // The authorizations malformed; the rest of the session (its CSRF secret, its captcha values) as it was.
    const malformed = stored(JSON.stringify({ ...session.data, authorized: { Automotive: true }, prepopulated: 7, extra: { authorization: { Automotive: { id: 1 } }, tabAuthorizations: 'x' } }));
    await server.app.stores.sessions.save(session.id, malformed);
    const read = await server.http({ url: '/api/forms/automotive/draft', headers: { cookie: c.cookie } });
    expect(read.statusCode, read.body).toBe(401);
    const saved = await server.http({ method: 'PUT', url: '/api/forms/automotive/draft', headers: c.headers(), payload: { pageId: 'repairs', models: [] } });
    expect(saved.statusCode, saved.body).toBe(401);

    const again = await c.authorize('Automotive', { ...vinOnly(otherClassVehicle()) });
    expect(again.statusCode, again.body).toBe(200);
    const afterwards = await server.http({ url: '/api/forms/automotive/draft', headers: { cookie: c.cookie } });
    expect(afterwards.statusCode, afterwards.body).toBe(200);
    expect(afterwards.json()).toMatchObject({ pageId: null, models: [] });
  });
});

describe.each(['sqlite', 'postgres'] as const)('a stored session from another version over %s', (dialect) => {
  const server = serverOver(dialect);

  /** Signs in over the claimant's session, its stored data replaced by `json`, and files a claim. */
  async function signInAndClaimOver(json: (csrfSecret: string) => string) {
    const c = await server.claimant();
    const session = await storedSessionOf(server, c);
    await server.app.stores.sessions.save(session.id, stored(json(session.data.csrfSecret)));

    const credentials = vinOnly(otherClassVehicle());
    const signedIn = await c.authorize('Automotive', { ...credentials });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const raw = signedIn.json<{ captcha: string }>().captcha;
    const claim = await c.submit('Automotive', automotiveParts(raw, await c.captchaToken(), credentials));
    expect(claim.statusCode, claim.body).toBe(200);
    expect(claim.json<{ referenceCodeForm: string | null }>().referenceCodeForm).toEqual(expect.any(String));
  }

  it('lacking members (no captcha values, no authorizations): a sign-in over it and a claim work', async () => {
    await signInAndClaimOver((csrfSecret) => JSON.stringify({ csrfSecret }));
  });

  it('with members of the wrong shape: a sign-in over it and a claim work', async () => {
    await signInAndClaimOver((csrfSecret) =>
      JSON.stringify({ csrfSecret, authorized: 'yes', captchaRaw: { Automotive: 'h', Exclusion: [1, 'h'] }, prepopulated: [], extra: 5 }),
    );
  });
});
