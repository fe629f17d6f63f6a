/**
 * A record saved or deleted on a page is stored with the claim in progress at once (PUT …/draft
 * with `unfinished`: the claimant is still on the page), over real HTTP on SQLite and PostgreSQL:
 * the page's other required fields left empty and its "at least one record" rule not met yet are
 * not refused, a value typed wrong there or a saved record that does not validate is refused with
 * a 400 naming it, and reading the claim back gives every record saved so far and none deleted.
 */
import { readFileSync, writeFileSync, cpSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FieldValue, FlowFile, FormModel } from '../../runtime/core/types.js';
import { MARIA_ANSWERS } from '../support/sample-claim.js';
import { DIALECTS, model, ROOT, serverOver, settlementCopy, type Claimant, type Credentials } from './helper.js';

const DRAFT_URL = '/api/forms/automotive/draft';

/**
 * The sample settlement whose repairs page also asks how to be paid (the PaymentElection model,
 * its method required): a records page with a required field of its own.
 */
function settlementWithPaymentOnRepairs(): string {
  const dir = settlementCopy();
  cpSync(path.join(ROOT, 'flows'), path.join(dir, 'flows'), { recursive: true });
  const flowFile = path.join(dir, 'flows', 'automotive.json');
  const flow = JSON.parse(readFileSync(flowFile, 'utf8')) as FlowFile;
  const payment = flow.pages.find((p) => p.id === 'payment-election')?.blocks.find((b) => b.block === 'model');
  const repairs = flow.pages.find((p) => p.id === 'repairs');
  if (!payment || !repairs) throw new Error('The sample Automotive flow has no payment-election model block or no repairs page.');
  repairs.blocks.push(payment);
  flow.models.push('PaymentElection');
  writeFileSync(flowFile, JSON.stringify(flow, null, 2));
  return dir;
}

const repair = (fields: Record<string, FieldValue> = {}) => model('Automotive', 'ClaimTransactions', { ...MARIA_ANSWERS.ClaimTransactions, ...fields });

/** The answers of the pages before the repairs page, and an empty payment election. */
function before(credentials: Credentials, payment: Record<string, FieldValue> = { paymentMethod: null, paymentEmail: null }): FormModel[] {
  return [
    model('Automotive', 'Credentials', { ...credentials }),
    model('Automotive', 'ClaimantInfo', { ...MARIA_ANSWERS.ClaimantInfo }),
    model('Automotive', 'ClaimDetails', { ...MARIA_ANSWERS.ClaimDetails }),
    model('Automotive', 'PaymentElection', payment),
  ];
}

