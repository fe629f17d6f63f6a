/**
 * Save and finish later (POST …/draft/later, POST /api/forms/resume, authorize's resumeCode), over
 * real HTTP on SQLite and PostgreSQL with a clock the tests move: a page saved unfinished, its code
 * kept only as a digest, the claim opened again in a new session (and after a restart) with the
 * code and the same credentials only, refusals in the claimant's words, the attempt limits, and a
 * claim of a VIN alone that no one opens without its code.
 */
import { describe, expect, it } from 'vitest';
import type { FieldValue, FormModel } from '../../runtime/core/types.js';
import { MARIA_ANSWERS } from '../support/sample-claim.js';
import { DIALECTS, MARIA, OPEN_NOW, otherClassVehicle, overHttp, model, serverOver, settlementCopy, testApp, vinOnly, type Claimant, type Credentials } from './helper.js';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { FIXTURES } from './helper.js';

const DAY = 24 * 60 * 60_000;
const DRAFT = '/api/forms/automotive/draft';
const CODE_SHAPE = /^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/;
/** The claim deadline, 2027-06-30 23:59:59 Pacific. */
const CLAIM_DEADLINE = Date.parse('2027-07-01T06:59:59Z');

const settings = JSON.parse(readFileSync(path.join(FIXTURES, 'settings.json'), 'utf8')) as Record<string, unknown>;
/** Small limits, so that the tests reach them: 3 uses of a known code with wrong credentials, 5 wrong codes per address. */
const LIMITS = { max: 3, maxPerIp: 5, maxNoticeIdsPerIp: 10, windowMinutes: 15 };

/** The answers up to the eligibility page, its own left unfinished unless `details` fill it. */
function answers(credentials: Credentials, details: Record<string, FieldValue> = { ...MARIA_ANSWERS.ClaimDetails, acquisitionDate: null, ownershipType: null }) {
  return [
    model('Automotive', 'Credentials', { ...credentials }),
    model('Automotive', 'ClaimantInfo', { ...MARIA_ANSWERS.ClaimantInfo }),
    model('Automotive', 'ClaimDetails', { ...details }),
  ];
}

