/**
 * Memory figure: resident set size of the real server process (buildApp in its own process, SQLite)
 * over 10,000 complete claims (smoke: 300), each on its own session: session → authorize → two
 * page saves of the claim in progress → submit with a 100 KiB PDF (which deletes the draft), 16 at a time. RSS is sampled as it goes; growth is measured from the
 * end of the warm-up (the first 10%) to the end. The V8 heap after a full GC is read at both points
 * too, which tells a leak from allocator slack.
 *
 *   tsx bench/memory.ts [--smoke]
 */
import { automotivePageSave, automotivePayload, Claimant, classVehicle, encodeSubmission, pdf } from './lib/claim.js';
import { round, standalone, isEntry, type BenchContext, type Figure } from './lib/figure.js';
import type { ChildStats } from './lib/monitor.js';
import { rssOf } from './lib/procs.js';
import { startAppServer, startEmulator, storage } from './lib/servers.js';
import { startMailSink } from '../tests/support/mail-sink.js';

const CONCURRENCY = 16;
const GROWTH_BUDGET = 0.2;
const MiB = 1024 * 1024;
const FILE = pdf('memory invoice');

export async function run(ctx: BenchContext): Promise<Figure[]> {
  const total = ctx.smoke ? 300 : 10_000;
  const warmup = Math.round(total / 10);
  const timeLimitMs = ctx.smoke ? 120_000 : 30 * 60_000;
  const emulator = await startEmulator();
  const store = storage('sqlite', 'memory');
  // Receipts are sent as in a deployment: the server's outbox sender delivers to a real SMTP server.
  const sink = await startMailSink();
  const server = await startAppServer(store, String(emulator.ready.url), { nodeArgs: ['--expose-gc'], smtpUrl: sink.url });
  try {
    const claimant = new Claimant(server.url, String(emulator.ready.url), 30_000);
    const samples: Array<{ done: number; rssMiB: number; seconds: number }> = [];
    const started = performance.now();
    let done = 0;
    let failures = 0;
    const failureSamples: string[] = [];
    let warmRss = NaN;
    let warmHeap = NaN;
    let nextSample = 0;
    const sampleEvery = Math.max(50, Math.round(total / 40));
    const deadline = Date.now() + timeLimitMs;

    const heapAfterGc = async () => {
      await server.child.ask({ type: 'gc' });
      return (await server.child.ask<ChildStats>({ type: 'stats' })).heapUsed;
    };

    let claimed = 0;
    const worker = async () => {
      while (claimed < total && Date.now() < deadline) {
        claimed++;
        try {
          const session = await claimant.authorize(await claimant.session(), 'Automotive', classVehicle(claimed));
          for (const line2 of [null, 'Unit 2']) {
            const saved = await claimant.saveDraft(session, automotivePageSave(session.credentials, line2));
            if (saved.status !== 200) throw new Error(`page save ${saved.status} ${saved.body.slice(0, 160)}`);
          }
          const payload = automotivePayload({ captchaRawValue: session.captcha, reCaptchaResponse: await claimant.captchaToken(), file: FILE, credentials: session.credentials });
          const res = await claimant.submit(session, encodeSubmission(payload));
          if (res.status !== 200) throw new Error(`${res.status} ${res.body.slice(0, 160)}`);
        } catch (err) {
          failures++;
          if (failureSamples.length < 3) failureSamples.push(String((err as Error).message ?? err));
        }
        done++;
        if (done >= nextSample) {
          nextSample += sampleEvery;
          samples.push({ done, rssMiB: round(rssOf(server.child.pid) / MiB), seconds: round((performance.now() - started) / 1000) });
        }
        if (done === warmup) {
          warmRss = rssOf(server.child.pid);
          warmHeap = await heapAfterGc();
          ctx.log(`  memory: warm-up done (${warmup} claims), RSS ${round(warmRss / MiB)} MiB`);
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    const endRss = rssOf(server.child.pid);
    samples.push({ done, rssMiB: round(endRss / MiB), seconds: round((performance.now() - started) / 1000) });
    const endHeap = await heapAfterGc();
    const growth = (endRss - warmRss) / warmRss;
    const peak = Math.max(...samples.map((s) => s.rssMiB));
    const seconds = (performance.now() - started) / 1000;
    const stats = await server.child.ask<ChildStats>({ type: 'stats' });
    ctx.log(`  memory: ${done} claims in ${round(seconds)} s, RSS ${round(warmRss / MiB)} → ${round(endRss / MiB)} MiB`);
    return [
      {
        name: 'memory.server-rss-growth',
        value: round(growth * 100),
        unit: '%',
        budget: `≤ ${GROWTH_BUDGET * 100}% after warm-up`,
        holds: Number.isFinite(growth) && growth <= GROWTH_BUDGET && done >= total && failures === 0,
        notes:
          `${done} claims (${failures} failed${failureSamples.length ? `: ${failureSamples[0]}` : ''}) in ${round(seconds)} s on SQLite; RSS ${round(warmRss / MiB)} MiB after ${warmup} → ${round(endRss / MiB)} MiB at the end (peak ${peak} MiB); ` +
          `V8 heap after a full GC ${round(warmHeap / MiB)} → ${round(endHeap / MiB)} MiB; ${stats.gc.count} GCs, longest ${round(stats.gc.maxMs)} ms; ` +
          `${sink.received.length} receipts sent over SMTP meanwhile` +
          (done < total ? `; stopped at the time limit after ${done} claims` : ''),
        detail: { samples, warmup, total, done, failures, warmHeapMiB: round(warmHeap / MiB), endHeapMiB: round(endHeap / MiB) },
      },
    ];
  } finally {
    await server.child.stop();
    await sink.close();
    await emulator.stop();
    await store.cleanup();
  }
}

if (isEntry(import.meta.url)) await standalone(run);
