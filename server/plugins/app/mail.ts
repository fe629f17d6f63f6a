/**
 * E-mail (server/mail, server/db/outbox.ts) as `app.mail`: `enqueue` writes a message in a given
 * transaction (rendered from its template in the recipient's language), `queueReceipt` the receipt
 * of a submission (the data it is made from: the sender renders it just before sending it, so that
 * the submit's request does not spend its CPU on it); the sender delivers the outbox when a mailer
 * is configured (SMTP, or the development folder; server/main.ts chooses), else messages stay queued. What a sent or given-up
 * message said is emptied after the settlement's `mail.retentionDays` by an hourly housekeeping.
 */
import fp from 'fastify-plugin';
import { isRecord } from '../../../runtime/core/guards.js';
import { formatTemplate } from '../../../runtime/core/i18n/format.js';
import { normalizeDeadlines } from '../../../runtime/core/deadlines/index.js';
import type { FormType } from '../../../runtime/core/types.js';
import { startHousekeeping } from '../../db/housekeeping.js';
import { contentRetentionCutoff, createOutbox, type LeasedMail, type Outbox, type RetryPolicy } from '../../db/outbox.js';
import type { StatementBatch, Trx } from '../../db/types.js';
import type { MailContent } from '../../mail/content.js';
import { receiptAddress } from '../../mail/receipt.js';
import { createSender, type Sender, type Timers } from '../../mail/sender.js';
import { MAIL_TEMPLATES, type MailKind, type MailTemplateData } from '../../mail/templates.js';
import type { Mailer } from '../../mail/transport.js';
import { flowOf } from '../../settlement/load.js';
import type { Locales } from './settlement.js';

export interface MailMessage<K extends MailKind> {
  kind: K;
  to: string;
  /** The recipient's language. */
  culture: string;
  data: MailTemplateData[K];
  /** At most one message is ever queued under this key. */
  dedupeKey?: string;
  submissionId?: number;
}

export interface MailService {
  outbox: Outbox;
  /** Renders and queues a message in `trx`; its outbox id, or null when its dedupeKey was queued before. */
  enqueue<K extends MailKind>(trx: Trx, message: MailMessage<K>): Promise<number | null>;
  /** Queues a new submission's receipt in its transaction when the claim gives an e-mail address; that address, or null. */
  queueReceipt(
    trx: Trx | StatementBatch,
    submission: { formType: FormType; submissionId: number; referenceCode: string; culture: string; answers: Record<string, unknown>; submittedAt: number; siteOrigin?: string },
    /** `JSON.stringify(submission.answers)` when the caller has made it already (for the submission's row). */
    answersJson?: string,
  ): Promise<string | null>;
  /** Renders a message queued with its data (a receipt), as the sender does just before sending it; every instance's sender is given it. */
  renderAtSend(mail: Pick<LeasedMail, 'kind' | 'culture' | 'renderData'>): MailContent;
  /** The address a submission's receipt was queued for, or null. */
  receiptRecipient(submissionId: number): Promise<string | null>;
  /** Asks the sender to deliver soon (after a commit that queued a message). */
  wake(): void;
  /** Empties what the messages sent or given up more than `mail.retentionDays` ago said; how many. */
  purgeExpired(): Promise<number>;
}

declare module 'fastify' {
  interface FastifyInstance {
    mail: MailService;
    /** The outbox's sender, null without a mailer. */
    mailSender: Sender | null;
  }
}

export interface MailPluginOptions {
  /** Where messages go; null: nowhere (they stay queued, `npm run admin -- outbox` shows them). */
  mailer?: Mailer | null;
  /** The From header; default the settlement's name and e-mail address (LocKey_Site_Title, LocKey_Footer_EmailAddress). */
  from?: string | null;
  retry?: Partial<RetryPolicy>;
  timers?: Timers;
  /** How often the sender looks at the outbox besides being woken. */
  pollMs?: number;
  /** Start the sender's timer (default true when there is a mailer); tests call `app.mailSender.runOnce()` themselves. */
  startSender?: boolean;
}

const receiptKey = (submissionId: number) => `receipt:${submissionId}`;

/** What a queued receipt is rendered from at send (the outbox row's `render_data`). */
interface ReceiptData {
  formType: FormType;
  referenceCode: string;
  /** Epoch ms. */
  submittedAt: number;
  answers: Record<string, unknown>;
  /** The status page in the claimant's language (absent in rows queued before it was kept). */
  statusLink?: string;
}

function receiptDataOf(json: string): ReceiptData {
  const data: unknown = JSON.parse(json);
  if (!isRecord(data) || typeof data.formType !== 'string' || typeof data.referenceCode !== 'string' || typeof data.submittedAt !== 'number' || !isRecord(data.answers)) {
    throw new Error("the outbox row's data is not a receipt's");
  }
  return { formType: data.formType, referenceCode: data.referenceCode, submittedAt: data.submittedAt, answers: data.answers, ...(typeof data.statusLink === 'string' ? { statusLink: data.statusLink } : {}) };
}