describe.each(DIALECTS)('save and finish later (%s)', (dialect) => {
  let now = OPEN_NOW;
  const server = serverOver(dialect, () => ({
    clock: () => now,
    trustProxy: 1,
    settlementDir: settlementCopy({ 'settings.json': { ...settings, pinAttempts: LIMITS } }),
  }));
  let address = 0;
  /** A claimant with a session of their own, from an address of their own (the attempt counters are per address). */
  const claimant = async () => {
    const c = await server.claimant();
    c.remoteAddress = `198.51.100.${++address}`;
    return c;
  };
  const saveLater = (c: Claimant, pageId: string, models: FormModel[]) =>
    server.http({ method: 'POST', url: `${DRAFT}/later`, headers: c.headers(), payload: { pageId, models }, remoteAddress: c.remoteAddress });
  const save = (c: Claimant, pageId: string, models: FormModel[]) =>
    server.http({ method: 'PUT', url: DRAFT, headers: c.headers(), payload: { pageId, models }, remoteAddress: c.remoteAddress });
  const load = (c: Claimant) => server.http({ url: DRAFT, headers: { cookie: c.cookie }, remoteAddress: c.remoteAddress });
  const checkCode = (c: Claimant, code: string) =>
    server.http({ method: 'POST', url: '/api/forms/resume', headers: c.headers(), payload: { code }, remoteAddress: c.remoteAddress });
  /** A new session (the browser closed) signing in with `credentials` and `resumeCode`. */
  const resume = async (credentials: Credentials, resumeCode: string | null, c?: Claimant) => {
    const who = c ?? (await claimant());
    const res = await who.authorize('Automotive', { ...credentials }, undefined, server.app, resumeCode === null ? {} : { resumeCode });
    return { c: who, res };
  };
  /** A claimant signed in with `credentials` who saved for later on the eligibility page: the code. */
  const savedForLater = async (credentials: Credentials) => {
    const { c, res } = await resume(credentials, null);
    expect(res.statusCode, res.body).toBe(200);
    const saved = await saveLater(c, 'eligibility', answers(credentials));
    expect(saved.statusCode, saved.body).toBe(200);
    return { c, code: saved.json<{ code: string }>().code };
  };

  it('saves an unfinished page for later with a code kept only as a digest; the code and the same Notice ID and PIN open it again on that page', async () => {
    now = OPEN_NOW;
    const { c } = await resume(MARIA, null);
    // A required field not filled yet is no reason to refuse a save for later…
    const saved = await saveLater(c, 'eligibility', answers(MARIA));
    expect(saved.statusCode, saved.body).toBe(200);
    const body = saved.json<{ code: string; link: string; emailKnown: boolean; expiresAt: string }>();
    expect(body.code).toMatch(CODE_SHAPE);
    expect(body.link).toMatch(new RegExp(`^http://[^/]+/resume/${body.code}$`));
    expect(body.emailKnown).toBe(true); // María gave her e-mail address on the contact page
    expect(body.expiresAt).toBe(new Date(now + 30 * DAY).toISOString());
    // …but what was typed is checked, and so are the pages before it.
    const badDate = await saveLater(c, 'eligibility', answers(MARIA, { ...MARIA_ANSWERS.ClaimDetails, acquisitionDate: '13/45/2015' }));
    expect(badDate.statusCode, badDate.body).toBe(400);
    expect(badDate.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    const earlierEmpty = answers(MARIA);
    earlierEmpty[1] = model('Automotive', 'ClaimantInfo', { ...MARIA_ANSWERS.ClaimantInfo, lastName: null });
    const refused = await saveLater(c, 'eligibility', earlierEmpty);
    expect(refused.statusCode, refused.body).toBe(400);

    const rows = await server.app.database.db.selectFrom('resume_codes').selectAll().execute();
    expect(rows).toHaveLength(1);
    const plain = body.code.replace(/-/g, '');
    expect(JSON.stringify(rows)).not.toContain(plain);
    expect(JSON.stringify(rows)).not.toContain(body.code);

    // The browser is gone: a new session with the code, typed in lower case with spaces.
    const typed = body.code.toLowerCase().replace(/-/g, ' ');
    const other = await claimant();
    const which = await checkCode(other, typed);
    expect(which.statusCode, which.body).toBe(200);
    expect(which.json()).toEqual({ formType: 'Automotive', expiresAt: body.expiresAt });
    const { res } = await resume(MARIA, typed, other);
    expect(res.statusCode, res.body).toBe(200);
    const loaded = await load(other);
    expect(loaded.statusCode, loaded.body).toBe(200);
    expect(loaded.json()).toMatchObject({ pageId: 'eligibility', pageUnfinished: true });
    const details = loaded.json<{ models: FormModel[] }>().models.find((m) => m.metadata.dtoMapping.toLowerCase() === 'claimdetails');
    expect(details?.fields).toMatchObject({ acquisitionDate: null, isCurrentOwner: MARIA_ANSWERS.ClaimDetails.isCurrentOwner });

    // Next on the resumed page still checks it; answered, the page is finished.
    expect((await save(other, 'eligibility', answers(MARIA))).statusCode).toBe(400);
    const finished = await save(other, 'eligibility', answers(MARIA, { ...MARIA_ANSWERS.ClaimDetails }));
    expect(finished.statusCode, finished.body).toBe(200);
    expect((await load(other)).json()).toMatchObject({ pageId: 'eligibility', pageUnfinished: false });
  });

  it('gives a Spanish claimant a link, on the page and in the e-mail (in Spanish), that opens the resume page in Spanish', async () => {
    now = OPEN_NOW;
    const { c } = await resume(MARIA, null);
    const saved = await server.http({ method: 'POST', url: `${DRAFT}/later?culture=es`, headers: c.headers(), payload: { pageId: 'eligibility', models: answers(MARIA) }, remoteAddress: c.remoteAddress });
    expect(saved.statusCode, saved.body).toBe(200);
    const { code, link } = saved.json<{ code: string; link: string }>();
    expect(link).toMatch(new RegExp(`^http://[^/]+/resume/${code}\\?culture=es$`));
    const mail = await server.app.database.db.selectFrom('outbox').select(['culture', 'text_body']).where('kind', '=', 'resume-link').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(mail.culture).toBe('es');
    expect(mail.text_body).toContain(link);
    // The page it opens: drawn in Spanish, the code in its field (a server without a build sends the shell, in Spanish too).
    const page = await server.http(new URL(link).pathname + new URL(link).search);
    expect(page.statusCode).toBe(200);
    expect(page.body).toMatch(/<html[^>]* lang="es"/);
  });

  it('a new save for later replaces the code; the claim opens after a server restart', async () => {
    now = OPEN_NOW;
    const credentials = vinOnly(otherClassVehicle());
    const { c, code: first } = await savedForLater(credentials);
    // Saved again, on the contact page before the e-mail address is given: a new code, no address to send it to.
    const noEmail = answers(credentials).slice(0, 2);
    noEmail[1] = model('Automotive', 'ClaimantInfo', { ...MARIA_ANSWERS.ClaimantInfo, emailAddress: null });
    const again = await saveLater(c, 'claimant-info', noEmail);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ emailKnown: false });
    const second = again.json<{ code: string }>().code;
    expect(second).not.toBe(first);

    const old = await checkCode(await claimant(), first);
    expect(old.statusCode).toBe(404);
    expect(old.json().error).toBe('We could not find a saved claim with this resume code. Please check the code (it has 12 letters and numbers) and try again. A code stops working once its claim is submitted.');

    const restarted = await testApp(await server.db.open(), server.emulator, { clock: () => now, trustProxy: 1 });
    try {
      const http = await overHttp(restarted);
      const next = await claimant();
      next.app = restarted;
      const started = await http({ url: '/api/csrf' });
      next.cookie = (started.headers['set-cookie'] as string[] | string).toString().split(';')[0]!;
      next.csrf = started.json<{ requestToken: string }>().requestToken;
      const signedIn = await next.authorize('Automotive', { ...credentials }, undefined, restarted, { resumeCode: second });
      expect(signedIn.statusCode, signedIn.body).toBe(200);
      const loaded = await http({ url: DRAFT, headers: { cookie: next.cookie } });
      expect(loaded.statusCode, loaded.body).toBe(200);
      expect(loaded.json()).toMatchObject({ pageId: 'claimant-info', pageUnfinished: true });
    } finally {
      await restarted.close();
    }
  });

  it('refuses an unknown code, another claimant’s credentials, an expired code, a code after the deadline and after the purge, in the claimant’s words', async () => {
    now = OPEN_NOW;
    const credentials = vinOnly(otherClassVehicle());
    const { code } = await savedForLater(credentials);

    const unknown = await resume(credentials, 'AAAA-BBBB-CCCC');
    expect(unknown.res.statusCode).toBe(404);
    expect(unknown.res.json()).toMatchObject({ authorized: false, code: 'RESUME_CODE_UNKNOWN' });
    expect((await load(unknown.c)).statusCode).toBe(401);
    expect((await checkCode(await claimant(), 'not a code')).statusCode).toBe(404);

    // Someone else's VIN, or María's Notice ID and PIN, with this code: not theirs.
    for (const someoneElse of [vinOnly(otherClassVehicle()), MARIA]) {
      const mismatch = await resume(someoneElse, code);
      expect(mismatch.res.statusCode, mismatch.res.body).toBe(403);
      expect(mismatch.res.json()).toMatchObject({ authorized: false, code: 'RESUME_CODE_MISMATCH' });
      // The sample's text names the form's own credentials (the server's built-in text names none).
      expect(mismatch.res.json().error).toBe('This resume code does not belong to the details you entered. Please sign in with the same details as when you saved your claim: Vehicle Identification Number (VIN), Notice ID, and PIN.');
      expect((await load(mismatch.c)).statusCode).toBe(401);
    }

    now = OPEN_NOW + 30 * DAY; // kept 30 days after its last save
    const expired = await checkCode(await claimant(), code);
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toMatchObject({ code: 'RESUME_CODE_EXPIRED' });
    expect(expired.json().error).toContain('has expired');
    await server.app.stores.drafts.purgeExpired();
    await server.app.stores.resumeCodes.purgeExpired();
    expect((await checkCode(await claimant(), code)).statusCode).toBe(404);

    // Saved ten days before the deadline: the code works until the deadline, then the deadline answers.
    now = CLAIM_DEADLINE - 10 * DAY;
    const late = await savedForLater(vinOnly(otherClassVehicle()));
    const lateCheck = await checkCode(await claimant(), late.code);
    expect(lateCheck.json()).toMatchObject({ expiresAt: new Date(CLAIM_DEADLINE).toISOString() });
    now = CLAIM_DEADLINE + 1000;
    const afterDeadline = await checkCode(await claimant(), late.code);
    expect(afterDeadline.statusCode).toBe(403);
    expect(afterDeadline.json()).toMatchObject({ code: 'DEADLINE_PASSED', error: 'The deadline for this form has passed.' });
    now = OPEN_NOW;
  });

  it('counts wrong codes per address and wrong credentials per code, as the PIN lockout does', async () => {
    now = OPEN_NOW;
    const credentials = vinOnly(otherClassVehicle());
    const { code } = await savedForLater(credentials);

    // One address: five wrong codes, then even the right one waits.
    const guesser = await claimant();
    for (let i = 0; i < LIMITS.maxPerIp; i++) expect((await checkCode(guesser, `ZZZZ-ZZZZ-ZZZ${i}`)).statusCode).toBe(404);
    const locked = await checkCode(guesser, code);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error).toBe('Too many incorrect resume code attempts. Please wait 15 min and try again, or contact the Settlement Administrator.');
    expect(locked.headers['retry-after']).toBe('900');
    expect((await checkCode(await claimant(), code)).statusCode).toBe(200); // another address is not held up

    // The known code with wrong credentials, from ever new addresses: the code locks.
    for (let i = 0; i < LIMITS.max; i++) expect((await resume(vinOnly(otherClassVehicle()), code)).res.statusCode).toBe(403);
    expect((await resume(vinOnly(otherClassVehicle()), code)).res.statusCode).toBe(429);
    expect((await resume(credentials, code)).res.statusCode).toBe(429);
    now += 15 * 60_000; // the window ends
    const { c, res } = await resume(credentials, code);
    expect(res.statusCode, res.body).toBe(200);
    expect((await load(c)).statusCode).toBe(200);
    now = OPEN_NOW;
  });

  it('a claim of a VIN alone opens only with its code, and another claimant typing the VIN does not replace it', async () => {
    now = OPEN_NOW;
    const credentials = vinOnly(otherClassVehicle());
    const { code } = await savedForLater(credentials);

    const stranger = await resume(credentials, null);
    expect(stranger.res.statusCode).toBe(200);
    expect((await load(stranger.c)).json()).toMatchObject({ pageId: null, models: [] });
    // The stranger's own pages are their own claim.
    const strangers = await save(stranger.c, 'claimant-info', answers(credentials).slice(0, 2));
    expect(strangers.statusCode, strangers.body).toBe(200);

    const owner = await resume(credentials, code);
    expect(owner.res.statusCode, owner.res.body).toBe(200);
    const loaded = await load(owner.c);
    expect(loaded.statusCode, loaded.body).toBe(200);
    expect(loaded.json()).toMatchObject({ pageId: 'eligibility', pageUnfinished: true });
  });
});
