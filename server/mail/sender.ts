/**
 * Delivers the outbox (server/db/outbox.ts): leases due messages, hands each to the mailer, marks it
 * sent once accepted, or records the failure (retried later with a growing delay). Every instance
 * may run one; the lease keeps two from sending the same message at once.
 *
 * The timers are injected (tests pass their own and call `runOnce` with a clock they move), and
 * `wake` asks for a run soon, so that a receipt leaves right after its claim is stored.
 */
import { randomBytes } from 'node:crypto';
import type { LeasedMail, Outbox } from '../db/outbox.js';
import type { Mailer } from './transport.js';

export interface Timers {
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** The platform's timers, unref'd so that a pending run never keeps the process alive. */
export const realTimers: Timers = {
  setTimeout(run, ms) {
    const handle = setTimeout(run, ms);
    handle.unref();
    return handle;
  },
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
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
  /** Messages leased per run. Default 20. */
  batchSize?: number;
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
const errorText = (error: unknown) => (error instanceof Error ? `${(error as { code?: string }).code ?? error.name}: ${error.message}` : String(error)).replace(/\s+/g, ' ').slice(0, 500);

export function createSender(options: SenderOptions): Sender {
  const { outbox, mailer, from } = options;
  const owner = options.owner ?? randomBytes(9).toString('base64url');
  const timers = options.timers ?? realTimers;
  const pollMs = options.pollMs ?? 30_000;
  const batchSize = options.batchSize ?? 20;
  let timer: unknown = null;
  let running: Promise<number> | null = null;
  let again = false;
  let started = false;

  async function deliver(mail: LeasedMail): Promise<boolean> {
    try {
      await mailer.deliver({ from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, culture: mail.culture, messageId: messageIdOf(mail, from) });
    } catch (error) {
      const status = await outbox.markFailed(mail.id, owner, errorText(error));
      options.log?.warn({ mailId: mail.id, kind: mail.kind, attempt: mail.attempt, status, error: errorText(error) }, status === 'failed' ? 'e-mail given up' : 'e-mail delivery failed; retried later');
      return false;
    }
    await outbox.markSent(mail.id, owner);
    options.log?.info({ mailId: mail.id, kind: mail.kind, attempt: mail.attempt }, 'e-mail sent');
    return true;
  }

  async function pass(): Promise<number> {
    let sent = 0;
    for (;;) {
      const batch = await outbox.lease(owner, batchSize);
      for (const mail of batch) if (await deliver(mail)) sent++;
      if (batch.length < batchSize) return sent;
    }
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
      running = pass().finally(() => {
        running = null;
        if (again) {
          again = false;
          schedule(0);
        } else schedule(pollMs);
      });
      return running;
    },
    start() {
      started = true;
      schedule(0);
    },
    wake() {
      if (running) again = true;
      else schedule(0);
    },
    idle: () => (running ? running.then(() => undefined, () => undefined) : Promise.resolve()),
    async stop() {
      started = false;
      if (timer !== null) timers.clearTimeout(timer);
      timer = null;
      await running?.catch(() => {});
    },
  };
  return sender;
}
