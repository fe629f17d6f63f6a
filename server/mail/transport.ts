/**
 * Where messages go: an SMTP server (SMTP_URL), or, in development without one, `.eml` files in a
 * folder (DATA_DIR/mail) that any mail program opens. Both are nodemailer transports; a delivery
 * resolves once the message is accepted (by the SMTP server, or written to disk).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createTransport } from 'nodemailer';

/** One message as it leaves: rendered, addressed, with its Message-ID. */
export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
  /** The culture of its text (Content-Language). */
  culture: string;
}

export interface Mailer {
  /** Where it delivers, for the start-up log line (no credentials). */
  readonly description: string;
  deliver(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/** Sockets wait this long at most, so that a delivery ends well before its lease (RetryPolicy.leaseMs). */
const SMTP_TIMEOUT_MS = 60_000;
/** Connections kept open to the SMTP server: as many as the sender delivers at once (SenderOptions.concurrency). */
const SMTP_CONNECTIONS = 4;

const headersOf = (mail: OutgoingMail) => ({
  from: mail.from,
  to: mail.to,
  subject: mail.subject,
  text: mail.text,
  html: mail.html,
  messageId: mail.messageId,
  headers: { 'Content-Language': mail.culture, 'Auto-Submitted': 'auto-generated' },
});

/**
 * Delivers over SMTP through a pool of kept connections: a message costs one SMTP transaction, not
 * a connection, a greeting and a handshake each (a server that pauses before its greeting, as
 * smtp-server and many MTAs do, held every message 100 ms or more).
 */
export function smtpMailer(url: string): Mailer {
  const timeout = SMTP_TIMEOUT_MS;
  const transport = createTransport({
    url,
    pool: true,
    maxConnections: SMTP_CONNECTIONS,
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
  });
  const shown = new URL(url);
  return {
    description: `${shown.protocol}//${shown.host}`,
    async deliver(mail) {
      await transport.sendMail(headersOf(mail));
    },
    close: () => transport.close(),
  };
}

/** The file a message is written to in the development folder. */
export const mailFileName = (messageId: string) => `${messageId.replace(/^<|>$/g, '').replace(/[^A-Za-z0-9.@_-]/g, '_')}.eml`;

export function folderMailer(dir: string): Mailer {
  const transport = createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    description: dir,
    async deliver(mail) {
      const info = await transport.sendMail(headersOf(mail));
      mkdirSync(dir, { recursive: true });
      // A buffering stream transport gives the whole message as one Buffer.
      if (!Buffer.isBuffer(info.message)) throw new Error('The mail transport did not give the message as a buffer.');
      writeFileSync(path.join(dir, mailFileName(mail.messageId)), info.message);
    },
    close: () => transport.close(),
  };
}
