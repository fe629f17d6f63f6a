/**
 * Statements PostgreSQL keeps prepared (server/db/prepared.ts): a statement marked PREPARED is
 * planned once per connection (named), answers as an unnamed one does, and the hot statements —
 * the page save's, the session's read, a PIN sign-in's batches — are marked, with a text that does
 * not vary with the answers saved (else each variant would be prepared anew). Statement templates
 * (statement-batch.ts) are compiled once per shape and answer each use with its own values.
 */
import { DefaultQueryCompiler, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDrafts } from '../../../server/db/drafts.js';
import { PREPARED } from '../../../server/db/prepared.js';
import { createSessionStore, sessionIdHash } from '../../../server/db/sessions.js';
import { runTemplate, statementBatch, statementTemplate } from '../../../server/db/statement-batch.js';
import type { SessionData } from '../../../server/db/types.js';
import { DIALECTS, manualClock, openTestDatabase, type TestDatabase } from './helpers.js';

const HOUR = 60 * 60_000;

describe('prepared statements on PostgreSQL', () => {
  let t: TestDatabase;
  const texts: string[] = [];
  beforeEach(async () => {
    texts.length = 0;
    t = await openTestDatabase('postgres', { onStatement: (text) => void texts.push(text) });
  });
  afterEach(async () => {
    await t.cleanup();
  });

  it('prepares a marked statement on its connection once, answers it as an unnamed one, and leaves an unmarked one unnamed', async () => {
    await t.database.db.connection().execute(async (c) => {
      const prepared = async () => (await sql<{ n: number }>`${sql.raw(PREPARED)}select ${7}::int + 1 as n`.execute(c)).rows;
      expect(await prepared()).toEqual([{ n: 8 }]);
      expect(await prepared()).toEqual([{ n: 8 }]);
      expect((await sql<{ n: number }>`select ${7}::int + 2 as n`.execute(c)).rows).toEqual([{ n: 9 }]);
      const { rows } = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(c);
      expect(rows.map((r) => r.statement)).toEqual([`${PREPARED}select $1::int + 1 as n`]);
    });
  });

  it("marks the page save's statement and the session's read, with the same text whatever the answers name", async () => {
    const clock = manualClock();
    const drafts = createDrafts(t.database, { clock: clock.now });
    const sessions = createSessionStore(t.database, { idleTimeoutMs: HOUR, clock: clock.now });
    const session = await sessions.create({ csrfSecret: 'x', authorizations: {} } as unknown as SessionData);
    const save = (models: unknown[]) =>
      drafts.save({ formType: 'Automotive', claimantKey: 'key-a', pageId: 'claimant-info', models, authorizationId: 'auth-1', expiresAt: clock.now() + HOUR, touchSession: { idHash: sessionIdHash(session.id), expiresAt: clock.now() + HOUR } });
    texts.length = 0;
    await sessions.get(session.id);
    const one = await save([{ clientId: 'c1' }]);
    clock.advance(1000);
    const three = await save([{ clientId: 'c1' }, { clientId: 'c2' }, { clientId: 'c3' }]);
    expect(texts).toHaveLength(3);
    expect(texts.every((text) => text.startsWith(PREPARED))).toBe(true);
    expect(texts[1]).toBe(texts[2]);
    // The answers as saved, read back as the unnamed statement read them.
    expect(one.models).toEqual([{ clientId: 'c1' }]);
    expect(three.models).toEqual([{ clientId: 'c1' }, { clientId: 'c2' }, { clientId: 'c3' }]);
    expect(three.updatedAt).toBe(clock.now());
  });

  it('marks a batch asked to be prepared, and only that one', async () => {
    texts.length = 0;
    const prepared = statementBatch(t.database.db, 'postgres', { prepared: true });
    const a = prepared.add(sql`select 1 as one`);
    const b = prepared.add(sql`select 2 as two`);
    await prepared.run();
    expect([await a.rows, await b.rows]).toEqual([[{ one: 1 }], [{ two: 2 }]]);
    const plain = statementBatch(t.database.db, 'postgres');
    plain.add(sql`select 1 as one`);
    plain.add(sql`select 2 as two`);
    await plain.run();
    expect(texts.map((text) => text.startsWith(PREPARED))).toEqual([true, false]);
  });
});

