/**
 * The flow's page logic on submit (server/claims/page-logic.ts, runtime/core/view):
 * a payload the browser could never produce is pruned or refused exactly as docs/architecture.md ("Submission") says —
 * answers on a hidden field and a skipped page's answers are dropped from the stored claim, a
 * required field of a visible page and too few records are refused with a 400 naming the page and
 * the field in the claimant's words — and what the browser produces is accepted, the flow
 * fixtures of tests/flows included.
 */
import { describe, expect, it } from 'vitest';
import { validateSubmission } from '../../server/claims/validate.js';
import { fixtureFiles, loadFixture, loadSettlement } from '../../tooling/fixtures/fixture.js';
import { playHeadless } from '../../tooling/fixtures/headless.js';
import { MARIA_ANSWERS } from '../support/sample-claim.js';
import { DIALECTS, model, serverOver, type Parts } from './helper.js';

type Stored = { claimDetails: { fields: Record<string, unknown> }; claimTransactions: Array<{ clientId: string; fields: Record<string, unknown> }> };

const withJson = (parts: Parts, name: string, change: (value: unknown) => unknown): Parts => ({
  ...parts,
  text: { ...parts.text, [name]: JSON.stringify(change(JSON.parse(parts.text[name]!))) },
});

const claimDetails = (parts: Parts, fields: Record<string, unknown>) =>
  withJson(parts, 'claimDetails', (m) => ({ ...(m as { fields: object }), fields: { ...(m as { fields: object }).fields, ...fields } }));

describe.each(DIALECTS)('the flow page logic on submit over %s', (dialect) => {
  const server = serverOver(dialect);

  /** María's answers as `change` makes them, for a class vehicle of its own (the sample files one claim per member). */
  async function submit(change: (p: Parts) => Parts) {
    const { res, record } = await server.submitChanged(change);
    return { res, stored: record?.payload as Stored | undefined, documents: record?.documents ?? [] };
  }

  it('accepts the sample claim the browser produces, as sent', async () => {
    const { res, stored, documents } = await submit((p) => p);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ submitted: true });
    expect(stored!.claimDetails.fields).toMatchObject(MARIA_ANSWERS.ClaimDetails);
    expect(stored!.claimTransactions).toHaveLength(1);
    expect(documents).toHaveLength(1);
  });

  it('drops the answer of a field the flow hides (disposal date of a current owner)', async () => {
    const { res, stored } = await submit((p) => claimDetails(p, { isCurrentOwner: 'true', disposalDate: '01/02/2020' }));
    expect(res.statusCode).toBe(200);
    expect(stored!.claimDetails.fields).toMatchObject({ isCurrentOwner: 'true', disposalDate: null });
  });

  it("drops a skipped page's answers (a denial sent by a claimant who paid out of pocket)", async () => {
    const denial = model('Automotive', 'ClaimTransactions', {
      ...MARIA_ANSWERS.ClaimTransactions,
      claimTransactionType: 'denial',
      repairDate: null,
      mileageAtRepair: null,
      amountPaid: null,
      repairDescription: null,
      denialDate: '07/01/2016',
      denialReason: 'Out of warranty',
    });
    const { res, stored } = await submit((p) => withJson(p, 'claimTransactions', (list) => [...(list as unknown[]), denial]));
    expect(res.statusCode).toBe(200);
    expect(stored!.claimTransactions.map((t) => t.fields.claimTransactionType)).toEqual(['repair']);
    expect(stored!.claimTransactions.map((t) => t.clientId)).not.toContain(denial.clientId);
  });

  it('refuses a required field of a visible page with a 400 naming the page and the field as the page shows them', async () => {
    const { res } = await submit((p) => claimDetails(p, { isCurrentOwner: 'false', disposalDate: null }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ submitted: false, code: 'VALIDATION_FAILED' });
    // The same words as the page's error summary: the flow's message names the field.
    expect(res.json().error).toContain('Your Vehicle — Enter the date you sold, returned or otherwise disposed of the vehicle, for example 3/15/2016');
    expect(res.json().error).not.toContain('claimDetails.disposalDate');
    // The field itself, by its page and its element id there, so that the page shows the message under it.
    expect(res.json().fieldErrors).toEqual([
      { pageId: 'eligibility', fieldId: 'claimDetails-disposalDate', message: 'Enter the date you sold, returned or otherwise disposed of the vehicle, for example 3/15/2016' },
    ]);
  });

  it('refuses fewer records than the minimum (paid out of pocket, no repair listed), in the claimant’s language', async () => {
    const noRepair = (p: Parts): Parts => ({
      text: { ...p.text, userPreferredCulture: 'es', claimTransactions: '[]', documentContexts: '[]' },
      files: [],
    });
    const { res } = await submit(noRepair);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ submitted: false, code: 'VALIDATION_FAILED' });
    expect(res.json().error).toContain('Reparaciones — Agregue al menos 1 reparación.');
  });
});

describe('the flow fixtures of tests/flows against the server validation', () => {
  for (const file of fixtureFiles()) {
    const loaded = loadFixture(file);
    if (!loaded.fixture.expectPayload) continue;
    it(`${loaded.fixture.description ?? file}: its submitted payload passes and is stored as sent`, async () => {
      const settlement = loadSettlement(loaded);
      const { submissions } = await playHeadless(loaded, settlement);
      const flow = settlement.flows[loaded.fixture.formType]!;
      const culture = loaded.fixture.culture ?? 'en';
      for (const payload of submissions) {
        const problems = validateSubmission({
          formType: flow.formType,
          flow,
          settings: settlement.settings,
          payload,
          models: settlement.models.filter((m) => m.metadata.formType === flow.formType && flow.models.includes(m.metadata.dtoMapping)),
          whitelist: settlement.whitelist ?? '',
          now: new Date(loaded.fixture.now),
          text: (key) => settlement.locales[culture]?.[key],
        });
        expect({ structure: problems.structure, fields: problems.fields }).toEqual({ structure: [], fields: [] });
        expect(problems.payload).toEqual(payload);
      }
    });
  }
});
