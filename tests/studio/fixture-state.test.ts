/**
 * POST /api/fixtures/state: the form store a fixture of the folder has filled by the time it
 * leaves a page (the preview's sample answers), played by the headless player on the folder's
 * files; a fixture that never reaches the page, or fails before it, is refused with why.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findModel } from '../../runtime/core/models';
import type { ModelStoreState } from '../../runtime/core/types';
import { buildStudioServer } from '../../studio/server/app';
import { copySampleSettlement, ROOT, type SettlementCopy } from './settlement-copy';

let copy: SettlementCopy;
let appDir: string;
let app: FastifyInstance;
const CLAIM = 'automotive-expenses-true';

beforeAll(async () => {
  copy = copySampleSettlement();
  const fixtures = path.join(copy.dir, 'fixtures');
  mkdirSync(fixtures);
  cpSync(path.join(ROOT, 'tests/flows', `${CLAIM}.fixture.json`), path.join(fixtures, `${CLAIM}.fixture.json`));
  // The same claim with a wrong expectation on the eligibility page's second visit.
  const broken = JSON.parse(readFileSync(path.join(fixtures, `${CLAIM}.fixture.json`), 'utf8')) as { steps: Array<Record<string, unknown>> };
  broken.steps[6] = { ...broken.steps[6], expectValues: { claimDetails: { didIncurOutOfPocketExpensesPriorToSeptember: 'true' } } };
  writeFileSync(path.join(fixtures, 'claim-broken.fixture.json'), JSON.stringify(broken, null, 2));
  appDir = mkdtempSync(path.join(tmpdir(), 'studio-app-'));
  writeFileSync(path.join(appDir, 'index.html'), '<!doctype html><title>studio</title>');
  app = await buildStudioServer({ folder: copy.dir, appDir, debounceMs: 10 });
});

afterAll(async () => {
  await app?.close();
  copy?.cleanup();
  if (appDir) rmSync(appDir, { recursive: true, force: true });
});

const state = (payload: Record<string, unknown>) => app.inject({ method: 'POST', url: '/api/fixtures/state', payload });
const records = (store: ModelStoreState, model: string) => store.saved.filter((m) => m.metadata.dtoMapping === model).map((m) => m.fields);

describe('the store of a fixture on a page', () => {
  it('is the store once the fixture has filled the page: earlier answers, its records, its own answers', async () => {
    const repairs = await state({ name: CLAIM, page: 'repairs' });
    expect(repairs.statusCode).toBe(200);
    const atRepairs = repairs.json<{ store: ModelStoreState; step: number }>();
    expect(atRepairs.step).toBe(3);
    expect(findModel(atRepairs.store, 'claimantInfo')?.fields).toMatchObject({ firstName: 'Maria', mailingCity: 'Oakland' });
    expect(findModel(atRepairs.store, 'claimDetails')?.fields).toMatchObject({ didIncurOutOfPocketExpensesPriorToSeptember: 'false' });
    expect(records(atRepairs.store, 'claimTransactions')).toEqual([expect.objectContaining({ facilityName: 'Bay Auto Care', amountPaid: '1,250.00' })]);

    // The summary: every answer before it, the changed one as changed, and the signature typed there.
    const summary = (await state({ name: CLAIM, page: 'claim-summary' })).json<{ store: ModelStoreState }>().store;
    expect(findModel(summary, 'claimDetails')?.fields).toMatchObject({ didIncurOutOfPocketExpensesPriorToSeptember: 'true' });
    expect(records(summary, 'claimTransactions').map((r) => r.facilityName)).toContain('Bay Auto Care');
    expect(findModel(summary, 'signature')?.fields).toMatchObject({ signature: 'Maria Garcia', attestation: true });
  });

  it('refuses a fixture that never reaches the page, or fails before it, saying which and why', async () => {
    const lookup = await state({ name: CLAIM, page: 'lookup' });
    expect(lookup.statusCode).toBe(422);
    expect(lookup.json()).toEqual({
      code: 'fixture-not-reaching',
      message: expect.stringMatching(/^The fixture automotive-expenses-true never reaches page "lookup" of Automotive \(its pages: start → claimant-info → /),
    });

    const broken = await state({ name: 'claim-broken', page: 'claim-summary' });
    expect(broken.statusCode).toBe(422);
    expect(broken.json()).toEqual({
      code: 'fixture-fails-before',
      message: expect.stringContaining('The fixture claim-broken fails before it reaches page "claim-summary":\n/steps/6/expectValues/claimDetails/didIncurOutOfPocketExpensesPriorToSeptember:'),
    });
    // Before the failing step, the same fixture gives its answers.
    expect((await state({ name: 'claim-broken', page: 'eligibility' })).statusCode).toBe(200);

    const unknown = await state({ name: 'no-such', page: 'start' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('the folder has no fixture "no-such" (fixtures/no-such.fixture.json)');
    expect((await state({ name: CLAIM })).statusCode).toBe(400);
  });
});