describe.each(DIALECTS)('statement templates over %s', (dialect) => {
  let t: TestDatabase;
  const texts: string[] = [];
  beforeEach(async () => {
    texts.length = 0;
    t = await openTestDatabase(dialect, { onStatement: (text) => void texts.push(text) });
  });
  afterEach(async () => {
    await t.cleanup();
  });

  const SUM = statementTemplate((v) => sql`select cast(${v(0)} as integer) + cast(${v(1)} as integer) + cast(${v(0)} as integer) as n`);
  /** A part reading an earlier one by its name (PostgreSQL: one statement, the earlier part a common table expression). */
  const READS = statementTemplate((v, name) => sql`select cast(count(*) as integer) as earlier, cast(${v(0)} as text) as label from ${name(0)}`);

  it("answers each use with its own values, and compiles a shape once: a batch's, a statement's alone", async () => {
    const batchOf = async (a: number, b: number) => {
      const batch = statementBatch(t.database.db, dialect, { prepared: true });
      const sum = batch.add({ template: SUM, values: [a, b] });
      const second = batch.add(dialect === 'postgres' ? { template: READS, values: [`after ${a}`], names: [sum.name] } : { template: SUM, values: [b, a] });
      await batch.run();
      return [await sum.rows, await second.rows];
    };
    const expected = (a: number, b: number) => [[{ n: a + b + a }], dialect === 'postgres' ? [{ earlier: 1, label: `after ${a}` }] : [{ n: b + a + b }]];
    expect(await batchOf(1, 2)).toEqual(expected(1, 2));
    expect(await runTemplate(t.database.db, dialect, { template: SUM, values: [5, 1] })).toEqual([{ n: 11 }]);
    const compiles = vi.spyOn(DefaultQueryCompiler.prototype, 'compileQuery');
    try {
      texts.length = 0;
      expect(await batchOf(10, 20)).toEqual(expected(10, 20));
      expect(await runTemplate(t.database.db, dialect, { template: SUM, values: [7, 0] })).toEqual([{ n: 14 }]);
      expect(compiles).not.toHaveBeenCalled();
      // PostgreSQL: the two parts one statement, the one alone another; SQLite: each part its own.
      expect(texts.length).toBe(dialect === 'postgres' ? 2 : 3);
    } finally {
      compiles.mockRestore();
    }
  });
});

describe('statement templates in a SQLite transaction', () => {
  let t: TestDatabase;
  const texts: string[] = [];
  beforeEach(async () => {
    texts.length = 0;
    t = await openTestDatabase('sqlite', { onStatement: (text) => void texts.push(text) });
  });
  afterEach(async () => {
    await t.cleanup();
  });

  const INSERT = statementTemplate((v) => sql`insert into sessions (id_hash, data, expires_at, created_at) values (${v(0)}, '{}', ${v(1)}, 0) returning id_hash`);
  const COUNT = statementTemplate((v) => sql`select cast(count(*) as integer) as n from sessions where id_hash = ${v(0)}`);

  it("runs on the transaction's connection at once, its writes seen by the transaction and undone with it, and its errors the caller's", async () => {
    const { db } = t.database;
    await expect(
      db.transaction().execute(async (trx) => {
        texts.length = 0;
        const inserted = runTemplate(trx, 'sqlite', { template: INSERT, values: ['a', 1] });
        // Told as every statement is (the listener sees it before the caller awaits it).
        expect(texts).toEqual([expect.stringContaining('insert into sessions')]);
        expect(await inserted).toEqual([{ id_hash: 'a' }]);
        expect(await runTemplate(trx, 'sqlite', { template: COUNT, values: ['a'] })).toEqual([{ n: 1 }]);
        // The same key again: the database's refusal reaches the caller.
        await expect(runTemplate(trx, 'sqlite', { template: INSERT, values: ['a', 2] })).rejects.toThrow(/UNIQUE/);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    // Outside a transaction, through the connection as before: the transaction's write is gone.
    expect(await runTemplate(db, 'sqlite', { template: COUNT, values: ['a'] })).toEqual([{ n: 0 }]);
  });
});
