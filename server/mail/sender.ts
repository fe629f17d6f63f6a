/**
 * Delivers the outbox (server/db/outbox.ts): leases due messages, hands each to the mailer, marks it
 * sent once accepted, or records the failure (retried later with a growing delay). Every instance
 * may run one; the lease keeps two from sending the same message at once.
 *
 * The timers are injected (tests pass their own and call `runOnce` with a clock they move), and
 * `wake` asks for a run soon, so that a receipt leaves right after its claim is stored. After a run
 * the next one is set for when the next queued message can be taken (its retry, or the end of the
 * lease of an instance that stopped while sending it), and at the latest after `pollMs` (messages
 * queued by other instances).
 *
 * A run delivers up to `concurrency` messages at once (the SMTP transport keeps as many connections
 * open), and stops between batches when the sender is stopped, so a stopping server waits for the
 * deliveries under way only, never for the whole queue.
 *
 * A message queued with the data it is made from (a receipt: `renderData`) is rendered here, just
 * before each delivery, by `renderAtSend`; the same data gives the same message every time. One that
 * cannot be rendered counts as a failed delivery (retried, then left `failed` for the administrator).
 */
import { randomText } from '../random-text.js';
import { propertyOf } from '../../runtime/core/guards.js';
import type { LeasedMail, Outbox } from '../db/outbox.js';
import type { MailContent } from './content.js';
import type { Mailer } from './transport.js';

export interface Timers<Handle = unknown> {
  setTimeout(run: () => void, ms: number): Handle;
  clearTimeout(handle: Handle): void;
}

/** The shortest wait before a run set for a message coming due (a clock step of another instance, a race). */
const MIN_WAIT_MS = 250;

/** The platform's timers, unref'd so that a pending run never keeps the process alive. */
export const realTimers: Timers<NodeJS.Timeout> = {
  setTimeout(run, ms) {
    const handle = setTimeout(run, ms);
    handle.unref();
    return handle;
  },
  clearTimeout: (handle) => clearTimeout(handle),
};

export interface SenderOptions {
  outbox: Outbox;
  mailer: Mailer;
  /** The From header: `"Name" <address>`. */
  from: string;
  /** Distinguishes this sender's leases; random by default. */
  owner?: string;
  timers?: Timers;
  /** How often the outbox is looked at when nothing wakes the sender. Default 30 s. */
  pollMs?: number;
  /** Messages leased at a time. Default 10. */
  batchSize?: number;
  /** Deliveries under way at once. Default 4. */
  concurrency?: number;
  /** Renders a message queued with its data (`renderData`) rather than rendered. */
  renderAtSend?: (mail: Pick<LeasedMail, 'kind' | 'culture' | 'renderData'>) => MailContent;
  log?: { info(fields: object, message: string): void; warn(fields: object, message: string): void };
}

export interface Sender {
  /** One pass over the due messages; the number sent. */
  runOnce(): Promise<number>;
  /** Starts polling (and answering `wake`). */
  start(): void;
  /** Runs soon (after the current run, if one is under way). */
  wake(): void;
  /** Resolves once no run is under way (a run started by the timer included). */
  idle(): Promise<void>;
  /** Stops polling and waits for a run under way. */
  stop(): Promise<void>;
}

/**
 * The Message-ID of an outbox row: the same for every delivery of it, so that a copy sent again
 * after a crash (between the SMTP server's acceptance and the row marked sent) is recognisable by
 * the receiving side as the same message.
 */
export function messageIdOf(mail: Pick<LeasedMail, 'id' | 'createdAt'>, from: string): string {
  const address = /<([^>]+)>\s*$/.exec(from)?.[1] ?? from;
  const domain = address.includes('@') ? address.slice(address.lastIndexOf('@') + 1).trim() : 'localhost';
  return `<outbox-${mail.id}.${mail.createdAt.toString(36)}@${domain}>`;
}

