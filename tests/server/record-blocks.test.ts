/**
 * The record blocks' rules on submit (runtime/core/view records, run by the server's page logic):
 * a settlement whose denials block asks to confirm that none applies refuses an empty list
 * without the confirmation with a 400 naming the page, accepts it with the confirmation, and
 * drops a confirmation sent beside a denial; a minimum that is a function of the dependency
 * record (the claim details) is enforced as the page enforces it.
 */
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FlowFile, ModelConfig, RecordsBlock } from '../../runtime/core/types.js';
import { MARIA_ANSWERS } from '../support/sample-claim.js';
import {
  DIALECTS,
  model,
  ROOT,
  serverOver,
  settlementCopy,
  type Parts,
} from './helper.js';

type Stored = { claimDetails: { fields: Record<string, unknown> }; claimTransactions: Array<{ fields: Record<string, unknown> }> };

/**
 * The sample settlement with a confirmation on the denials block (stored on ClaimDetails.noDenials)
 * and a repairs minimum of 2 for a leased vehicle, 1 for an owned one, while out-of-pocket expenses were paid.
 */
function settlementWithRecordRules(): string {
  const dir = settlementCopy();
  const modelsFile = path.join(dir, 'models.json');
  const body = JSON.parse(readFileSync(modelsFile, 'utf8')) as { models: ModelConfig[] };
  const details = body.models.find((m) => m.metadata.formType === 'Automotive' && m.metadata.dtoMapping === 'ClaimDetails')!;
  details.fields.noDenials = { dataType: 'boolean', validations: [] };
  writeFileSync(modelsFile, JSON.stringify(body, null, 2));
  cpSync(path.join(ROOT, 'flows'), path.join(dir, 'flows'), { recursive: true });
  const flowFile = path.join(dir, 'flows', 'automotive.json');
  const flow = JSON.parse(readFileSync(flowFile, 'utf8')) as FlowFile;
  const records = (id: string) => flow.pages.find((p) => p.id === id)!.blocks.find((b): b is RecordsBlock => b.block === 'records')!;
  records('denials').noneConfirmation = { model: 'ClaimDetails', field: 'noDenials' };
  records('repairs').minimumInstances = {
    count: 1,
    dependency: { model: 'ClaimDetails' },
    when: { scope: 'didIncurOutOfPocketExpensesPriorToSeptember', schema: { const: 'true' } },
    cases: [{ when: { scope: 'ownershipType', schema: { const: 'lease' } }, count: 2 }],
    messageKey: 'LocKey_Repairs_MinimumInstances',
  };
  writeFileSync(flowFile, JSON.stringify(flow, null, 2));
  return dir;
}

const withJson = (parts: Parts, name: string, change: (value: unknown) => unknown): Parts => ({
  ...parts,
  text: { ...parts.text, [name]: JSON.stringify(change(JSON.parse(parts.text[name]!))) },
});

const claimDetails = (parts: Parts, fields: Record<string, unknown>) =>
  withJson(parts, 'claimDetails', (m) => ({ ...(m as { fields: object }), fields: { ...(m as { fields: object }).fields, noDenials: null, ...fields } }));

/** No out-of-pocket expenses: the denials page is visited (the repair stays, as the repairs page asks for none). */
const noExpenses = (parts: Parts, fields: Record<string, unknown> = {}) => claimDetails(parts, { didIncurOutOfPocketExpensesPriorToSeptember: 'false', ...fields });

const denial = () =>
  model('Automotive', 'ClaimTransactions', {
    ...MARIA_ANSWERS.ClaimTransactions,
    claimTransactionType: 'denial',
    repairDate: null,
    mileageAtRepair: null,
    amountPaid: null,
    repairDescription: null,
    denialDate: '07/01/2016',
    denialReason: 'Out of warranty',
  });

describe.each(DIALECTS)('the record blocks’ rules on submit over %s', (dialect) => {
  const server = serverOver(dialect, () => ({ settlementDir: settlementWithRecordRules() }));

  /** María's answers as `change` makes them, for a class vehicle of its own (the sample files one claim per member). */
  async function submit(change: (p: Parts) => Parts) {
    const { res, record } = await server.submitChanged(change);
    return { res, stored: record?.payload as Stored | undefined };
  }

  it('refuses an empty denials list without the confirmation, naming the page and the checkbox', async () => {
    const { res } = await submit((p) => noExpenses(p, { noDenials: false }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ submitted: false, code: 'VALIDATION_FAILED' });
    expect(res.json().error).toContain('Repair Denials — None of these apply to me: Add at least one, or confirm that none apply.');
  });

  it('refuses it in the claimant’s language', async () => {
    const { res } = await submit((p) => ({ ...noExpenses(p), text: { ...noExpenses(p).text, userPreferredCulture: 'es' } }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain('Ninguno de estos me corresponde: Agregue al menos uno o confirme que ninguno le corresponde.');
  });

  it('accepts an empty denials list with the confirmation, and stores it', async () => {
    const { res, stored } = await submit((p) => noExpenses(p, { noDenials: true }));
    expect(res.statusCode).toBe(200);
    expect(stored!.claimDetails.fields).toMatchObject({ didIncurOutOfPocketExpensesPriorToSeptember: 'false', noDenials: true });
  });

  it('drops a confirmation sent beside a denial, as the page does', async () => {
    const { res, stored } = await submit((p) => withJson(noExpenses(p, { noDenials: true }), 'claimTransactions', (list) => [...(list as unknown[]), denial()]));
    expect(res.statusCode).toBe(200);
    expect(stored!.claimDetails.fields.noDenials).toBeNull();
    expect(stored!.claimTransactions.map((t) => t.fields.claimTransactionType)).toEqual(['repair', 'denial']);
  });

  it('drops the confirmation of a skipped denials page (out-of-pocket expenses paid)', async () => {
    const { res, stored } = await submit((p) => claimDetails(p, { noDenials: true }));
    expect(res.statusCode).toBe(200);
    expect(stored!.claimDetails.fields.noDenials).toBeNull();
  });

  it('enforces the minimum the claim details ask for: two repairs for a leased vehicle', async () => {
    const leased = await submit((p) => claimDetails(p, { ownershipType: 'lease' }));
    expect(leased.res.statusCode).toBe(400);
    expect(leased.res.json().error).toContain('Repairs — Add at least 2 repair.');
    const owned = await submit((p) => claimDetails(p, { ownershipType: 'own' }));
    expect(owned.res.statusCode).toBe(200);
  });
});
