/**
 * The e-mail outbox: messages written in the transaction of the event they tell about (a claim's
 * receipt is queued with the claim, so there is no claim without its receipt and no receipt without
 * its claim), then delivered by server/mail/sender.ts.
 *
 * Delivery is leased: a sender takes a due row with one compare-and-set UPDATE (its lease expired or
 * never taken), so two instances never send the same row at once; it marks the row sent once the
 * SMTP server accepted the message. A sender that dies between the two leaves a lease that expires,
 * and the message is sent again with the same Message-ID (see messageIdOf), so the copy can be
 * recognised. A failed delivery waits an exponentially growing delay; after `maxAttempts` the row
 * stays `failed` for the administrator (`npm run admin -- outbox`).
 *
 * What a message said (its body, with a claim's answers or a resume link; its subject and
 * recipient) is emptied a retention period after it was sent or given up (`purgeContent`); the row
 * and its delivery facts stay, so its dedupe key still keeps the event from being mailed twice.
 */
import { sql, type ExpressionBuilder, type Selectable } from 'kysely';
import type { OutboxTable, Tables } from './schema.js';
import { isStatementBatch, runTemplate, statementTemplate } from './statement-batch.js';
import type { Clock, Database, StatementBatch, Trx } from './types.js';

export type MailStatus = 'queued' | 'sent' | 'failed';

const isMailStatus = (status: string): status is MailStatus => status === 'queued' || status === 'sent' || status === 'failed';

/**
 * A message ready to queue: already rendered in the recipient's language, or (with `renderData`,
 * subject and bodies empty) rendered by the sender just before it is sent.
 */
export interface NewMail {
  kind: string;
  to: string;
  culture: string;
  subject: string;
  text: string;
  html: string;
  /** What the sender renders the message from (JSON), when it is rendered at send. */
  renderData?: string | null;
  /** At most one message is ever queued under this key (a retried submit queues no second receipt). */
  dedupeKey?: string | null;
  submissionId?: number | null;
}

/** A queued message a sender holds the lease of. */
export interface LeasedMail {
  id: number;
  kind: string;
  to: string;
  culture: string;
  subject: string;
  text: string;
  html: string;
  /** What the message is rendered from at send (its subject and bodies are then empty); null when queued rendered. */
  renderData: string | null;
  /** This delivery's number, 1 for the first. */
  attempt: number;
  createdAt: number;
}

/** A message given up on, as the administrator sees it: no body, the recipient's domain only. */
export interface FailedMail {
  id: number;
  kind: string;
  recipientDomain: string;
  attempts: number;
  lastError: string | null;
  createdAt: number;
  /** The submission it tells about, if any. */
  referenceCode: string | null;
  /** Its content was emptied after the retention period: it cannot be queued again. */
  purged: boolean;
}

/** Sent and given-up messages by whether their content is still kept. */
export interface ContentRetention {
  /** Emptied already. */
  purged: number;
  /** Past the retention period, awaiting the next purge. */
  due: number;
  /** Still within the retention period. */
  kept: number;
}

export interface RetryPolicy {
  /** Deliveries before a message is left `failed`. Default 8. */
  maxAttempts: number;
  /** Delay after the first failure, doubled after each next one. Default 1 minute. */
  baseDelayMs: number;
  /** The longest delay. Default 1 hour. */
  maxDelayMs: number;
  /** How long a sender holds a message it took; longer than one SMTP delivery may take. Default 5 minutes. */
  leaseMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { maxAttempts: 8, baseDelayMs: 60_000, maxDelayMs: 60 * 60_000, leaseMs: 5 * 60_000 };

/** The wait after the `attempt`-th failed delivery. */
export function retryDelayMs(attempt: number, policy: Pick<RetryPolicy, 'baseDelayMs' | 'maxDelayMs'>): number {
  return Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, attempt - 1));
}

