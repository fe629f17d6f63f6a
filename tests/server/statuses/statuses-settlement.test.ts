/**
 * Claim statuses as settlement data: statuses.json is optional (the defaults without it), declared
 * lists replace the defaults, and what the schema or the checks refuse stops the start with the
 * file and the JSON pointer, as `npm run flows:check` reports it.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_DEFICIENCIES, DEFAULT_STATUSES } from '../../../runtime/core/statuses/index.js';
import { loadSettlement, SettlementError } from '../../../server/settlement/load.js';
import { syncRuntimeTexts } from '../../../tooling/locales/sync.js';
import { settlementCopy } from '../helper.js';

const DATA_BREACH = path.resolve('tests/settlements/data-breach');

function problemsOf(dir: string) {
  try {
    loadSettlement(dir);
  } catch (err) {
    if (err instanceof SettlementError) return err.problems;
    throw err;
  }
  throw new Error('the settlement loaded');
}

describe('statuses.json', () => {
  it('gives the default statuses, deficiency kinds and 30 days to cure without the file', () => {
    const { statuses } = loadSettlement(settlementCopy());
    expect(statuses.statuses.map((s) => s.id)).toEqual(['received', 'underReview', 'deficient', 'cureReceived', 'approved', 'denied', 'paid', 'withdrawn']);
    expect(statuses.statuses).toEqual(DEFAULT_STATUSES);
    expect(statuses.deficiencies).toEqual(DEFAULT_DEFICIENCIES);
    expect(statuses.cureDays).toBe(30);
  });

  it('gives, of the default deficiency kinds, only those the flows can cure', () => {
    // The old-shape data-breach folder asks for receipts, not proof of payment, and has no repairs page.
    const dir = mkdtempSync(path.join(tmpdir(), 'cf-statuses-'));
    try {
      cpSync(path.resolve('tests/old-shape/data-breach-2026-11-26'), dir, { recursive: true });
      syncRuntimeTexts(dir);
      const { statuses } = loadSettlement(dir);
      expect(statuses.deficiencies.map((d) => d.id)).toEqual(['unsigned']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("reads a settlement's own deficiency kinds and keeps the default statuses it does not declare", () => {
    const { statuses } = loadSettlement(DATA_BREACH);
    expect(statuses.deficiencies.map((d) => [d.id, d.cure])).toEqual([
      ['missingProofOfPurchase', { kind: 'document', documentType: 'receipt' }],
      ['unsigned', { kind: 'signature' }],
      ['receiptMismatch', { kind: 'page', page: 'receipts' }],
    ]);
    expect(statuses.statuses).toEqual(DEFAULT_STATUSES);
    expect(statuses.cureDays).toBe(21);
  });

  it('refuses a shape the schema does not allow, naming the file and the pointer', () => {
    const problems = problemsOf(settlementCopy({ 'statuses.json': { statuses: [{ id: 'received', labelKey: 'Received', nextKey: 'LocKey_Status_Received_Next' }, { id: 'deficient', labelKey: 'LocKey_Status_Deficient' }], cureDays: 0 } }));
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ file: 'statuses.json', pointer: '/statuses/0/labelKey', message: expect.stringContaining('does not match') }),
        expect.objectContaining({ file: 'statuses.json', pointer: '/statuses/1', message: expect.stringContaining('missing required property "nextKey"') }),
        expect.objectContaining({ file: 'statuses.json', pointer: '/cureDays' }),
      ]),
    );
  });

  it('refuses a missing received or deficient status, an id given twice, a cure the flows cannot take and a key a locale lacks', () => {
    const problems = problemsOf(
      settlementCopy({
        'statuses.json': {
          statuses: [
            { id: 'received', labelKey: 'LocKey_Status_Received', nextKey: 'LocKey_Status_Received_Next' },
            { id: 'received', labelKey: 'LocKey_Status_Received', nextKey: 'LocKey_Status_Received_Next' },
            { id: 'onHold', labelKey: 'LocKey_Status_OnHold', nextKey: 'LocKey_Status_Received_Next' },
          ],
          deficiencies: [
            { id: 'missingInvoice', textKey: 'LocKey_Deficiency_Unsigned', cure: { kind: 'document', documentType: 'repairInvoce' } },
            { id: 'wrongRepairs', textKey: 'LocKey_Deficiency_Unsigned', cure: { kind: 'page', page: 'repair' } },
          ],
        },
      }),
    );
    const at = (pointer: string) => problems.filter((p) => p.file === 'statuses.json' && p.pointer === pointer).map((p) => p.message);
    expect(at('/statuses/1/id')).toEqual(['status "received" is declared twice (give each status its own id)']);
    expect(at('/statuses').join('\n')).toMatch(/the status "deficient" is missing/);
    expect(at('/deficiencies/0/cure/documentType')).toEqual([expect.stringMatching(/no flow asks for a document of type "repairInvoce".*did you mean "repairInvoice"/)]);
    expect(at('/deficiencies/1/cure/page')).toEqual([expect.stringMatching(/no flow has a page "repair".*did you mean "repairs"/)]);
    expect(at('/statuses/2/labelKey')).toEqual([expect.stringMatching(/^LocKey_Status_OnHold is missing from .*en\.json, .*es\.json/)]);
    // Each problem has its line and column in the file.
    expect(problems.find((p) => p.pointer === '/statuses/1/id')).toMatchObject({ line: 1, column: expect.any(Number) });
  });
});
