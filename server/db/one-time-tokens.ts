/**
 * Single-use hashes (captcha tokens, captcha raw values) in the database, shared by all instances.
 * Calls given a transaction (`trx`) write in it; the others commit on their own.
 */
import { sql } from 'kysely';
import { isStatementBatch, runTemplate, statementTemplate } from './statement-batch.js';
import type { Clock, Database, OneTimeTokens, TemplatePart } from './types.js';

// Compiled once (statement-batch.ts): written on every authorize and submit, and the query builder
// takes longer to assemble a statement than the database takes to run it.
const ISSUE = statementTemplate((v) => sql`insert into one_time_tokens (hash, state, expires_at) values (${v(0)}, 'issued', ${v(1)}) on conflict (hash) do nothing returning hash`);
const MARK_USED = statementTemplate((v) => sql`insert into one_time_tokens (hash, state, expires_at) values (${v(0)}, 'used', ${v(1)}) on conflict (hash) do nothing returning hash`);
/** One UPDATE decides: of two concurrent consumers for different uses exactly one changes the row. */
const CONSUME = statementTemplate((v) => sql`update one_time_tokens set state = 'used', used_by = null where hash = ${v(0)} and state = 'issued' and expires_at > ${v(1)} returning hash`);
const CONSUME_BY = statementTemplate(
  (v) => sql`update one_time_tokens set state = 'used', used_by = ${v(2)} where hash = ${v(0)} and (state = 'issued' or used_by = ${v(2)}) and expires_at > ${v(1)} returning hash`,
);

export function createOneTimeTokens(database: Database, options: { clock?: Clock } = {}): OneTimeTokens {
  const { db } = database;
  const clock = options.clock ?? Date.now;
  const rowsOf = async (part: TemplatePart, trx: Parameters<OneTimeTokens['issue']>[2]) =>
    trx && isStatementBatch(trx) ? await trx.add(part).rows : await runTemplate(trx ?? db, database.dialect, part);
  return {
    async issue(hash, expiresAt, trx) {
      await rowsOf({ template: ISSUE, values: [hash, expiresAt] }, trx);
    },
    async consume(hash, trx, by) {
      const part = by === undefined ? { template: CONSUME, values: [hash, clock()] } : { template: CONSUME_BY, values: [hash, clock(), by] };
      return (await rowsOf(part, trx)).length === 1;
    },
    async markUsed(hash, expiresAt, trx) {
      return (await rowsOf({ template: MARK_USED, values: [hash, expiresAt] }, trx)).length === 1;
    },
    async purgeExpired() {
      const result = await db.deleteFrom('one_time_tokens').where('expires_at', '<=', clock()).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