export interface Outbox {
  /** Queues a message inside `trx`; its id, or null when `dedupeKey` was already queued. */
  /** In `trx`, or as a part of its batch. */
  enqueue(trx: Trx | StatementBatch, mail: NewMail): Promise<number | null>;
  /** Leases up to `limit` due messages for `owner`; each one is held by this owner alone until its lease ends. */
  lease(owner: string, limit: number): Promise<LeasedMail[]>;
  /**
   * How long until a queued message can be taken (ms; 0: now): its next attempt, or the end of the
   * lease of the sender holding it (one that stopped while sending). Null when nothing is queued.
   */
  nextRunIn(): Promise<number | null>;
  /** Marks a leased message sent; false when `owner` no longer held it. */
  markSent(id: number, owner: string): Promise<boolean>;
  /** Records a failed delivery: queued again after the backoff delay, or `failed` after the last attempt. */
  markFailed(id: number, owner: string, error: string): Promise<MailStatus | null>;
  /** The recipient of the message queued under `dedupeKey` ('' once its content was purged), or null. */
  recipientOf(dedupeKey: string): Promise<string | null>;
  counts(): Promise<Record<MailStatus, number>>;
  failed(): Promise<FailedMail[]>;
  /** Queues every failed message whose content is kept again, due now, with its attempts reset; how many. */
  retryFailed(): Promise<number>;
  /**
   * Empties the body, subject, recipient, data to render from and last error of the messages sent or given up at or
   * before `before` (epoch ms); how many. Status, attempts, dedupe key, sent time and what the
   * Message-ID is made of stay.
   */
  purgeContent(before: number): Promise<number>;
  /** How many sent and given-up messages are purged, due for the purge (finished at or before `before`), and kept. */
  contentRetention(before: number): Promise<ContentRetention>;
}

// Compiled once (statement-batch.ts): a receipt is queued in every submit's transaction (and read
// back by a retry's), and the query builder took longer to assemble the statement than the
// database takes to run it.
/** A queued message (values: kind, dedupe key, recipient, culture, subject, text, HTML, render data, submission id, now). */
const ENQUEUE = statementTemplate(
  (v) =>
    sql`insert into outbox (kind, dedupe_key, recipient, culture, subject, text_body, html_body, render_data, submission_id, status, attempts, next_attempt_at, created_at) values (${sql.join(Array.from({ length: 9 }, (_, i) => v(i)))}, 'queued', 0, ${v(9)}, ${v(9)}) on conflict (dedupe_key) do nothing returning id`,
);
/** The recipient of the message queued under a dedupe key (values: the key). */
const RECIPIENT = statementTemplate((v) => sql`select recipient from outbox where dedupe_key = ${v(0)}`);

/** The moment a sent or given-up message finished (from which its retention runs), or null while queued. */
const finishedAt = (eb: ExpressionBuilder<Tables, 'outbox'>) => eb.fn.coalesce('sent_at', 'failed_at');

const toLeased = (r: Selectable<OutboxTable>): LeasedMail => ({
  id: Number(r.id),
  kind: r.kind,
  to: r.recipient,
  culture: r.culture,
  subject: r.subject,
  text: r.text_body,
  html: r.html_body,
  renderData: r.render_data,
  attempt: Number(r.attempts),
  createdAt: Number(r.created_at),
});

/** Messages finished (sent or given up) at or before this moment are past a retention of `retentionDays` at `now`. */
export const contentRetentionCutoff = (retentionDays: number, now: number) => now - retentionDays * 86_400_000;

/** The domain of an address (what the administrator may see of it). */
export const domainOf = (address: string) => address.slice(address.lastIndexOf('@') + 1);

