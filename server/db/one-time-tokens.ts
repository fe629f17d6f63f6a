/**
 * Single-use hashes (captcha tokens, captcha raw values) in the database, shared by all instances.
 * Calls given a transaction (`trx`) write in it; the others commit on their own.
 */
import { isStatementBatch } from './statement-batch.js';
import type { Clock, Database, OneTimeTokens } from './types.js';

export function createOneTimeTokens(database: Database, options: { clock?: Clock } = {}): OneTimeTokens {
  const { db } = database;
  const clock = options.clock ?? Date.now;
  return {
    async issue(hash, expiresAt, trx) {
      const insert = (trx && !isStatementBatch(trx) ? trx : db)
        .insertInto('one_time_tokens')
        .values({ hash, state: 'issued', expires_at: expiresAt })
        .onConflict((oc) => oc.column('hash').doNothing());
      if (trx && isStatementBatch(trx)) await trx.add(insert.returning('hash')).rows;
      else await insert.execute();
    },
    async consume(hash, trx, by) {
      // One UPDATE decides: of two concurrent consumers for different uses exactly one changes the row.
      const update = (trx && !isStatementBatch(trx) ? trx : db)
        .updateTable('one_time_tokens')
        .set({ state: 'used', used_by: by ?? null })
        .where('hash', '=', hash)
        .where((eb) => (by === undefined ? eb('state', '=', 'issued') : eb.or([eb('state', '=', 'issued'), eb('used_by', '=', by)])))
        .where('expires_at', '>', clock())
        .returning('hash');
      const rows = trx && isStatementBatch(trx) ? await trx.add(update).rows : await update.execute();
      return rows.length === 1;
    },
    async markUsed(hash, expiresAt, trx) {
      const insert = (trx && !isStatementBatch(trx) ? trx : db)
        .insertInto('one_time_tokens')
        .values({ hash, state: 'used', expires_at: expiresAt })
        .onConflict((oc) => oc.column('hash').doNothing())
        .returning('hash');
      const rows = trx && isStatementBatch(trx) ? await trx.add(insert).rows : await insert.execute();
      return rows.length === 1;
    },
    async purgeExpired() {
      const result = await db.deleteFrom('one_time_tokens').where('expires_at', '<=', clock()).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
