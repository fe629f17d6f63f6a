/**
 * Resume codes (save and finish later): one per claim in progress, kept as a keyed digest only.
 * A code works exactly as long as its draft: a submitted or purged draft takes its code with it,
 * and `find` tells an expired one's expiry (the caller refuses it with its own message).
 */
import type { Clock, Database, ResumeCodes } from './types.js';

export function createResumeCodes(database: Database, options: { clock?: Clock } = {}): ResumeCodes {
  const { db } = database;
  const clock = options.clock ?? Date.now;
  return {
    async issue({ formType, claimantKey }, codeHash, trx) {
      const write = async (executor: typeof db) => {
        await executor.deleteFrom('resume_codes').where('form_type', '=', formType).where('claimant_key', '=', claimantKey).execute();
        await executor.insertInto('resume_codes').values({ code_hash: codeHash, form_type: formType, claimant_key: claimantKey, created_at: clock() }).execute();
      };
      if (trx) await write(trx);
      else await db.transaction().execute(write);
    },

    async find(codeHash) {
      const row = await db
        .selectFrom('resume_codes')
        .innerJoin('drafts', (join) => join.onRef('drafts.form_type', '=', 'resume_codes.form_type').onRef('drafts.claimant_key', '=', 'resume_codes.claimant_key'))
        .select(['resume_codes.form_type', 'resume_codes.claimant_key', 'drafts.expires_at'])
        .where('resume_codes.code_hash', '=', codeHash)
        .executeTakeFirst();
      return row ? { formType: row.form_type, claimantKey: row.claimant_key, expiresAt: Number(row.expires_at) } : null;
    },

    async purgeExpired() {
      const now = clock();
      const result = await db
        .deleteFrom('resume_codes')
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('drafts')
                .select('drafts.claimant_key')
                .whereRef('drafts.form_type', '=', 'resume_codes.form_type')
                .whereRef('drafts.claimant_key', '=', 'resume_codes.claimant_key')
                .where('drafts.expires_at', '>', now),
            ),
          ),
        )
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
