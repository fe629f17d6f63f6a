/**
 * Statements of one transaction sent together. On PostgreSQL every statement is a round trip, so
 * the parts added before `run()` go as one statement: each part a common table expression, each
 * answering its rows (as JSON). A part's writes are not seen by the reads of other parts of the same
 * statement (one snapshot), and a later part may read an earlier one's RETURNING rows by its `name`.
 * On SQLite (in-process, no round trip; no writes in common table expressions) each part runs at
 * once, in the order added. A part added after `run()` runs alone.
 *
 * Given a transaction, the parts are of it; given the database, the one statement is atomic by
 * itself on PostgreSQL (no BEGIN and COMMIT to send), and on SQLite each part commits on its own.
 *
 * A part must answer rows: a SELECT, or a write with RETURNING.
 *
 * `prepared`: PostgreSQL keeps the batch's statement prepared (open.ts, prepared.ts): for a batch
 * sent on nearly every request whose parts are always of a few shapes (a sign-in's), not for one
 * whose text grows with its rows.
 */
import { sql, type Kysely, type OperationNodeSource, type RawBuilder } from 'kysely';
import { isRecord } from '../../runtime/core/guards.js';
import { PREPARED } from './prepared.js';
import type { Tables } from './schema.js';
import type { BatchPart, BatchRow, StatementBatch, Trx } from './types.js';

/** Whether a write is given a batch to join rather than a transaction. */
export const isStatementBatch = (given: Trx | StatementBatch): given is StatementBatch => 'deferred' in given;

const rowsOf = (value: unknown): BatchRow[] => (Array.isArray(value) ? value.filter(isRecord) : []);

export function statementBatch(trx: Kysely<Tables>, dialect: 'sqlite' | 'postgres', options: { prepared?: boolean } = {}): StatementBatch {
  // Names of common table expressions of one statement: unique within it.
  const prefix = 'batch_part_';
  let count = 0;
  const mark = sql.raw(options.prepared && dialect === 'postgres' ? PREPARED : '');
  const execute = async (query: OperationNodeSource | RawBuilder<unknown>) => (await sql<BatchRow>`${mark}${query}`.execute(trx)).rows;
  if (dialect === 'sqlite') {
    let previous: Promise<unknown> = Promise.resolve();
    let failure: { error: unknown } | undefined;
    let last: BatchPart | undefined;
    return {
      deferred: false,
      get last() {
        return last;
      },
      add(query) {
        const rows = previous.then(() => execute(query));
        // The first error is what run() throws; a part's rows need not be awaited after it.
        previous = rows.catch((error: unknown) => void (failure ??= { error }));
        last = { name: `${prefix}${count++}`, rows };
        return last;
      },
      async run() {
        await previous;
        if (failure) throw failure.error;
      },
    };
  }
  let pending: Array<{ name: string; query: OperationNodeSource | RawBuilder<unknown>; resolve(rows: BatchRow[]): void; reject(error: unknown): void }> = [];
  let ran = false;
  let last: BatchPart | undefined;
  return {
    deferred: true,
    get last() {
      return last;
    },
    add(query) {
      const name = `${prefix}${count++}`;
      if (ran) return (last = { name, rows: execute(query) });
      const rows = new Promise<BatchRow[]>((resolve, reject) => pending.push({ name, query, resolve, reject }));
      // Rejected with the statement's error, which run() throws: not a second, unhandled one.
      rows.catch(() => {});
      return (last = { name, rows });
    },
    async run() {
      ran = true;
      const parts = pending;
      pending = [];
      if (!parts.length) return;
      try {
        const only = parts.length === 1 ? parts[0] : undefined;
        if (only) {
          only.resolve(await execute(only.query));
          return;
        }
        const ctes = sql.join(parts.map((p) => sql`${sql.id(p.name)} as (${p.query})`));
        const answers = sql.join(parts.map((p) => sql`(select coalesce(json_agg(${sql.id(p.name)}), '[]'::json) from ${sql.id(p.name)}) as ${sql.id(p.name)}`));
        const { rows } = await sql<Record<string, unknown>>`${mark}with ${ctes} select ${answers}`.execute(trx);
        const row = rows[0] ?? {};
        for (const p of parts) p.resolve(rowsOf(row[p.name]));
      } catch (error) {
        for (const p of parts) p.reject(error);
        throw error;
      }
    },
  };
}
