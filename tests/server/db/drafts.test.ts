/**
 * The drafts store on SQLite and PostgreSQL: one draft per form and claimant key, replaced by each
 * save (its creation kept), joined to a caller's transaction on removal, read as absent once
 * expired, purged and summarised per form.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDrafts } from '../../../server/db/drafts.js';
import type { Drafts, NewDraft } from '../../../server/db/types.js';
import { DIALECTS, manualClock, openTestDatabase, type TestDatabase } from './helpers.js';

const HOUR = 60 * 60_000;

describe.each(DIALECTS)('drafts in %s', (dialect) => {
  let t: TestDatabase;
  let clock: ReturnType<typeof manualClock>;
  let drafts: Drafts;
  const draft = (over: Partial<NewDraft> = {}): NewDraft => ({
    formType: 'Automotive',
    claimantKey: 'key-a',
    pageId: 'claimant-info',
    models: [{ clientId: 'c1', fields: { firstName: 'María' } }],
    authorizationId: 'auth-1',
    expiresAt: clock.now() + 24 * HOUR,
    ...over,
  });

  beforeEach(async () => {
    clock = manualClock();
    t = await openTestDatabase(dialect);
    drafts = createDrafts(t.database, { clock: clock.now });
  });
  afterEach(async () => {
    await t.cleanup();
  });

  it('saves, replaces and reads one draft per form and claimant key', async () => {
    const created = clock.now();
    const first = await drafts.save(draft());
    expect(first).toMatchObject({ createdAt: created, updatedAt: created, pageId: 'claimant-info' });

    clock.advance(HOUR);
    const second = await drafts.save(draft({ pageId: 'repairs', models: [{ clientId: 'c2' }], authorizationId: 'auth-2', expiresAt: clock.now() + 24 * HOUR }));
    expect(second).toMatchObject({ createdAt: created, updatedAt: clock.now(), pageId: 'repairs', authorizationId: 'auth-2', models: [{ clientId: 'c2' }] });
    expect(await drafts.get({ formType: 'Automotive', claimantKey: 'key-a' })).toEqual(second);

    expect(await drafts.get({ formType: 'Exclusion', claimantKey: 'key-a' })).toBeNull();
    expect(await drafts.get({ formType: 'Automotive', claimantKey: 'key-b' })).toBeNull();
  });

  it('reads an expired draft as absent, replaces it as new, and purges it', async () => {
    await drafts.save(draft({ expiresAt: clock.now() + HOUR }));
    await drafts.save(draft({ claimantKey: 'key-b', expiresAt: clock.now() + 3 * HOUR }));
    clock.advance(HOUR);
    expect(await drafts.get({ formType: 'Automotive', claimantKey: 'key-a' })).toBeNull();
    expect(await drafts.summary(HOUR)).toEqual([
      { formType: 'Automotive', count: 2, oldestCreatedAt: clock.now() - HOUR, nextExpiresAt: clock.now(), expiringSoon: 0, expired: 1 },
    ]);

    const again = await drafts.save(draft({ expiresAt: clock.now() + HOUR }));
    expect(again.createdAt).toBe(clock.now());

    clock.advance(HOUR);
    expect(await drafts.purgeExpired()).toBe(1);
    expect(await drafts.get({ formType: 'Automotive', claimantKey: 'key-b' })).not.toBeNull();
    clock.advance(HOUR);
    expect(await drafts.purgeExpired()).toBe(1);
    expect(await drafts.summary(HOUR)).toEqual([]);
  });

  it('removes a draft in the caller transaction, which a rollback undoes', async () => {
    await drafts.save(draft());
    const key = { formType: 'Automotive' as const, claimantKey: 'key-a' };
    await expect(
      t.database.db.transaction().execute(async (trx) => {
        expect(await drafts.remove(key, trx)).toBe(true);
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await drafts.get(key)).not.toBeNull();
    await t.database.db.transaction().execute(async (trx) => {
      await drafts.remove(key, trx);
    });
    expect(await drafts.get(key)).toBeNull();
    expect(await drafts.remove(key)).toBe(false);
  });
});
