/**
 * A stand-in for ClamAV's daemon: a real TCP server on 127.0.0.1 speaking clamd's INSTREAM
 * protocol (`zINSTREAM\0`, chunks each preceded by a 4-byte big-endian length, a zero length to
 * end; one NUL-terminated answer, then the connection closed). It knows one signature, EICAR's test
 * string, wherever it is in the stream (also split across chunks), and answers as clamd does:
 * `stream: Eicar-Test-Signature FOUND`, else `stream: OK`.
 *
 * It can be told to answer `... ERROR` (as clamd does for a stream over its size limit), to hold its
 * answer until released (a slow daemon), or to stop listening (connections refused).
 */
import { createServer, type Server, type Socket } from 'node:net';

/** The EICAR anti-virus test string: harmless, and detected by every scanner as a test. */
export const EICAR = 'X5O!P%@AP[4\\PZX54(P^)7CC)7}$EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*';
export const EICAR_SIGNATURE = 'Eicar-Test-Signature';

/** How the stand-in answers: as clamd would, with an ERROR line, or not until `release()`. */
export type StandInMode = 'scan' | 'error' | 'hold';

/** One stream the stand-in received: the length of each chunk, and the command it came with. */
export interface ReceivedStream {
  command: string;
  chunkLengths: number[];
  bytes: Buffer;
}

export interface ClamdStandIn {
  readonly host: string;
  readonly port: number;
  /** `tcp://127.0.0.1:port`, as CLAMD_URL. */
  readonly url: string;
  /** Streams received whole (their zero-length end arrived), oldest first. */
  readonly streams: ReceivedStream[];
  setMode(mode: StandInMode): void;
  /** Resolves when the next stream's end arrives. */
  streamEnded(): Promise<ReceivedStream>;
  /** Sends the answers held back in 'hold' mode. */
  release(): void;
  /** Stops listening: connections are refused until `start()`. */
  stop(): Promise<void>;
  /** Listens again on the same port. */
  start(): Promise<void>;
  close(): Promise<void>;
}

const ERROR_REPLY = 'INSTREAM size limit exceeded. ERROR';

export async function startClamdStandIn(): Promise<ClamdStandIn> {
  let mode: StandInMode = 'scan';
  const streams: ReceivedStream[] = [];
  const held: Array<() => void> = [];
  const waiting: Array<(stream: ReceivedStream) => void> = [];
  const sockets = new Set<Socket>();

  const answer = (socket: Socket, line: string) => {
    socket.end(`${line}\0`, 'latin1');
  };

  const onConnection = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    let pending = Buffer.alloc(0);
    let command: string | null = null;
    const chunkLengths: number[] = [];
    const chunks: Buffer[] = [];
    let finished = false;

    socket.on('data', (data: Buffer) => {
      if (finished) return;
      pending = Buffer.concat([pending, data]);
      if (command === null) {
        const nul = pending.indexOf(0);
        if (nul < 0) return;
        command = pending.subarray(0, nul).toString('latin1');
        pending = pending.subarray(nul + 1);
        if (command !== 'zINSTREAM') {
          finished = true;
          answer(socket, `UNKNOWN COMMAND`);
          return;
        }
        if (mode === 'error') {
          // clamd answers an oversized stream at once, while the client is still sending.
          finished = true;
          answer(socket, ERROR_REPLY);
          return;
        }
      }
      while (pending.length >= 4) {
        const length = pending.readUInt32BE(0);
        if (length === 0) {
          finished = true;
          const stream: ReceivedStream = { command, chunkLengths, bytes: Buffer.concat(chunks) };
          streams.push(stream);
          for (const notify of waiting.splice(0)) notify(stream);
          const line = stream.bytes.includes(EICAR, 0, 'latin1') ? `stream: ${EICAR_SIGNATURE} FOUND` : 'stream: OK';
          if (mode === 'hold') held.push(() => answer(socket, line));
          else answer(socket, line);
          return;
        }
        if (pending.length < 4 + length) return;
        chunkLengths.push(length);
        chunks.push(pending.subarray(4, 4 + length));
        pending = pending.subarray(4 + length);
      }
    });
  };

  let server: Server = createServer(onConnection);
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
  await listen(0);
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('clamd stand-in: no TCP address');
  const { port } = address;

  const stop = async () => {
    for (const socket of sockets) socket.destroy();
    if (server.listening) await new Promise<void>((resolve) => server.close(() => resolve()));
  };

  return {
    host: '127.0.0.1',
    port,
    url: `tcp://127.0.0.1:${port}`,
    streams,
    setMode(next) {
      mode = next;
    },
    streamEnded() {
      return new Promise((resolve) => waiting.push(resolve));
    },
    release() {
      for (const send of held.splice(0)) send();
    },
    stop,
    async start() {
      if (server.listening) return;
      server = createServer(onConnection);
      await listen(port);
    },
    close: stop,
  };
}
