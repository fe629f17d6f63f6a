/**
 * A real SMTP server on 127.0.0.1 (smtp-server, any free port) that keeps what it receives, for
 * the outbox tests and the browser tests: each message's envelope, headers and decoded text and
 * HTML parts. `refusing` makes it answer every message with a temporary failure (451), as a mail
 * server that is down for maintenance does.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  envelopeTo: string[];
  headers: Map<string, string>;
  messageId: string;
  subject: string;
  text: string;
  html: string;
  raw: string;
}

export interface MailSink {
  /** smtp://127.0.0.1:<port> */
  url: string;
  received: ReceivedMail[];
  /** Messages refused while refusing. */
  refused: number;
  refusing: boolean;
  /** Resolves when `count` messages in all have been received (no timer: the test's own timeout bounds it). */
  receivedCount(count: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

/** RFC 2047 encoded words (=?UTF-8?Q?…?= / =?UTF-8?B?…?=) as text. */
function decodeWords(value: string): string {
  return value.replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=\s*(?==\?)?/g, (_w, _charset: string, encoding: string, data: string) =>
    encoding.toUpperCase() === 'B' ? Buffer.from(data, 'base64').toString('utf8') : decodeQuotedPrintable(data.replace(/_/g, ' ')),
  );
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const source = text.replace(/=\r?\n/g, '');
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    if (c === '=' && /^[0-9A-Fa-f]{2}$/.test(source.slice(i + 1, i + 3))) {
      bytes.push(parseInt(source.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(c, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

function splitHeaders(raw: string): { headers: Map<string, string>; body: string } {
  const end = raw.search(/\r?\n\r?\n/);
  const head = end === -1 ? raw : raw.slice(0, end);
  const body = end === -1 ? '' : raw.slice(end).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeBody(headers: Map<string, string>, body: string): string {
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

/** The text/plain and text/html parts of a message (single part or multipart). */
function partsOf(headers: Map<string, string>, body: string): { text: string; html: string } {
  const type = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!boundary) {
    const decoded = decodeBody(headers, body);
    return type.startsWith('text/html') ? { text: '', html: decoded } : { text: decoded, html: '' };
  }
  const found = { text: '', html: '' };
  for (const chunk of body.split(`--${boundary}`).slice(1)) {
    if (chunk.startsWith('--')) break;
    const part = splitHeaders(chunk.replace(/^\r?\n/, ''));
    const inner = partsOf(part.headers, part.body.replace(/\r?\n$/, ''));
    found.text ||= inner.text;
    found.html ||= inner.html;
  }
  return found;
}

export function parseMail(raw: string, envelopeTo: string[] = []): ReceivedMail {
  const { headers, body } = splitHeaders(raw);
  const { text, html } = partsOf(headers, body);
  return { envelopeTo, headers, messageId: headers.get('message-id') ?? '', subject: decodeWords(headers.get('subject') ?? ''), text: text.replace(/\r\n/g, '\n'), html, raw };
}

export async function startMailSink(): Promise<MailSink> {
  const waiting: Array<{ count: number; resolve: (mails: ReceivedMail[]) => void }> = [];
  const sink: MailSink = {
    url: '',
    received: [],
    refused: 0,
    refusing: false,
    receivedCount(count) {
      if (sink.received.length >= count) return Promise.resolve(sink.received.slice(0, count));
      return new Promise((resolve) => waiting.push({ count, resolve }));
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Senders keep their connections open between messages (a pooled transport): end them now
        // rather than after the server's grace period.
        for (const connection of server.connections) connection.close();
      }),
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (sink.refusing) {
          sink.refused++;
          const error = Object.assign(new Error('Mailbox temporarily unavailable'), { responseCode: 451 });
          callback(error);
          return;
        }
        sink.received.push(parseMail(Buffer.concat(chunks).toString('utf8'), session.envelope.rcptTo.map((r) => r.address)));
        callback();
        for (const w of [...waiting]) {
          if (sink.received.length >= w.count) {
            waiting.splice(waiting.indexOf(w), 1);
            w.resolve(sink.received.slice(0, w.count));
          }
        }
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  // A sender that goes away mid-conversation (a server killed while sending) resets its connection:
  // the message is not received, which is what the tests read; the sink keeps listening.
  server.on('error', () => undefined);
  const { port } = server.server.address() as AddressInfo;
  sink.url = `smtp://127.0.0.1:${port}`;
  return sink;
}
