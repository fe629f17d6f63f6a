/**
 * Request bodies that arrive too slowly. A claimant's files may take many minutes on a slow
 * uplink, so the whole request may last as long as the largest submission the settlement allows
 * takes at `minBytesPerSecond` (slowestBodyMs); what protects the server from clients that
 * trickle is this check instead: once `graceMs` have passed, a body still arriving slower than
 * `minBytesPerSecond` on average since its headers is answered 408 and its connection closed.
 * A body that stops altogether is closed by the socket's inactivity timeout before that.
 */
import type { IncomingMessage } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

export interface SlowBodyOptions {
  /** The slowest average rate a body may arrive at, bytes per second. */
  minBytesPerSecond: number;
  /** How long a body may arrive at any rate before the average counts, ms. */
  graceMs: number;
  /** How often bodies in progress are looked at, ms. */
  checkIntervalMs: number;
}

/** How long a body may take after its headers: the grace period, then `maxBodyBytes` at the slowest rate. */
export function slowestBodyMs(maxBodyBytes: number, options: Pick<SlowBodyOptions, 'minBytesPerSecond' | 'graceMs'>): number {
  return options.graceMs + Math.ceil((maxBodyBytes / options.minBytesPerSecond) * 1000);
}

const hasBody = (raw: IncomingMessage) => raw.headers['transfer-encoding'] !== undefined || Number(raw.headers['content-length'] ?? 0) > 0;

interface Arriving {
  request: FastifyRequest;
  reply: FastifyReply;
  startedAt: number;
  /** The socket's bytes read when the headers had arrived (a kept-alive socket counts earlier requests too). */
  bytesAtStart: number;
}

const REFUSAL = 'HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nContent-Length: 0\r\n\r\n';

export default fp<SlowBodyOptions>(
  async (app, opts) => {
    const arriving = new Set<Arriving>();
    app.addHook('onRequest', (request, reply, done) => {
      const raw = request.raw;
      // Only bodies arriving over a socket (an injected request has none to measure or close).
      if (!raw.complete && hasBody(raw) && typeof raw.socket?.bytesRead === 'number') arriving.add({ request, reply, startedAt: performance.now(), bytesAtStart: raw.socket.bytesRead });
      done();
    });
    const check = () => {
      const now = performance.now();
      for (const entry of arriving) {
        const { raw } = entry.request;
        const socket = raw.socket;
        if (raw.complete || socket.destroyed) {
          arriving.delete(entry);
          continue;
        }
        const elapsed = now - entry.startedAt;
        if (elapsed < opts.graceMs) continue;
        const received = socket.bytesRead - entry.bytesAtStart;
        if ((received / elapsed) * 1000 >= opts.minBytesPerSecond) continue;
        arriving.delete(entry);
        entry.request.log.info({ receivedBytes: received, seconds: Math.round(elapsed / 1000) }, 'request body too slow: connection closed');
        // The route may be waiting on the body: the answer goes to the socket directly, as Node's
        // own request timeout does, unless a response has started.
        if (!entry.reply.raw.headersSent && socket.writable) socket.write(REFUSAL);
        socket.destroy();
      }
    };
    const timer = setInterval(check, opts.checkIntervalMs);
    timer.unref();
    app.addHook('onClose', (_app, done) => {
      clearInterval(timer);
      done();
    });
  },
  { name: 'app-slow-bodies' },
);