/** What is kept of an error: no credentials of the SMTP URL, one line. */
const errorText = (error: unknown) => (error instanceof Error ? `${String(propertyOf(error, 'code') ?? error.name)}: ${error.message}` : String(error)).replace(/\s+/g, ' ').slice(0, 500);

export function createSender(options: SenderOptions): Sender {
  const { outbox, mailer, from } = options;
  const owner = options.owner ?? randomText(9);
  const timers = options.timers ?? realTimers;
  const pollMs = options.pollMs ?? 30_000;
  const batchSize = options.batchSize ?? 10;
  const concurrency = Math.max(1, options.concurrency ?? 4);
  let timer: unknown = null;
  let running: Promise<number> | null = null;
  let again = false;
  let started = false;
  let stopping = false;

  function rendered(mail: LeasedMail): MailContent {
    if (!options.renderAtSend) throw new Error(`no renderer for a ${mail.kind} queued to be rendered at send`);
    return options.renderAtSend(mail);
  }

  async function deliver(mail: LeasedMail): Promise<boolean> {
    try {
      const content = mail.renderData === null ? mail : rendered(mail);
      await mailer.deliver({ from, to: mail.to, subject: content.subject, text: content.text, html: content.html, culture: mail.culture, messageId: messageIdOf(mail, from) });
    } catch (error) {
      const status = await outbox.markFailed(mail.id, owner, errorText(error));
      options.log?.warn({ mailId: mail.id, kind: mail.kind, attempt: mail.attempt, status, error: errorText(error) }, status === 'failed' ? 'e-mail given up' : 'e-mail delivery failed; retried later');
      return false;
    }
    await outbox.markSent(mail.id, owner);
    options.log?.info({ mailId: mail.id, kind: mail.kind, attempt: mail.attempt }, 'e-mail sent');
    return true;
  }

  /** Delivers a batch, `concurrency` at a time; how many were sent. */
  async function deliverAll(batch: LeasedMail[]): Promise<number> {
    let sent = 0;
    let next = 0;
    const worker = async () => {
      for (let mail = batch[next++]; mail !== undefined; mail = batch[next++]) if (await deliver(mail)) sent++;
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, batch.length) }, worker));
    return sent;
  }

  async function pass(): Promise<{ sent: number; nextInMs: number }> {
    let sent = 0;
    for (;;) {
      const batch = await outbox.lease(owner, batchSize);
      sent += await deliverAll(batch);
      // Stopped (a server shutting down): the rest stays queued for the next instance.
      if (stopping) return { sent, nextInMs: pollMs };
      if (batch.length < batchSize) break;
    }
    const dueIn = await outbox.nextRunIn();
    return { sent, nextInMs: dueIn === null ? pollMs : Math.min(pollMs, Math.max(MIN_WAIT_MS, dueIn)) };
  }

  function schedule(ms: number) {
    if (!started) return;
    if (timer !== null) timers.clearTimeout(timer);
    timer = timers.setTimeout(() => {
      timer = null;
      void sender.runOnce().catch((error: unknown) => options.log?.warn({ error: errorText(error) }, 'outbox run failed'));
    }, ms);
  }

  const sender: Sender = {
    runOnce() {
      if (running) {
        again = true;
        return running;
      }
      let nextInMs = pollMs;
      running = pass()
        .then((result) => {
          nextInMs = result.nextInMs;
          return result.sent;
        })
        .finally(() => {
          running = null;
          if (again) {
            again = false;
            schedule(0);
          } else schedule(nextInMs);
        });
      return running;
    },
    start() {
      started = true;
      stopping = false;
      schedule(0);
    },
    wake() {
      if (running) again = true;
      else schedule(0);
    },
    idle: () => (running ? running.then(() => undefined, () => undefined) : Promise.resolve()),
    async stop() {
      started = false;
      stopping = true;
      if (timer !== null) timers.clearTimeout(timer);
      timer = null;
      await running?.catch(() => {});
    },
  };
  return sender;
}
