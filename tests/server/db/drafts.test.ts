/**
 * The drafts store on SQLite and PostgreSQL: one draft per form and claimant key, replaced by each
 * save (its creation kept), joined to a caller's transaction on removal, read as absent once
 * expired, purged and summarised per form; a page save drops the documents it leaves without a
 * claim in one statement.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDraftDocuments } from '../../../server/db/draft-documents.js';
import { createDrafts } from '../../../server/db/drafts.js';
import { createSessionStore, sessionIdHash } from '../../../server/db/sessions.js';
import type { Drafts, NewDraft, SessionData } from '../../../server/db/types.js';
import { DIALECTS, manualClock, openTestDatabase, type TestDatabase } from './helpers.js';

/** What a statement the store sends does, by its SQL text as the driver gets it: 'insert' (the upsert, whatever it does first), 'delete', or transaction control. */
function statementKind(text: string): string {
  return /insert into drafts/.test(text) ? 'insert' : /^(\/\*[^*]*\*\/)?\s*delete from/.test(text) ? 'delete' : text;
}

/** Whether a statement deletes from draft_documents: alone (SQLite), or as a part of the upsert's statement (PostgreSQL). */
const deletesDocuments = (text: string) => text.includes('delete from draft_documents');

/** Transaction control, which the SQLite store's own transaction adds around its statements. */
const isControl = (text: string) => text === 'begin' || text === 'commit' || text === 'rollback';

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

  /** A drafts store on another handle of the same database, and the SQL text of each statement it sends (as the driver gets it: a statement compiled once is seen too). */
  async function recorded() {
    const sent: string[] = [];
    const handle = await t.reopen({ onStatement: (text) => sent.push(text) });
    // Those of its opening (its migrations' check) are not the store's.
    sent.length = 0;
    return { store: createDrafts(handle, { clock: clock.now }), db: handle.db, sent };
  }

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

  it("a save drops, in one statement, the documents of an expired draft it replaces and those its answers no longer name, keeping one added since the last save", async () => {
    // The statements the store sends to draft_documents, counted on their way to the database.
    const { store: counted, sent } = await recorded();
    const deletes = () => sent.filter(deletesDocuments);
    const documents = createDraftDocuments(t.database, { clock: clock.now });
    const key = { formType: 'Automotive' as const, claimantKey: 'key-a' };
    const limits = { maxTotalBytes: 10_000_000 };
    const add = async (contextClientId: string, name: string) => {
      const added = await documents.add(key, { contextClientId, name, type: 'application/pdf', size: name.length, sha256: 'ab'.repeat(32), object: { store: 'database', key: `documents/${name}` } }, limits);
      expect(added.ok).toBe(true);
    };
    const names = async () => (await documents.list(key)).map((d) => d.name).sort();

    await counted.save(draft({ models: [{ clientId: 'c1' }] }));
    expect(deletes()).toHaveLength(1);
    clock.advance(1000);
    await add('doc-a', 'a.pdf');
    await add('doc-b', 'b.pdf');
    clock.advance(1000);
    // Both still open on the page: kept by the save after they were added.
    await counted.save(draft({ models: [{ clientId: 'c1' }] }));
    expect(await names()).toEqual(['a.pdf', 'b.pdf']);
    clock.advance(1000);
    await add('doc-c', 'c.pdf');
    clock.advance(1000);
    // Answers naming a only: b (there at the last save) goes; c, added since, stays.
    await counted.save(draft({ models: [{ clientId: 'c1' }, { clientId: 'doc-a' }] }));
    expect(await names()).toEqual(['a.pdf', 'c.pdf']);
    expect(deletes()).toHaveLength(3);

    // Expired, then saved again: a new claim, without the old one's documents.
    clock.advance(25 * HOUR);
    await counted.save(draft({ models: [{ clientId: 'c1' }, { clientId: 'doc-a' }, { clientId: 'doc-c' }] }));
    expect(await names()).toEqual([]);
    expect(deletes()).toHaveLength(4);
  });

  it('sends the same SQL text for every save of the same answers, whenever it is made (each statement prepared once, not per save)', async () => {
    const { store, sent: texts } = await recorded();
    await store.save(draft());
    const first = [...texts];
    texts.length = 0;
    clock.advance(HOUR);
    await store.save(draft({ expiresAt: clock.now() + 24 * HOUR }));
    expect(first.length).toBeGreaterThan(0);
    expect(texts).toEqual(first);
  });

  it(`saves in ${dialect === 'postgres' ? 'one statement (the documents delete a part of the upsert)' : 'two statements'}, and with unlessFiled writes nothing once the claim is filed`, async () => {
    const { store: counted, db, sent } = await recorded();
    const kinds = () => sent.filter((text) => !isControl(text)).map(statementKind);
    const documents = createDraftDocuments(t.database, { clock: clock.now });
    const key = { formType: 'Automotive' as const, claimantKey: 'key-a' };
    const first = await db.transaction().execute((trx) => counted.save(draft({ unlessFiled: 'key-of-the-claim' }), trx));
    expect(kinds()).toEqual(dialect === 'postgres' ? ['insert'] : ['delete', 'insert']);
    clock.advance(1000);
    await documents.add(key, { contextClientId: 'doc-a', name: 'a.pdf', type: 'application/pdf', size: 1, sha256: 'ab'.repeat(32), object: { store: 'database', key: 'documents/a' } }, { maxTotalBytes: 1000 });
    clock.advance(1000);
    // The claim is filed (Submit in another tab): the save writes nothing, its document stays.
    await t.database.db
      .insertInto('submissions')
      .values({ reference_code: 'AUT-FILED1', form_type: 'Automotive', idempotency_key: 'key-of-the-claim', culture: 'en', payload: '{}', created_at: new Date(clock.now()).toISOString(), answers_sha256: null })
      .execute();
    await expect(counted.save(draft({ pageId: 'repairs', models: [{ clientId: 'c2' }], unlessFiled: 'key-of-the-claim' }))).rejects.toMatchObject({ name: 'ClaimFiledError', referenceCode: 'AUT-FILED1' });
    expect(await drafts.get(key)).toEqual(first);
    expect((await documents.list(key)).map((d) => d.name)).toEqual(['a.pdf']);
    // Another claim's key is no reason to refuse.
    await expect(counted.save(draft({ pageId: 'repairs', unlessFiled: 'another-key' }))).resolves.toMatchObject({ pageId: 'repairs' });
  });

  it(`extends the session it is activity of${dialect === 'postgres' ? ', in one statement without a transaction,' : ''} and writes nothing when that session is gone or the claim is filed`, async () => {
    const { store: counted, sent } = await recorded();
    const sessions = createSessionStore(t.database, { idleTimeoutMs: HOUR, clock: clock.now });
    const session = await sessions.create({ csrfSecret: 'x', authorizations: {} } as unknown as SessionData);
    const idHash = sessionIdHash(session.id);
    const key = { formType: 'Automotive' as const, claimantKey: 'key-a' };
    const expiry = async () => Number((await t.database.db.selectFrom('sessions').select('expires_at').where('id_hash', '=', idHash).executeTakeFirstOrThrow()).expires_at);

    clock.advance(1000);
    const saved = await counted.save(draft({ unlessFiled: 'key-of-the-claim', touchSession: { idHash, expiresAt: clock.now() + HOUR } }));
    expect(saved).toMatchObject({ pageId: 'claimant-info' });
    expect(await expiry()).toBe(clock.now() + HOUR);
    if (dialect === 'postgres') expect(sent.map(statementKind), JSON.stringify(sent)).toEqual(['insert']);

    // The session has expired meanwhile: nothing is written.
    clock.advance(2 * HOUR);
    await expect(counted.save(draft({ pageId: 'repairs', unlessFiled: 'key-of-the-claim', touchSession: { idHash, expiresAt: clock.now() + HOUR } }))).rejects.toMatchObject({ name: 'SessionGoneError' });
    expect(await drafts.get(key)).toEqual(saved);
    await expect(counted.save(draft({ pageId: 'repairs', touchSession: { idHash: sessionIdHash('no-such-session'), expiresAt: clock.now() + HOUR } }))).rejects.toMatchObject({ name: 'SessionGoneError' });
    expect(await drafts.get(key)).toEqual(saved);

    // A live session, a filed claim: nothing is written, the session is not extended.
    const live = await sessions.create({ csrfSecret: 'y', authorizations: {} } as unknown as SessionData);
    const liveHash = sessionIdHash(live.id);
    const liveExpiry = Number((await t.database.db.selectFrom('sessions').select('expires_at').where('id_hash', '=', liveHash).executeTakeFirstOrThrow()).expires_at);
    await t.database.db
      .insertInto('submissions')
      .values({ reference_code: 'AUT-FILED2', form_type: 'Automotive', idempotency_key: 'key-of-the-claim', culture: 'en', payload: '{}', created_at: new Date(clock.now()).toISOString(), answers_sha256: null })
      .execute();
    clock.advance(1000);
    await expect(counted.save(draft({ pageId: 'repairs', unlessFiled: 'key-of-the-claim', touchSession: { idHash: liveHash, expiresAt: clock.now() + HOUR } }))).rejects.toMatchObject({ name: 'ClaimFiledError', referenceCode: 'AUT-FILED2' });
    expect(Number((await t.database.db.selectFrom('sessions').select('expires_at').where('id_hash', '=', liveHash).executeTakeFirstOrThrow()).expires_at)).toBe(liveExpiry);
    expect(await drafts.get(key)).toEqual(saved);
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