/**
 * A receipt's `render_data`: its fields with the answers' JSON text put in as it is, so that a
 * submit serialises the answers once (its row holds the same text).
 */
function receiptDataJson(data: Omit<ReceiptData, 'answers'>, answersJson: string): string {
  return `${JSON.stringify(data).slice(0, -1)},"answers":${answersJson}}`;
}

/** How often the content of old messages is purged. */
const PURGE_INTERVAL_MS = 60 * 60_000;

/** `"Settlement name" <address>` from the settlement's texts, else a local address. */
export function defaultFrom(locales: Locales): string {
  const address = locales.text('LocKey_Footer_EmailAddress', 'en')?.trim();
  const name = locales.text('LocKey_Site_Title', 'en')?.replace(/["\\<>]/g, '').trim();
  const usable = address && /^[^\s@<>]+@[^\s@<>]+$/.test(address) ? address : 'no-reply@localhost';
  return name ? `"${name}" <${usable}>` : usable;
}

export default fp<MailPluginOptions>(
  async (app, opts) => {
    const outbox = createOutbox(app.database, { clock: app.clock, ...(opts.retry ? { policy: opts.retry } : {}) });
    const deadlines = normalizeDeadlines(app.settlement.deadlines.body);
    const translate = (culture: string) => (key: string, ...args: Array<string | number>) => {
      const text = app.locales.text(key, culture);
      return text === undefined ? key : formatTemplate(text, ...args);
    };
    const render = <K extends MailKind>(kind: K, data: MailTemplateData[K], culture: string): MailContent =>
      MAIL_TEMPLATES[kind](data, { culture, t: translate(culture), deadlines });
    const renderReceipt = (data: ReceiptData, culture: string): MailContent => {
      const flow = flowOf(app.settlement, data.formType);
      if (!flow) throw new Error(`the settlement has no form ${data.formType}`);
      const models = app.settlement.models.filter((m) => m.metadata.formType === data.formType);
      return render('receipt', { flow, models, answers: data.answers, referenceCode: data.referenceCode, submittedAt: data.submittedAt, statusLink: data.statusLink ?? null }, culture);
    };
    const renderAtSend = (mail: Pick<LeasedMail, 'kind' | 'culture' | 'renderData'>): MailContent => {
      if (mail.kind !== 'receipt' || mail.renderData === null) throw new Error(`a ${mail.kind} is not rendered at send`);
      return renderReceipt(receiptDataOf(mail.renderData), mail.culture);
    };
    const mailer = opts.mailer ?? null;
    const sender = mailer
      ? createSender({
          outbox,
          mailer,
          from: opts.from ?? defaultFrom(app.locales),
          renderAtSend,
          ...(opts.timers ? { timers: opts.timers } : {}),
          ...(opts.pollMs ? { pollMs: opts.pollMs } : {}),
          log: app.log,
        })
      : null;

    const service: MailService = {
      outbox,
      async enqueue(trx, message) {
        const culture = app.locales.resolve(message.culture);
        const content = render(message.kind, message.data, culture);
        return outbox.enqueue(trx, { kind: message.kind, to: message.to, culture, ...content, dedupeKey: message.dedupeKey ?? null, submissionId: message.submissionId ?? null });
      },
      async queueReceipt(trx, submission, answersJson) {
        const flow = flowOf(app.settlement, submission.formType);
        if (!flow) return null;
        const to = receiptAddress(flow, submission.answers);
        if (!to) return null;
        const culture = app.locales.resolve(submission.culture);
        // The data only: the sender renders the receipt just before sending it (renderAtSend).
        const data: Omit<ReceiptData, 'answers'> = {
          formType: submission.formType,
          referenceCode: submission.referenceCode,
          submittedAt: submission.submittedAt,
          // The status page opens in the receipt's language.
          ...(submission.siteOrigin ? { statusLink: `${submission.siteOrigin}/status?culture=${encodeURIComponent(culture)}` } : {}),
        };
        const renderData = receiptDataJson(data, answersJson ?? JSON.stringify(submission.answers));
        await outbox.enqueue(trx, { kind: 'receipt', to, culture, subject: '', text: '', html: '', renderData, dedupeKey: receiptKey(submission.submissionId), submissionId: submission.submissionId });
        return to;
      },
      renderAtSend,
      receiptRecipient: (submissionId) => outbox.recipientOf(receiptKey(submissionId)),
      wake: () => sender?.wake(),
      purgeExpired: () => outbox.purgeContent(contentRetentionCutoff(app.settlement.settings.mail.retentionDays, app.clock())),
    };
    app.decorate('mail', service);
    app.decorate('mailSender', sender);
    if (sender && opts.startSender !== false) app.addHook('onReady', async () => sender.start());
    const stopPurge = startHousekeeping([service], PURGE_INTERVAL_MS, (error) => app.log.warn({ err: error }, 'e-mail content purge failed'));
    app.addHook('onClose', async () => {
      stopPurge();
      await sender?.stop();
      mailer?.close();
    });
  },
  { name: 'app-mail', dependencies: ['app-database', 'app-settlement'] },
);
