/**
 * A client of ClamAV's daemon (clamd) over TCP, speaking its INSTREAM command: `zINSTREAM\0`, then
 * the document as chunks each preceded by its length (4 bytes, big-endian), then a zero length;
 * clamd answers one NUL-terminated line (`stream: OK`, `stream: <signature> FOUND`, or a line
 * ending in `ERROR`) and closes the connection.
 *
 * The source may be a Buffer or an async iterable of Buffers, so that an upload can be scanned as
 * it arrives. Chunks are at most `chunkBytes` (clamd refuses a chunk over its StreamMaxLength).
 * Each step (connecting, each chunk written, the answer after the last) must make progress within
 * `timeoutMs`: a slow upload is not cut, a silent daemon is.
 */
import { connect, type Socket } from 'node:net';

/** Where clamd listens and how long to wait for it. */
export interface ClamdOptions {
  host: string;
  port: number;
  /** Longest wait for any one step (connect, a chunk written, the answer), ms. Default 10 s. */
  timeoutMs?: number;
  /** Largest chunk sent, bytes. Default 64 KiB. */
  chunkBytes?: number;
}

/** What clamd found: nothing, or the name of the signature the document matched. */
export type ScanVerdict = { infected: false } | { infected: true; signature: string };

/** Why a document could not be scanned: clamd unreachable, too slow, or answering with an error. */
export type ScannerFailure = 'unreachable' | 'timeout' | 'error';

/** The document was not scanned (never: the document is clean). */
export class ScannerUnavailableError extends Error {
  override name = 'ScannerUnavailableError';
  constructor(
    readonly failure: ScannerFailure,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export const DEFAULT_CLAMD_TIMEOUT_MS = 10_000;
export const DEFAULT_CLAMD_CHUNK_BYTES = 64 * 1024;
/** The largest chunk this client sends whatever it is told (clamd's default StreamMaxLength is 25 MB). */
const MAX_CHUNK_BYTES = 1024 * 1024;

/** `tcp://host:port` (CLAMD_URL) as host and port, or null when it is not one. */
export function clamdAddressOf(url: string): { host: string; port: number } | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  const port = Number(parsed.port || 3310);
  if (parsed.protocol !== 'tcp:' || !parsed.hostname || !Number.isInteger(port) || port < 1 || port > 65535) return null;
  if (parsed.pathname && parsed.pathname !== '/') return null;
  // IPv6 literals come bracketed in a URL; net.connect wants them bare.
  return { host: parsed.hostname.replace(/^\[(.*)\]$/, '$1'), port };
}

/** clamd's answer line as a verdict; anything but OK or FOUND is an error. */
export function verdictOf(reply: string): ScanVerdict {
  const line = reply.replace(/\0+$/, '').trim();
  if (line === 'stream: OK') return { infected: false };
  const found = /^stream: (.+) FOUND$/.exec(line);
  if (found?.[1]) return { infected: true, signature: found[1] };
  throw new ScannerUnavailableError('error', `clamd answered: ${line.slice(0, 200) || '(nothing)'}`);
}

/** `bytes` as pieces of at most `size` bytes (views, not copies). */
function* piecesOf(bytes: Buffer, size: number): Generator<Buffer> {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

async function* chunksOf(source: Buffer | AsyncIterable<Buffer>, size: number): AsyncGenerator<Buffer> {
  if (Buffer.isBuffer(source)) {
    yield* piecesOf(source, size);
    return;
  }
  for await (const piece of source) yield* piecesOf(piece, size);
}

/** Scans `source` with the clamd at `options`: its verdict, or ScannerUnavailableError. */
export async function scanWithClamd(options: ClamdOptions, source: Buffer | AsyncIterable<Buffer>): Promise<ScanVerdict> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_CLAMD_TIMEOUT_MS;
  const chunkBytes = Math.max(1, Math.min(options.chunkBytes ?? DEFAULT_CLAMD_CHUNK_BYTES, MAX_CHUNK_BYTES));
  const socket = connect({ host: options.host, port: options.port });

  // Everything that can end the scan settles this one promise: the answer, a socket error, a timeout.
  let replied = '';
  let timer: ReturnType<typeof setTimeout> | undefined;
  let settle: { resolve(reply: string): void; reject(error: ScannerUnavailableError): void } | undefined;
  const ended = new Promise<string>((resolve, reject) => {
    settle = { resolve, reject };
  });
  const fail = (error: ScannerUnavailableError) => settle?.reject(error);
  const waitAtMost = (step: string) => {
    clearTimeout(timer);
    timer = setTimeout(() => fail(new ScannerUnavailableError('timeout', `clamd did not answer within ${timeoutMs} ms (${step})`)), timeoutMs);
  };
  socket.on('data', (data: Buffer) => {
    replied += data.toString('latin1');
    // The answer ends with NUL (the z- form of the command); clamd then closes the connection.
    if (replied.includes('\0')) settle?.resolve(replied);
  });
  socket.on('end', () => (replied ? settle?.resolve(replied) : fail(new ScannerUnavailableError('error', 'clamd closed the connection without an answer'))));
  socket.on('error', (error: NodeJS.ErrnoException) => {
    // clamd may answer (an ERROR) and close while chunks are still being written: its answer counts.
    if (replied) settle?.resolve(replied);
    else fail(new ScannerUnavailableError(error.code === 'ECONNREFUSED' || error.code === 'ENOTFOUND' || error.code === 'EHOSTUNREACH' ? 'unreachable' : 'error', `clamd: ${error.code ?? error.message}`, { cause: error }));
  });

  const send = async () => {
    waitAtMost('connecting');
    await new Promise<void>((resolve) => socket.once('connect', resolve));
    await write(socket, Buffer.from('zINSTREAM\0', 'latin1'));
    for await (const chunk of chunksOf(source, chunkBytes)) {
      if (replied || socket.destroyed) return; // clamd answered early (an error): stop sending
      if (!chunk.length) continue; // a zero length would end the stream
      const length = Buffer.alloc(4);
      length.writeUInt32BE(chunk.length);
      waitAtMost('sending');
      await write(socket, Buffer.concat([length, chunk]));
    }
    waitAtMost('waiting for the answer');
    await write(socket, Buffer.alloc(4));
  };

  try {
    const reply = await Promise.race([ended, send().then(() => ended)]);
    return verdictOf(reply);
  } finally {
    clearTimeout(timer);
    socket.destroy();
  }
}

/** Writes `bytes`, resolved once the socket took them (back-pressure: a slow clamd slows the upload). */
function write(socket: Socket, bytes: Buffer): Promise<void> {
  return new Promise((resolve) => {
    if (socket.destroyed) return resolve();
    // Errors surface through the socket's 'error' listener, which settles the scan.
    socket.write(bytes, () => resolve());
  });
}
