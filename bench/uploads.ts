/**
 * Upload memory figure: resident set size of the real server process (buildApp in its own process,
 * SQLite, documents in S3-compatible object storage: s3rver in this process, on 127.0.0.1) while 20
 * claimants each add a 10 MB PDF to their claim in progress at the same moment (POST
 * …/draft/documents, real multipart). Each upload streams through a temp file to the bucket
 * (server/documents/receive.ts), so the server should hold a bounded buffer per upload, not the
 * files: budget ≤ 100 MB above idle. Idle is the RSS after one upload of the same size (the code
 * paths loaded) and before the 20 start; RSS is sampled every 20 ms until the last answers.
 *
 *   tsx bench/uploads.ts [--smoke]     (smoke: 4 uploads of 2 MB)
 */
import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import { Claimant, automotivePageSave, classVehicle, clientId, pdf, type AuthorizedSession } from './lib/claim.js';
import { isEntry, round, standalone, type BenchContext, type Figure } from './lib/figure.js';
import { rssOf } from './lib/procs.js';
import { startAppServer, startEmulator, storage } from './lib/servers.js';
import { startObjectStorage } from '../tests/support/s3.js';

const MB = 1000 * 1000;
const MiB = 1024 * 1024;
const BUDGET_MB = 100;
const BUCKET = 'bench-documents';

/** One file part named by a DocumentContexts clientId, as the app's upload sends it. */
function multipart(field: string, name: string, bytes: Buffer): { body: Uint8Array<ArrayBuffer>; contentType: string } {
  const boundary = `----bench${randomBytes(12).toString('hex')}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\nContent-Type: application/pdf\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const body = new Uint8Array(head.length + bytes.length + tail.length);
  body.set(head, 0);
  body.set(bytes, head.length);
  body.set(tail, head.length + bytes.length);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

export async function run(ctx: BenchContext): Promise<Figure[]> {
  const uploads = ctx.smoke ? 4 : 20;
  const fileBytes = ctx.smoke ? 2 * MB : 10 * MB;
  const objects = await startObjectStorage([BUCKET]);
  const emulator = await startEmulator();
  const store = storage('sqlite', 'uploads');
  const server = await startAppServer(store, String(emulator.ready.url), { documentStoreUrl: `s3://${BUCKET}/bench`, env: objects.env });
  try {
    const claimant = new Claimant(server.url, String(emulator.ready.url), 300_000);
    const draft = (await claimant.formPaths()).draft;
    const ready = async (i: number): Promise<AuthorizedSession> => {
      const session = await claimant.authorize(await claimant.session(), 'Automotive', classVehicle(i));
      const saved = await claimant.saveDraft(session, automotivePageSave(session.credentials));
      if (saved.status !== 200) throw new Error(`page save ${saved.status} ${saved.body.slice(0, 160)}`);
      return session;
    };
    // Each upload on a connection of its own, as from 20 browsers (a kept-alive socket of the setup
    // may be closed by the server's keep-alive timeout just as a request starts on it).
    const upload = async (session: AuthorizedSession, i: number) => {
      const { body, contentType } = multipart(clientId('d'), `invoice-${i}.pdf`, pdf(`upload ${i}`, fileBytes));
      const answer = await new Promise<{ status: number; text: string }>((resolve, reject) => {
        const req = request(`${server.url}${draft}/documents`, { method: 'POST', agent: false, headers: { cookie: session.cookie, 'x-csrf-token': session.csrf, 'content-type': contentType, 'content-length': String(body.length) } }, (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
          res.on('error', reject);
        });
        req.on('error', reject);
        req.end(body);
      });
      if (answer.status !== 201) throw new Error(`upload ${answer.status} ${answer.text.slice(0, 160)}`);
    };

    const sessions = await Promise.all(Array.from({ length: uploads + 1 }, (_, i) => ready(i + 1)));
    const [warm, ...measured] = sessions;
    if (!warm) throw new Error('no session');
    const startRss = rssOf(server.child.pid);
    await upload(warm, 0);
    // Idle: the code paths loaded, nothing in flight.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const idle = rssOf(server.child.pid);
    ctx.log(`  uploads: RSS ${round(startRss / MiB)} MiB at start, ${round(idle / MiB)} MiB idle after one upload`);

    let peak = idle;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssOf(server.child.pid));
    }, 20);
    const started = performance.now();
    const results = await Promise.allSettled(measured.map((session, i) => upload(session, i + 1)));
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    peak = Math.max(peak, rssOf(server.child.pid));
    const why = (reason: unknown) => (reason instanceof Error && reason.cause !== undefined ? `${reason.message}: ${String(reason.cause)}` : String(reason));
    const failed = results.flatMap((r) => (r.status === 'rejected' ? [why(r.reason)] : []));
    const stored = (await objects.keys(BUCKET, 'bench/')).length;
    const growthMB = (peak - idle) / MB;
    ctx.log(`  uploads: ${uploads} × ${fileBytes / MB} MB in ${round(seconds)} s, peak RSS ${round(peak / MiB)} MiB (${round(growthMB)} MB above idle), ${stored} objects`);
    return [
      {
        name: 'uploads.s3-rss-above-idle',
        value: round(growthMB),
        unit: 'MB',
        budget: `≤ ${BUDGET_MB} MB with ${uploads} concurrent ${fileBytes / MB} MB uploads`,
        holds: growthMB <= BUDGET_MB && failed.length === 0 && stored === uploads + 1,
        notes:
          `${uploads} claimants each added a ${fileBytes / MB} MB PDF to their claim in progress at once (${failed.length} failed${failed.length ? `: ${failed[0]}` : ''}) in ${round(seconds)} s; ` +
          `server RSS idle ${round(idle / MiB)} MiB → peak ${round(peak / MiB)} MiB (sampled every 20 ms); ${stored} objects in the bucket; SQLite, s3rver on 127.0.0.1`,
        detail: { uploads, fileBytes, idleMiB: round(idle / MiB), peakMiB: round(peak / MiB), startMiB: round(startRss / MiB), seconds: round(seconds), failed: failed.length, stored },
      },
    ];
  } finally {
    await server.child.stop();
    await emulator.stop();
    await store.cleanup();
    await objects.close();
  }
}

if (isEntry(import.meta.url)) await standalone(run);