describe.each(DIALECTS)('a record saved on a page is stored at once (%s)', (dialect) => {
  const server = serverOver(dialect, () => ({ settlementDir: settlementWithPaymentOnRepairs() }));

  const put = (c: Claimant, models: FormModel[], unfinished: boolean, openRecords?: FormModel[]) =>
    server.http({ method: 'PUT', url: DRAFT_URL, headers: c.headers(), payload: { pageId: 'repairs', models, ...(unfinished ? { unfinished } : {}), ...(openRecords ? { openRecords } : {}) } });
  const load = async (c: Claimant) => {
    const res = await server.http({ url: DRAFT_URL, headers: { cookie: c.cookie } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ pageId: string; pageUnfinished: boolean; models: FormModel[]; openRecords: FormModel[] }>();
  };
  const repairsOf = (models: FormModel[]) => models.filter((m) => m.metadata.dtoMapping.toLowerCase() === 'claimtransactions').map((m) => m.clientId);

  it('stores a saved repair with the page’s required payment method still empty, and Next refuses that field', async () => {
    const { c, credentials } = await server.authorized();
    const first = repair();
    const saved = await put(c, [...before(credentials), first], true);
    expect(saved.statusCode, saved.body).toBe(200);
    const draft = await load(c);
    expect(draft).toMatchObject({ pageId: 'repairs', pageUnfinished: true });
    expect(repairsOf(draft.models)).toEqual([first.clientId]);
    expect(draft.models.find((m) => m.clientId === first.clientId)?.fields).toMatchObject({ facilityName: MARIA_ANSWERS.ClaimTransactions.facilityName });

    // A second repair, then the first deleted: the claim holds the second alone.
    const second = repair({ facilityName: 'Hilltop Motors' });
    expect((await put(c, [...before(credentials), first, second], true)).statusCode).toBe(200);
    expect(repairsOf((await load(c)).models)).toEqual([first.clientId, second.clientId]);
    expect((await put(c, [...before(credentials), second], true)).statusCode).toBe(200);
    expect(repairsOf((await load(c)).models)).toEqual([second.clientId]);

    // As Next: the empty payment method is refused, and nothing changes.
    const next = await put(c, [...before(credentials), second, repair()], false);
    expect(next.statusCode, next.body).toBe(400);
    expect(next.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(next.json().error).toContain('Repairs — Choose how you would like to be paid');
    expect(repairsOf((await load(c)).models)).toEqual([second.clientId]);
  });

  it('keeps a repair being typed (its values not checked until its Save) beside the saved ones, until a save without it or Next; refuses one that is no record of the page', async () => {
    const { c, credentials } = await server.authorized();
    const saved = repair();
    // Half typed: a date not finished, no facility yet.
    const typing = repair({ repairDate: '06/2', facilityName: null, mileageAtRepair: null, amountPaid: null, repairDescription: null });
    const res = await put(c, [...before(credentials), saved], true, [typing]);
    expect(res.statusCode, res.body).toBe(200);
    const draft = await load(c);
    expect(repairsOf(draft.models)).toEqual([saved.clientId]);
    expect(draft.openRecords).toEqual([typing]);

    // Its Save: a saved record now, no longer open.
    const done = { ...typing, fields: { ...saved.fields } };
    expect((await put(c, [...before(credentials), saved, done], true)).statusCode).toBe(200);
    expect((await load(c)).openRecords).toEqual([]);

    const refusals: Array<[string, FormModel[], FormModel[]]> = [
      ['a model no records block of the page holds', [...before(credentials), saved], [model('Automotive', 'ClaimantInfo', { ...MARIA_ANSWERS.ClaimantInfo })]],
      ['a field its model does not declare', [...before(credentials), saved], [repair({ notAField: 'x' })]],
      ['a saved record sent as open too', [...before(credentials), saved], [saved]],
    ];
    for (const [what, models, open] of refusals) {
      const refused = await put(c, models, true, open);
      expect(refused.statusCode, `${what}: ${refused.body}`).toBe(400);
      expect(refused.json(), what).toMatchObject({ code: 'STRUCTURE_INVALID' });
    }

    // Next (a finished save) keeps no record being typed.
    expect((await put(c, [...before(credentials), saved], true, [typing])).statusCode).toBe(200);
    expect((await put(c, [...before(credentials, { paymentMethod: 'check', paymentEmail: null }), saved], false, [typing])).statusCode).toBe(200);
    expect((await load(c)).openRecords).toEqual([]);
  });

  it('stores the repairs page with its last repair deleted (at least one is asked for), which Next refuses', async () => {
    const { c, credentials } = await server.authorized();
    expect((await put(c, [...before(credentials), repair()], true)).statusCode).toBe(200);
    const none = await put(c, before(credentials), true);
    expect(none.statusCode, none.body).toBe(200);
    expect(repairsOf((await load(c)).models)).toEqual([]);

    const next = await put(c, before(credentials, { paymentMethod: 'check', paymentEmail: null }), false);
    expect(next.statusCode, next.body).toBe(400);
    expect(next.json().error).toContain('Repairs — ');
  });

  it('refuses with a 400 a value typed wrong on the page, a saved repair that does not validate, and a value of the wrong type; the stored claim stays as it was', async () => {
    const { c, credentials } = await server.authorized();
    const kept = repair();
    expect((await put(c, [...before(credentials), kept], true)).statusCode).toBe(200);

    const refusals: Array<[string, FormModel[], RegExp]> = [
      ['an e-mail address typed wrong', [...before(credentials, { paymentMethod: 'electronic', paymentEmail: 'not an address' }), kept], /e-?mail/i],
      ['a payment method of no option', [...before(credentials, { paymentMethod: 'cash', paymentEmail: null }), kept], /Repairs — /],
      ['an amount out of range', [...before(credentials), kept, repair({ amountPaid: 0 })], /Repairs — /],
      ['a repair dated in the future', [...before(credentials), kept, repair({ repairDate: '01/01/2031' })], /Repairs — /],
      ['a saved repair without its facility', [...before(credentials), kept, repair({ facilityName: null })], /Repairs — /],
      ['an amount that is no number', [...before(credentials), kept, repair({ amountPaid: 'a lot' })], /Repairs — /],
    ];
    for (const [what, models, message] of refusals) {
      const res = await put(c, models, true);
      expect(res.statusCode, `${what}: ${res.body}`).toBe(400);
      expect(res.json(), what).toMatchObject({ code: 'VALIDATION_FAILED' });
      expect(res.json().error, what).toMatch(message);
    }
    const mistyped = await put(c, [...before(credentials), kept, repair({ facilityName: true })], true);
    expect(mistyped.statusCode, mistyped.body).toBe(400);
    expect(mistyped.json()).toMatchObject({ code: 'STRUCTURE_INVALID' });

    expect(repairsOf((await load(c)).models)).toEqual([kept.clientId]);
  });
});
