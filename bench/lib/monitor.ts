/**
 * Inside a server child: answers IPC requests for its memory, GC pauses and event-loop stalls, so
 * a latency outlier can be matched with what the process was doing at the time.
 */
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Session } from 'node:inspector/promises';
import { monitorEventLoopDelay, PerformanceObserver, type PerformanceEntry } from 'node:perf_hooks';

export interface Stall {
  /** ms since the monitor started */
  at: number;
  ms: number;
  kind: 'gc' | 'loop' | 'sqlite';
  detail?: string;
}

export interface ChildStats {
  rss: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
  gc: { count: number; totalMs: number; maxMs: number; byKind: Record<string, { count: number; totalMs: number; maxMs: number }> };
  loop: { p99: number; max: number };
  /** Event-loop gaps ≥ 50 ms and GC pauses ≥ 20 ms since the last reset. */
  stalls: Stall[];
  walBytes: number | null;
}

const GC_KINDS: Record<number, string> = { 1: 'scavenge', 2: 'mark-compact', 4: 'incremental', 8: 'weakcb', 16: 'minor-mark-sweep' };

let record: (kind: Stall['kind'], ms: number, detail?: string) => void = () => {};

/** Records a slow synchronous operation the server itself timed (e.g. a SQLite transaction). */
export function recordStall(kind: Stall['kind'], ms: number, detail?: string): void {
  record(kind, ms, detail);
}

export function startMonitor(walFile: string | null): void {
  const t0 = performance.now();
  record = (kind, ms, detail) => {
    if (stalls.length < 500) stalls.push({ at: Math.round(performance.now() - t0 - ms), ms: Math.round(ms), kind, ...(detail ? { detail } : {}) });
  };
  let gc = { count: 0, totalMs: 0, maxMs: 0, byKind: {} as ChildStats['gc']['byKind'] };
  let stalls: Stall[] = [];
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as Array<PerformanceEntry & { detail?: { kind?: number } }>) {
      const kind = GC_KINDS[entry.detail?.kind ?? 0] ?? 'other';
      gc.count++;
      gc.totalMs += entry.duration;
      gc.maxMs = Math.max(gc.maxMs, entry.duration);
      const k = (gc.byKind[kind] ??= { count: 0, totalMs: 0, maxMs: 0 });
      k.count++;
      k.totalMs += entry.duration;
      k.maxMs = Math.max(k.maxMs, entry.duration);
      if (entry.duration >= 20 && stalls.length < 500) stalls.push({ at: Math.round(entry.startTime - t0), ms: Math.round(entry.duration), kind: 'gc', detail: kind });
    }
  }).observe({ entryTypes: ['gc'] });
  // A ticker: a gap well beyond its period is a synchronous stall (a checkpoint, a GC, a big parse).
  let last = performance.now();
  setInterval(() => {
    const now = performance.now();
    const gap = now - last - 10;
    if (gap >= 50 && stalls.length < 500) stalls.push({ at: Math.round(last - t0), ms: Math.round(gap), kind: 'loop' });
    last = now;
  }, 10).unref();

  let profiler: Session | null = null;
  process.on('message', (m: { id?: number; type?: string }) => {
    if (m?.type === 'stats') {
      const mem = process.memoryUsage();
      let walBytes: number | null;
      try {
        walBytes = walFile ? statSync(walFile).size : null;
      } catch {
        walBytes = null;
      }
      const stats: ChildStats = {
        rss: mem.rss,
        heapUsed: mem.heapUsed,
        external: mem.external,
        arrayBuffers: mem.arrayBuffers,
        gc,
        loop: { p99: loop.percentile(99) / 1e6, max: loop.max / 1e6 },
        stalls,
        walBytes,
      };
      process.send?.({ replyTo: m.id, ...stats });
    } else if (m?.type === 'reset') {
      gc = { count: 0, totalMs: 0, maxMs: 0, byKind: {} };
      stalls = [];
      loop.reset();
      process.send?.({ replyTo: m.id });
    } else if (m?.type === 'profile-start') {
      // A CPU profile of just the timed run (BENCH_PROFILE_DIR in bench/server-load.ts).
      void (async () => {
        profiler ??= new Session();
        profiler.connect();
        await profiler.post('Profiler.enable');
        await profiler.post('Profiler.start');
        process.send?.({ replyTo: m.id });
      })();
    } else if (m?.type === 'profile-stop') {
      void (async () => {
        const { profile } = await profiler!.post('Profiler.stop');
        const file = String((m as { file?: string }).file);
        mkdirSync(path.dirname(file), { recursive: true });
        writeFileSync(file, JSON.stringify(profile));
        profiler!.disconnect();
        process.send?.({ replyTo: m.id });
      })();
    } else if (m?.type === 'gc') {
      (globalThis as { gc?: () => void }).gc?.();
      process.send?.({ replyTo: m.id });
    }
  });
}
