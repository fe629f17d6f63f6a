/**
 * A lookup form whose question is a declared identifier, not a VIN: the data-breach settlement's
 * Claim ID lookup (forms.json `ClaimLookup`, flows/lookup.json). It answers whether the Claim ID is
 * on the class list and nothing more (no class member's data, no sign-in to the claim), in the
 * claimant's language, and unknown Claim IDs count against the address so the list cannot be read
 * by guessing. Real HTTP, on SQLite and PostgreSQL, the real captcha emulator.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { SERVER_ERRORS } from '../../server/errors.js';
import { copySettlementFolder, readSettlementFolder } from '../../settlement/read.js';
import type { FieldValue } from '../../runtime/core/types.js';
import { DIALECTS, OPEN_NOW, ROOT, serverOver, type Claimant } from './helper.js';

const DATA_BREACH = path.join(ROOT, 'tests/settlements/data-breach');
const LIMITS = { max: 3, maxPerIp: 3, maxNoticeIdsPerIp: 10, windowMinutes: 10 };
const WINDOW_MS = LIMITS.windowMinutes * 60_000;
const locale = (culture: string) => readSettlementFolder(DATA_BREACH).files.get(`locales/${culture}.json`)?.json as Record<string, string>;

function dataBreachCopy(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'claims-claim-lookup-'));
  copySettlementFolder(DATA_BREACH, dir);
  const settings = JSON.parse(readFileSync(path.join(dir, 'settings.json'), 'utf8')) as Record<string, unknown>;
  writeFileSync(path.join(dir, 'settings.json'), JSON.stringify({ ...settings, pinAttempts: LIMITS }));
  return dir;
}

describe.each(DIALECTS)('a lookup by Claim ID, over %s', (dialect) => {
  let now = OPEN_NOW;
  let windowIndex = 0;
  const server = serverOver(dialect, () => ({ settlementDir: dataBreachCopy(), trustProxy: 1, clock: () => now }));
  beforeEach(() => {
    now = OPEN_NOW + ++windowIndex * WINDOW_MS + 60_000;
  });

  async function lookUp(fields: Record<string, FieldValue>, address = '192.0.2.20', culture = 'en', c?: Claimant) {
    const claimant = c ?? (await server.claimant());
    const config = server.app.settlement.models.find((m) => m.metadata.formType === 'ClaimLookup' && m.metadata.dtoMapping === 'Credentials')!;
    return server.http({
      method: 'POST',
      url: `/api/forms/claim-lookup/authorize?culture=${culture}`,
      remoteAddress: address,
      headers: claimant.headers(),
      payload: {
        credentials: { id: null, clientId: 'dbl0000001abcdefgh', metadata: { formType: 'ClaimLookup', dtoMapping: 'credentials' }, metadataHash: config.metadataHash, fields },
        reCaptchaResponse: await claimant.captchaToken(),
      },
    });
  }

  it('answers that a Claim ID on the class list is found, in any case, and tells nothing else of the class member', async () => {
    const res = await lookUp({ claimId: 'dbr-300001' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ authorized: true, error: null, captcha: null, prepopulatedData: null });
  });

  it('answers that an unknown Claim ID is not on the class list, in English and Spanish (the settlement’s words)', async () => {
    const en = await lookUp({ claimId: 'DBR-999999' }, '192.0.2.21');
    expect(en.statusCode, en.body).toBe(200);
    expect(en.json()).toMatchObject({ authorized: false, code: 'NOT_CLASS_MEMBER', error: locale('en').LocKey_Server_NotClassMember ?? SERVER_ERRORS.NOT_CLASS_MEMBER.en });
    const es = await lookUp({ claimId: 'DBR-999998' }, '192.0.2.22', 'es');
    expect(es.json()).toMatchObject({ authorized: false, code: 'NOT_CLASS_MEMBER', error: locale('es').LocKey_Server_NotClassMember ?? SERVER_ERRORS.NOT_CLASS_MEMBER.es });
  });

  it('refuses a Claim ID that is not one by the model’s rules, with its message, before the class list is read', async () => {
    const res = await lookUp({ claimId: 'not a claim id' }, '192.0.2.23');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ authorized: false, code: 'INVALID_SIGN_IN' });
  });

  it('counts unknown Claim IDs against the address: past maxPerIp it waits, known ones included, until the window ends', async () => {
    const address = '198.51.100.30';
    for (let i = 0; i < LIMITS.maxPerIp; i++) expect((await lookUp({ claimId: `DBR-90000${i}` }, address)).json()).toMatchObject({ code: 'NOT_CLASS_MEMBER' });
    const locked = await lookUp({ claimId: 'DBR-300001' }, address);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ authorized: false, code: 'TOO_MANY_SIGN_IN_ATTEMPTS' });
    // Another address is not affected; the lock lifts when its window ends.
    expect((await lookUp({ claimId: 'DBR-300001' }, '198.51.100.31')).json()).toMatchObject({ authorized: true });
    now += WINDOW_MS;
    expect((await lookUp({ claimId: 'DBR-300001' }, address)).json()).toMatchObject({ authorized: true });
  });

  it('signs no one in to the claim form: the Claim form still asks for its Claim ID and ZIP code', async () => {
    const c = await server.claimant();
    expect((await lookUp({ claimId: 'DBR-300001' }, '192.0.2.24', 'en', c)).json()).toMatchObject({ authorized: true });
    const draft = await server.http({ url: '/api/forms/claim/draft', headers: c.headers() });
    expect(draft.statusCode).toBe(401);
  });
});
