/**
 * Single-use hashes (captcha tokens, captcha raw values) in the database, shared by all instances.
 * Calls given a transaction (`trx`) write in it; the others commit on their own.
 */
import { sql } from 'kysely';
import { isStatementBatch } from './statement-batch.js';
import type { Clock, Database, OneTimeTokens } from './types.js';

export function createOneTimeTokens(database: Database, options: { clock?: Clock } = {}): OneTimeTokens {
  const { db } = database;
  const clock = options.clock ?? Date.now;
  return {
    // SQL text: written on every authorize and submit, and the query builder takes longer to
    // assemble a statement than the database takes to run it.
    async issue(hash, expiresAt, trx) {
      const insert = sql`insert into one_time_tokens (hash, state, expires_at) values (${hash}, 'issued', ${expiresAt}) on conflict (hash) do nothing`;
      if (trx && isStatementBatch(trx)) await trx.add(sql`${insert} returning hash`).rows;
      else await insert.execute(trx ?? db);
    },
    async consume(hash, trx, by) {
      // One UPDATE decides: of two concurrent consumers for different uses exactly one changes the row.
      const usable = by === undefined ? sql`state = 'issued'` : sql`(state = 'issued' or used_by = ${by})`;
      const update = sql`update one_time_tokens set state = 'used', used_by = ${by ?? null} where hash = ${hash} and ${usable} and expires_at > ${clock()} returning hash`;
      const rows = trx && isStatementBatch(trx) ? await trx.add(update).rows : (await update.execute(trx ?? db)).rows;
      return rows.length === 1;
    },
    async markUsed(hash, expiresAt, trx) {
      const insert = sql`insert into one_time_tokens (hash, state, expires_at) values (${hash}, 'used', ${expiresAt}) on conflict (hash) do nothing returning hash`;
      const rows = trx && isStatementBatch(trx) ? await trx.add(insert).rows : (await insert.execute(trx ?? db)).rows;
      return rows.length === 1;
    },
    async purgeExpired() {
      const result = await db.deleteFrom('one_time_tokens').where('expires_at', '<=', clock()).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