export function createOutbox(database: Database, options: { clock?: Clock; policy?: Partial<RetryPolicy> } = {}): Outbox {
  const { db } = database;
  const clock = options.clock ?? Date.now;
  const policy: RetryPolicy = { ...DEFAULT_RETRY_POLICY, ...options.policy };

  return {
    async enqueue(trx, mail) {
      const now = clock();
      const part = { template: ENQUEUE, values: [mail.kind, mail.dedupeKey ?? null, mail.to, mail.culture, mail.subject, mail.text, mail.html, mail.renderData ?? null, mail.submissionId ?? null, now] };
      const [row] = isStatementBatch(trx) ? await trx.add(part).rows : await runTemplate(trx, database.dialect, part);
      return row ? Number(row.id) : null;
    },

    async lease(owner, limit) {
      const now = clock();
      const free = (eb: ExpressionBuilder<Tables, 'outbox'>) => eb.and([eb('status', '=', 'queued'), eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', now)])]);
      // One compare-and-set statement for the whole batch (one write, one commit): a row is taken
      // only if it is still free when this statement reaches it, so no two senders hold one row.
      const rows = await db
        .updateTable('outbox')
        .set((eb) => ({ lease_owner: owner, lease_until: now + policy.leaseMs, attempts: eb('attempts', '+', 1) }))
        .where('id', 'in', (eb) =>
          eb.selectFrom('outbox').select('id').where(free).where('next_attempt_at', '<=', now).orderBy('next_attempt_at').orderBy('id').limit(limit),
        )
        .where(free)
        .returningAll()
        .execute();
      return rows.map(toLeased).sort((a, b) => a.id - b.id);
    },

    async nextRunIn() {
      // A queued row is due at its next attempt, or when the lease of the sender holding it ends.
      const row = await db
        .selectFrom('outbox')
        .select((eb) =>
          eb.fn
            .min(
              eb
                .case()
                .when(eb.and([eb('lease_until', 'is not', null), eb('lease_until', '>', eb.ref('next_attempt_at'))]))
                .then(eb.ref('lease_until'))
                .else(eb.ref('next_attempt_at'))
                .end(),
            )
            .as('at'),
        )
        .where('status', '=', 'queued')
        .executeTakeFirst();
      const at = row?.at;
      return at === null || at === undefined ? null : Math.max(0, Number(at) - clock());
    },

    async markSent(id, owner) {
      const result = await db
        .updateTable('outbox')
        .set({ status: 'sent', sent_at: clock(), lease_owner: null, lease_until: null, last_error: null })
        .where('id', '=', id)
        .where('lease_owner', '=', owner)
        .where('status', '=', 'queued')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async markFailed(id, owner, error) {
      const row = await db.selectFrom('outbox').select(['attempts', 'lease_owner', 'status']).where('id', '=', id).executeTakeFirst();
      if (!row || row.lease_owner !== owner || row.status !== 'queued') return null;
      const attempts = Number(row.attempts);
      const status: MailStatus = attempts >= policy.maxAttempts ? 'failed' : 'queued';
      const now = clock();
      const result = await db
        .updateTable('outbox')
        .set({ status, next_attempt_at: now + retryDelayMs(attempts, policy), failed_at: status === 'failed' ? now : null, lease_owner: null, lease_until: null, last_error: error.slice(0, 1000) })
        .where('id', '=', id)
        .where('lease_owner', '=', owner)
        .where('status', '=', 'queued')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0 ? status : null;
    },

    async recipientOf(dedupeKey) {
      const [row] = await runTemplate<Pick<Selectable<OutboxTable>, 'recipient'>>(db, database.dialect, { template: RECIPIENT, values: [dedupeKey] });
      return row?.recipient ?? null;
    },

    async counts() {
      const rows = await db.selectFrom('outbox').select((eb) => ['status', eb.fn.countAll().as('count')]).groupBy('status').execute();
      const counts: Record<MailStatus, number> = { queued: 0, sent: 0, failed: 0 };
      for (const r of rows) if (isMailStatus(r.status)) counts[r.status] = Number(r.count);
      return counts;
    },

    async failed() {
      const rows = await db
        .selectFrom('outbox')
        .leftJoin('submissions', 'submissions.id', 'outbox.submission_id')
        .select(['outbox.id', 'outbox.kind', 'outbox.recipient', 'outbox.attempts', 'outbox.last_error', 'outbox.created_at', 'outbox.purged_at', 'submissions.reference_code'])
        .where('outbox.status', '=', 'failed')
        .orderBy('outbox.id')
        .execute();
      return rows.map((r) => ({
        id: Number(r.id),
        kind: r.kind,
        recipientDomain: domainOf(r.recipient),
        attempts: Number(r.attempts),
        lastError: r.last_error,
        createdAt: Number(r.created_at),
        referenceCode: r.reference_code ?? null,
        purged: r.purged_at !== null,
      }));
    },

    async retryFailed() {
      const result = await db
        .updateTable('outbox')
        // Due at once on every instance, whatever this machine's clock says.
        .set({ status: 'queued', attempts: 0, next_attempt_at: 0, failed_at: null, lease_owner: null, lease_until: null })
        .where('status', '=', 'failed')
        // An emptied message has nothing left to send.
        .where('purged_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    async purgeContent(before) {
      const result = await db
        .updateTable('outbox')
        .set({ recipient: '', subject: '', text_body: '', html_body: '', render_data: null, last_error: null, purged_at: clock() })
        .where('status', 'in', ['sent', 'failed'])
        .where('purged_at', 'is', null)
        .where((eb) => eb(finishedAt(eb), '<=', before))
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    async contentRetention(before) {
      const row = await db
        .selectFrom('outbox')
        .select((eb) => [
          eb.fn.sum<number>(eb.case().when('purged_at', 'is not', null).then(1).else(0).end()).as('purged'),
          eb.fn.sum<number>(eb.case().when(eb.and([eb('purged_at', 'is', null), eb(finishedAt(eb), '<=', before)])).then(1).else(0).end()).as('due'),
          eb.fn.sum<number>(eb.case().when(eb.and([eb('purged_at', 'is', null), eb(finishedAt(eb), '>', before)])).then(1).else(0).end()).as('kept'),
        ])
        .where('status', 'in', ['sent', 'failed'])
        .executeTakeFirst();
      return { purged: Number(row?.purged ?? 0), due: Number(row?.due ?? 0), kept: Number(row?.kept ?? 0) };
    },
  };
}
