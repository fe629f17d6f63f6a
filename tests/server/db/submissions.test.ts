import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { InvalidSubmissionError, SubmissionConflictError } from '../../../server/db/errors.js';
import { isValidReferenceCode } from '../../../server/db/reference-code.js';
import { createSubmissions } from '../../../server/db/submissions.js';
import type { DuplicateMark, EarlierFilings, NewDocument, NewSubmission, Submissions } from '../../../server/db/types.js';
import { DIALECTS, manualClock, openTestDatabase, type TestDatabase } from './helpers.js';

function doc(name: string, bytes: Buffer, contextClientId = 'doc0000001abcdefgh'): NewDocument {
  return { contextClientId, name, type: 'application/pdf', size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex'), bytes };
}

function claim(key: string, documents: NewDocument[] = [], formType: NewSubmission['formType'] = 'Automotive'): NewSubmission {
  return {
    formType,
    idempotencyKey: key,
    culture: 'es',
    payload: { claimantInfo: { clientId: 'cla0000001abcdefgh', metadata: {}, fields: { firstName: 'María', lastName: "O'Neil" } } },
    documents,
  };
}

const thrown = (error: Error): never => {
  throw error;
};

async function rowCounts(t: TestDatabase) {
  const count = async (table: 'submissions' | 'documents') =>
    Number((await t.database.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  return { submissions: await count('submissions'), documents: await count('documents') };
}

describe.each(DIALECTS)('submissions over %s', (dialect) => {
  let t: TestDatabase;
  let clock: ReturnType<typeof manualClock>;
  let store: Submissions;
  beforeEach(async () => {
    t = await openTestDatabase(dialect);
    clock = manualClock();
    store = createSubmissions(t.database, { clock: clock.now });
  });
  afterEach(async () => t.cleanup());

  it('stores a submission with a valid reference code, and a retry returns the same code with one row', async () => {
    const first = await store.storeSubmission(claim('k1', [doc('invoice.pdf', Buffer.from('%PDF-1.7 a'))]));
    expect(first.created).toBe(true);
    expect(first.referenceCode).toMatch(/^AUT-[2-9A-HJKMNP-Z]{9}$/);
    expect(isValidReferenceCode(first.referenceCode)).toBe(true);
    const retry = await store.storeSubmission(claim('k1', [doc('invoice.pdf', Buffer.from('%PDF-1.7 a')), doc('other.pdf', Buffer.from('b'))]));
    expect(retry).toEqual({ referenceCode: first.referenceCode, created: false, submissionId: first.submissionId });
    expect(await rowCounts(t)).toEqual({ submissions: 1, documents: 1 });
  });

  it('gives one row when two stores with one key race', async () => {
    const results = await Promise.all([1, 2, 3].map(() => store.storeSubmission(claim('race', [doc('a.pdf', Buffer.from('a'))]))));
    expect(new Set(results.map((r) => r.referenceCode)).size).toBe(1);
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(await rowCounts(t)).toEqual({ submissions: 1, documents: 1 });
  });

  // Several instances share PostgreSQL; two better-sqlite3 handles in ONE process would block
  // each other (its busy wait is synchronous), so SQLite's multi-process case is not this test.
  it.runIf(dialect === 'postgres')('gives one row when two server instances store the same key at once', async () => {
    const other = createSubmissions(await t.reopen(), { clock: clock.now });
    const results = await Promise.all([store.storeSubmission(claim('two-instances')), other.storeSubmission(claim('two-instances'))]);
    expect(results[0].referenceCode).toBe(results[1].referenceCode);
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect((await rowCounts(t)).submissions).toBe(1);
  });

  it('refuses the same key with other answers, naming the stored reference code, and writes nothing', async () => {
    const first = await store.storeSubmission(claim('k-answers'));
    const other = { ...claim('k-answers', [doc('late.pdf', Buffer.from('x'))]), payload: { claimantInfo: { fields: { firstName: 'Otra' } } } };
    const refused = await store.storeSubmission(other).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(SubmissionConflictError);
    expect((refused as SubmissionConflictError).referenceCode).toBe(first.referenceCode);
    expect(await rowCounts(t)).toEqual({ submissions: 1, documents: 0 });
  });

  it("writes the database store's objects with a new submission's rows, byte for byte, and none for a retry or a refused claim", async () => {
    const bytes = Buffer.from('%PDF-1.7 object');
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const withObject = (key: string, objectKey: string, payload?: unknown): NewSubmission => ({
      ...claim(key),
      ...(payload ? { payload } : {}),
      documents: [{ contextClientId: 'doc0000001abcdefgh', name: 'invoice.pdf', type: 'application/pdf', size: bytes.length, sha256, object: { store: 'database', key: objectKey } }],
      objects: [{ key: objectKey, size: bytes.length, sha256, bytes }],
    });
    const objectKeys = async () => (await t.database.db.selectFrom('document_objects').select('key').orderBy('key').execute()).map((r) => r.key);
    const first = await store.storeSubmission(withObject('k-objects', 'documents/first'));
    expect(first.created).toBe(true);
    const [stored] = await store.getDocuments(first.submissionId);
    expect(stored?.object).toEqual({ store: 'database', key: 'documents/first' });
    expect(stored?.bytes?.equals(bytes)).toBe(true);
    expect(await store.storeSubmission(withObject('k-objects', 'documents/retry'))).toMatchObject({ created: false, referenceCode: first.referenceCode });
    const refused = await store.storeSubmission(withObject('k-objects', 'documents/refused', { other: true })).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(SubmissionConflictError);
    expect(await objectKeys()).toEqual(['documents/first']);
  });

  it('hands each identifier\'s earlier submissions to the judge, stores its marks, and rolls everything back on its refusal', async () => {
    const seen: EarlierFilings[][] = [];
    const judge = (earlier: EarlierFilings[]): DuplicateMark[] => {
      seen.push(earlier);
      return earlier.flatMap(({ identifier, filings }) =>
        Object.entries(filings).map(([formType, f]) => ({ identifier: identifier.kind, formType: formType as 'Automotive', count: f!.count, first: f!.first })),
      );
    };
    const named = (key: string, formType: NewSubmission['formType'] = 'Automotive'): NewSubmission => ({ ...claim(key, [], formType), identifiers: [{ kind: 'vin', value: 'VIN1' }, { kind: 'noticeId', value: 'N1' }] });
    const a = await store.storeSubmission(named('a'), { judgeDuplicates: judge });
    const b = await store.storeSubmission(named('b', 'Exclusion'), { judgeDuplicates: judge });
    // A fixed lock order: the Notice ID before the VIN, whatever the caller's order.
    expect(seen[0]!.map((e) => e.identifier.kind)).toEqual(['noticeId', 'vin']);
    expect(seen[0]!.every((e) => Object.keys(e.filings).length === 0)).toBe(true);
    expect(seen[1]!.map((e) => e.filings)).toEqual([{ Automotive: { count: 1, first: a.referenceCode } }, { Automotive: { count: 1, first: a.referenceCode } }]);
    const records = new Map((await store.listSubmissions()).map((r) => [r.referenceCode, r.duplicateOf]));
    expect(records.get(a.referenceCode)).toEqual([]);
    expect(records.get(b.referenceCode)).toEqual([
      { identifier: 'noticeId', formType: 'Automotive', count: 1, first: a.referenceCode },
      { identifier: 'vin', formType: 'Automotive', count: 1, first: a.referenceCode },
    ]);
    // A refusal: nothing written (the counts did not move), the judge's error as the rejection, no retry.
    let judged = 0;
    const refusal = new Error('refused by the policy');
    await expect(store.storeSubmission(named('c'), { judgeDuplicates: () => (judged++, thrown(refusal)) })).rejects.toBe(refusal);
    expect(judged).toBe(1);
    expect(await rowCounts(t)).toEqual({ submissions: 2, documents: 0 });
    await store.storeSubmission(named('d'), { judgeDuplicates: judge });
    expect(seen.at(-1)!.map((e) => e.filings)).toEqual([
      { Automotive: { count: 1, first: a.referenceCode }, Exclusion: { count: 1, first: b.referenceCode } },
      { Automotive: { count: 1, first: a.referenceCode }, Exclusion: { count: 1, first: b.referenceCode } },
    ]);
    // A retry of a stored submission is answered without being judged again.
    expect((await store.storeSubmission(named('a'), { judgeDuplicates: () => thrown(refusal) })).referenceCode).toBe(a.referenceCode);
  });

  it('judges concurrent submissions naming one identifier one after the other, on every instance', async () => {
    const instances = dialect === 'postgres' ? [store, createSubmissions(await t.reopen(), { clock: clock.now }), createSubmissions(await t.reopen(), { clock: clock.now })] : [store, store, store];
    const firstOnly = (earlier: EarlierFilings[]) => (earlier.some((e) => Object.keys(e.filings).length > 0) ? thrown(new Error('a second one')) : []);
    const results = await Promise.allSettled(
      instances.map((s, i) => s.storeSubmission({ ...claim(`parallel-${i}`), identifiers: [{ kind: 'noticeId', value: 'N-PARALLEL' }] }, { judgeDuplicates: firstOnly })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect((await rowCounts(t)).submissions).toBe(1);
  });

  it('writes nothing when a document insert fails mid-transaction', async () => {
    if (dialect === 'sqlite') {
      await sql.raw(`create trigger fail_doc before insert on documents when new.name = 'explode.pdf' begin select raise(abort, 'simulated failure'); end`).execute(t.database.db);
    } else {
      await sql.raw(`create function fail_doc() returns trigger language plpgsql as $$ begin if new.name = 'explode.pdf' then raise exception 'simulated failure'; end if; return new; end $$`).execute(t.database.db);
      await sql.raw('create trigger fail_doc before insert on documents for each row execute function fail_doc()').execute(t.database.db);
    }
    await expect(store.storeSubmission(claim('k-fail', [doc('fine.pdf', Buffer.from('1')), doc('explode.pdf', Buffer.from('2'))]))).rejects.toThrow(/simulated failure/);
    expect(await rowCounts(t)).toEqual({ submissions: 0, documents: 0 });
    // The key is still free: a later, good attempt is stored.
    expect((await store.storeSubmission(claim('k-fail', [doc('fine.pdf', Buffer.from('1'))]))).created).toBe(true);
  });

  it('refuses documents whose size or sha256 do not match their bytes, writing nothing', async () => {
    const bad = { ...doc('a.pdf', Buffer.from('abc')), sha256: '0'.repeat(64) };
    await expect(store.storeSubmission(claim('k-bad', [bad]))).rejects.toBeInstanceOf(InvalidSubmissionError);
    await expect(store.storeSubmission(claim('k-bad', [{ ...doc('a.pdf', Buffer.from('abc')), size: 4 }]))).rejects.toBeInstanceOf(InvalidSubmissionError);
    expect(await rowCounts(t)).toEqual({ submissions: 0, documents: 0 });
  });

  it('gives the documents back byte-identical, in order, with their metadata', async () => {
    const binary = randomBytes(300_000);
    binary[0] = 0;
    binary[binary.length - 1] = 0;
    const docs = [doc('scan.pdf', binary, 'doc0000001aaaaaaaa'), doc('empty.txt', Buffer.alloc(0), 'doc0000002bbbbbbbb'), doc('ünïcødé name.jpg', Buffer.from([0xff, 0xd8, 0xff, 0x00]), 'doc0000003cccccccc')];
    const { submissionId } = await store.storeSubmission(claim('bytes', docs));
    const back = await store.getDocuments(submissionId);
    expect(back.map((d) => [d.name, d.contextClientId, d.size, d.sha256])).toEqual(docs.map((d) => [d.name, d.contextClientId, d.size, d.sha256]));
    back.forEach((d, i) => expect(Buffer.compare(d.bytes ?? Buffer.alloc(0), docs[i]!.bytes ?? Buffer.alloc(1))).toBe(0));
  });

  it('lists submissions with their answers and document metadata, filtered by form type and date', async () => {
    const a = await store.storeSubmission(claim('a', [doc('a.pdf', Buffer.from('a'))]));
    clock.advance(86_400_000);
    const b = await store.storeSubmission(claim('b', [], 'Exclusion'));
    clock.advance(86_400_000);
    const c = await store.storeSubmission(claim('c'));
    const all = await store.listSubmissions();
    expect(all.map((s) => s.referenceCode)).toEqual([a.referenceCode, b.referenceCode, c.referenceCode]);
    expect(all[0]).toMatchObject({ formType: 'Automotive', culture: 'es', createdAt: '2027-01-15T12:00:00.000Z', documents: [{ name: 'a.pdf', size: 1 }] });
    expect(all[0]!.payload).toEqual(claim('a').payload);
    expect(b.referenceCode.startsWith('EXC-')).toBe(true);
    expect((await store.listSubmissions({ formType: 'Exclusion' })).map((s) => s.referenceCode)).toEqual([b.referenceCode]);
    const day2 = await store.listSubmissions({ from: new Date('2027-01-16T00:00:00Z'), to: new Date('2027-01-17T00:00:00Z') });
    expect(day2.map((s) => s.referenceCode)).toEqual([b.referenceCode]);
    expect((await store.getByReferenceCode(c.referenceCode.toLowerCase()))?.id).toBe(c.submissionId);
    expect(await store.getByReferenceCode('AUT-XXXXXXXXX')).toBeNull();
  });
});
