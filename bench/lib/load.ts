/**
 * One timed autocannon run against a server, every request built by `next()` (a fresh session,
 * token and body each time). When the prepared supply runs low the run stops early and the rate is
 * taken over the time it actually ran. Answers are counted here, per request: one connection has
 * one request in flight, so its context says whether the request answered was a prepared one or a
 * spare re-sent while autocannon stopped (whose answers, a reused token's refusal, are not counted).
 */
import autocannon from 'autocannon';

export interface LoadRun {
  seconds: number;
  ok: number;
  /** 2xx per second. */
  rate: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statuses: Record<string, number>;
  latency: { mean: number; p50: number; p90: number; p99: number; max: number };
  /** A few non-2xx answers, for the notes. */
  samples: string[];
  endedEarly: boolean;
  /** Requests re-sent after the supply ran out (0 unless the reserve was too small). */
  reused: number;
}

export interface LoadOptions {
  url: string;
  path: string;
  /** POST unless given (a page save is a PUT). */
  method?: 'POST' | 'PUT';
  connections: number;
  seconds: number;
  /** Builds the next request; null when the prepared supply is exhausted. */
  next(): { headers: Record<string, string>; body: string | Buffer } | null;
  /** How many requests next() can still build. */
  remaining(): number;
}

export async function loadRun(options: LoadOptions): Promise<LoadRun> {
  const samples: string[] = [];
  let endedEarly = false;
  /** Requests sent again because the supply was exhausted (their answers are not meaningful). */
  let reused = 0;
  let last: { headers: Record<string, string>; body: string | Buffer } | null = null;
  let ok = 0;
  let non2xx = 0;
  const statuses: Record<string, number> = {};
  const method = options.method ?? 'POST';
  const started = performance.now();
  const instance: ReturnType<typeof autocannon> = autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.seconds,
    timeout: 10,
    requests: [
      {
        method,
        path: options.path,
        setupRequest: (request, context: { spare?: boolean }) => {
          // Autocannon builds requests ahead of sending them: stop with a reserve, never send one twice.
          if (options.remaining() <= options.connections * 4 && !endedEarly) {
            endedEarly = true;
            setImmediate(() => instance.stop());
          }
          const built = options.next();
          context.spare = !built;
          if (!built) {
            reused++;
            return last ? { ...request, method, path: options.path, headers: last.headers, body: last.body } : null;
          }
          last = built;
          return { ...request, method, path: options.path, headers: built.headers, body: built.body };
        },
        onResponse: (status, body, context: { spare?: boolean }) => {
          if (context.spare) return;
          statuses[status] = (statuses[status] ?? 0) + 1;
          if (status >= 200 && status < 300) ok++;
          else {
            non2xx++;
            if (samples.length < 5) samples.push(`${status} ${body.slice(0, 200)}`);
          }
        },
      },
    ],
  });
  const result = await instance;
  const seconds = endedEarly ? (performance.now() - started) / 1000 : result.duration || options.seconds;
  return {
    seconds,
    ok,
    rate: ok / seconds,
    non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statuses,
    latency: { mean: result.latency.mean, p50: result.latency.p50, p90: result.latency.p90, p99: result.latency.p99, max: result.latency.max },
    samples,
    endedEarly,
    reused,
  };
}
