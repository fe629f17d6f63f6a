/**
 * A document acknowledged (201) is stored: the server, in a process of its own over a SQLite
 * file, is killed with SIGKILL right after the answer, and the database then holds the document
 * whole, and a new server on it lists it with the claim in progress.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCaptchaEmulator, type CaptchaEmulator } from '../../server/captcha-emulator/emulator.js';
import { openDatabase } from '../../server/db/index.js';
import { documentOfSize } from '../support/documents.js';
import { invoiceContext, MARIA_ANSWERS } from '../support/sample-claim.js';
import { Claimant, encodeMultipart, httpTo, model, otherClassVehicle, overHttp, ROOT, SECRET, settlementCopy, testApp, vinOnly } from './helper.js';

const OPEN_DEADLINES = {
  timeZone: 'Pacific',
  deadlines: Object.fromEntries(
    ['globalDeadline', 'lookupFilingDeadline', 'exclusionFilingDeadline', 'claimFilingDeadline'].map((k) => [k, { deadlineDateTime: '2099-12-31T23:59:59', redirectUrl: null }]),
  ),
};

/** The server process and the port it printed. */
async function startProcess(env: Record<string, string>): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'tests/support/crash-server.ts')], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      const line = out.split('\n')[0];
      if (out.includes('\n') && line) resolve(Number(line));
    });
    child.once('exit', (code) => reject(new Error(`the server exited (${code}): ${stderr}`)));
  });
  return { child, port };
}

describe('a document acknowledged survives kill -9 (sqlite)', () => {
  let emulator: CaptchaEmulator;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'claims-crash-'));
  let settlementDir = '';
  beforeAll(async () => {
    emulator = await startCaptchaEmulator();
    settlementDir = settlementCopy({ 'deadlines.json': OPEN_DEADLINES });
  });
  afterAll(async () => {
    await emulator.close();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(settlementDir, { recursive: true, force: true });
  });

  it('holds the document whole after SIGKILL right after its 201, and a new server lists it', { timeout: 120_000 }, async () => {
    const { child, port } = await startProcess({ DATA_DIR: dataDir, SESSION_SECRET: SECRET, SETTLEMENT_DIR: settlementDir, CAPTCHA_EMULATOR_ORIGIN: emulator.origin });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    // The claimant talks to the process only (no app of this process is involved).
    const c = await new Claimant(null as unknown as FastifyInstance, emulator, httpTo(port)).start();
    const credentials = vinOnly(otherClassVehicle());
    expect((await c.authorize('Automotive', { ...credentials })).statusCode).toBe(200);
    const repair = model('Automotive', 'ClaimTransactions', { ...MARIA_ANSWERS.ClaimTransactions });
    const models = [
      model('Automotive', 'Credentials', { ...credentials }),
      model('Automotive', 'ClaimantInfo', { ...MARIA_ANSWERS.ClaimantInfo }),
      model('Automotive', 'ClaimDetails', { ...MARIA_ANSWERS.ClaimDetails }),
      repair,
    ];
    const send = httpTo(port);
    expect((await send({ method: 'PUT', url: '/api/forms/automotive/draft', headers: c.headers(), payload: { pageId: 'repairs', models } })).statusCode).toBe(200);

    const bytes = documentOfSize('application/pdf', 300 * 1024);
    const doc = model('Automotive', 'DocumentContexts', invoiceContext(repair.clientId, bytes.length));
    const { body, contentType } = await encodeMultipart({ text: {}, files: [{ field: doc.clientId, name: 'invoice.pdf', type: 'application/pdf', bytes }] });
    const added = await send({ method: 'POST', url: '/api/forms/automotive/draft/documents', headers: c.headers({ 'content-type': contentType }), payload: body });
    expect(added.statusCode, added.body).toBe(201);
    child.kill('SIGKILL');
    await exited;

    const database = await openDatabase({ dataDir });
    try {
      // The document's bytes are the database store's object, committed before its row.
      const rows = await database.db
        .selectFrom('draft_documents')
        .innerJoin('document_objects', 'document_objects.key', 'draft_documents.store_key')
        .select(['context_client_id', 'name', 'draft_documents.sha256', 'document_objects.bytes'])
        .execute();
      expect(rows.map((r) => [r.context_client_id, r.name])).toEqual([[doc.clientId, 'invoice.pdf']]);
      expect(createHash('sha256').update(rows[0]!.bytes).digest('hex')).toBe(createHash('sha256').update(bytes).digest('hex'));
      expect(rows[0]!.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));

      const restarted = await testApp(database, emulator, { settlementDir, clock: Date.now });
      try {
        const draft = await (await overHttp(restarted))({ url: '/api/forms/automotive/draft', headers: { cookie: c.cookie } });
        expect(draft.statusCode, draft.body).toBe(200);
        expect(draft.json().documents).toEqual([{ id: added.json().id, clientId: doc.clientId, name: 'invoice.pdf', size: bytes.length, type: 'application/pdf' }]);
      } finally {
        await restarted.close();
      }
    } finally {
      await database.close();
    }
  });
});
