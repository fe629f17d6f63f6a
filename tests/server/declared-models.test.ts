/**
 * Models a settlement declares (models.json), over real HTTP on SQLite and PostgreSQL, with the
 * test settlement tests/settlements/payments: expenses (a repeating model) each with a receipt (a
 * DocumentContexts record linked to its expense, at least one per expense), and a payment
 * election (a single model) by direct deposit. Their answers are stored under their camel-cased
 * names and exported; the account number leaves masked unless the administrator asks for it; an
 * expense without its receipt is refused; two claims paying into one account are flagged
 * duplicate_payment_account with the first claim's reference code as evidence.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FormModel, ModelConfig } from '../../runtime/core/types.js';
import { exportSubmissions } from '../../server/admin/export.js';
import { screeningsById } from '../../server/fraud/store.js';
import { loadSettlement, SettlementError } from '../../server/settlement/load.js';
import { copySettlementFolder, readSettlementFolder } from '../../settlement/read.js';
import { applyStatusChanges } from '../../server/claims/statuses.js';
import { DIALECTS, encodeMultipart, FILES, ROOT, serverOver, type Parts } from './helper.js';

const PAYMENTS = path.join(ROOT, 'tests', 'settlements', 'payments');
const CONFIGS = (readSettlementFolder(PAYMENTS).files.get('models.json')?.json as { models: ModelConfig[] }).models;

/**
 * The payments settlement (the sample with its models, flows and texts) as a folder of its own,
 * with a deficiency cured by its payment page answered again.
 */
function paymentsSettlement(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'claims-payments-'));
  copySettlementFolder(PAYMENTS, dir);
  const statuses = { deficiencies: [{ id: 'paymentMismatch', textKey: 'LocKey_Deficiency_ReceiptMismatch', cure: { kind: 'page', page: 'payment-election' } }] };
  writeFileSync(path.join(dir, 'statuses.json'), JSON.stringify(statuses, null, 2));
  return dir;
}

let seq = 0;

/** A model of the payments settlement (its metadataHash). */
function declared(dtoMapping: string, fields: Record<string, unknown>): FormModel {
  const config = CONFIGS.find((c) => c.metadata.formType === 'Automotive' && c.metadata.dtoMapping === dtoMapping)!;
  const empty = Object.fromEntries(Object.keys(config.fields).map((f) => [f, null]));
  seq++;
  const clientId = `p${String(seq).padStart(7, '0')}${Math.random().toString(36).slice(2, 10).padEnd(8, '0')}`;
  return { id: null, clientId, metadata: { formType: 'Automotive', dtoMapping }, metadataHash: config.metadataHash, fields: { ...empty, ...(fields as Record<string, null>) } };
}

const rehash = (text: string, dtoMapping: string) => {
  const value = JSON.parse(text) as FormModel | FormModel[];
  const fix = (m: FormModel) => ({ ...m, metadataHash: CONFIGS.find((c) => c.metadata.formType === 'Automotive' && c.metadata.dtoMapping === dtoMapping)!.metadataHash });
  return JSON.stringify(Array.isArray(value) ? value.map(fix) : fix(value));
};

interface ClaimOptions {
  account?: string;
  routing?: string;
  /** Leave the expense without its receipt. */
  noReceipt?: boolean;
}

/** María's answers with one expense and its receipt, and a direct deposit into `account`. */
function withExpensesAndPayment(parts: Parts, options: ClaimOptions = {}): Parts {
  const text = { ...parts.text };
  for (const [part, dto] of [['credentials', 'Credentials'], ['claimantInfo', 'ClaimantInfo'], ['claimDetails', 'ClaimDetails'], ['signature', 'Signature'], ['claimTransactions', 'ClaimTransactions']] as const) {
    text[part] = rehash(text[part]!, dto);
  }
  const invoice = (JSON.parse(text.documentContexts!) as FormModel[])[0]!;
  const documents = [declared('DocumentContexts', { ...invoice.fields })];
  const expense = declared('Expenses', { expenseDate: '03/02/2024', expenseDescription: 'Credit monitoring', expenseAmount: '19.99' });
  const receipt = declared('DocumentContexts', { documentType: 'receipt', expenseId: expense.clientId, file: 'receipt.png', name: 'receipt.png', size: FILES.png.length, type: 'image/png' });
  if (!options.noReceipt) documents.push(receipt);
  text.documentContexts = JSON.stringify(documents);
  text.expenses = JSON.stringify([expense]);
  text.paymentElection = JSON.stringify(
    declared('PaymentElection', { paymentMethod: 'ach', routingNumber: options.routing ?? '011000015', accountNumber: options.account ?? '000123456789', paypalEmail: null, venmoPhone: null }),
  );
  const files = [{ ...parts.files[0]!, field: documents[0]!.clientId }];
  if (!options.noReceipt) files.push({ field: receipt.clientId, name: 'receipt.png', type: 'image/png', bytes: FILES.png });
  return { text, files };
}

type Stored = {
  expenses: Array<{ clientId: string; fields: Record<string, unknown> }>;
  paymentElection: { fields: Record<string, unknown> };
  documentContexts: Array<{ fields: Record<string, unknown> }>;
};

describe.each(DIALECTS)('declared models over %s', (dialect) => {
  const server = serverOver(dialect, () => ({ settlementDir: paymentsSettlement() }));

  it('stores a declared single model and a declared repeating one with its child record and document, and exports them (account masked unless asked for)', async () => {
    const { res, record } = await server.submitChanged((p) => withExpensesAndPayment(p, { account: '000123456789' }));
    expect(res.statusCode, res.body).toBe(200);
    const stored = record!.payload as Stored;
    expect(stored.expenses).toHaveLength(1);
    expect(stored.expenses[0]!.fields).toMatchObject({ expenseDescription: 'Credit monitoring', expenseAmount: '19.99' });
    expect(stored.paymentElection.fields).toMatchObject({ paymentMethod: 'ach', routingNumber: '011000015', accountNumber: '000123456789' });
    const receipt = stored.documentContexts.find((d) => d.fields.documentType === 'receipt')!;
    expect(receipt.fields.expenseId).toBe(stored.expenses[0]!.clientId);
    expect(record!.documents.map((d) => d.name).sort()).toEqual(['invoice.pdf', 'receipt.png']);

    const accounts = { fields: new Set(['paymentElection.accountNumber']), include: false };
    const csv = (await exportSubmissions(server.app.database, 'csv', {}, accounts)).text;
    const [header, ...rows] = csv.trim().split('\r\n');
    const columns = header!.split(',');
    const row = rows.find((r) => r.startsWith(record!.referenceCode))!.split(',');
    const cell = (name: string) => row[columns.indexOf(name)];
    expect(cell('expenses[0].expenseDescription')).toBe('Credit monitoring');
    expect(cell('paymentElection.routingNumber')).toBe('011000015');
    expect(cell('paymentElection.accountNumber')).toBe('••••6789');
    expect(cell('documentContexts[1].expenseId')).toBe(stored.expenses[0]!.clientId);

    const jsonl = (await exportSubmissions(server.app.database, 'jsonl', {}, { ...accounts, include: true })).text;
    const line = jsonl.trim().split('\n').map((l) => JSON.parse(l) as { referenceCode: string; answers: Stored }).find((l) => l.referenceCode === record!.referenceCode)!;
    expect(line.answers.paymentElection.fields.accountNumber).toBe('000123456789');
    expect(line.answers.expenses[0]!.fields.expenseAmount).toBe('19.99');
  });

  it("masks the account number of a cure that answered the payment page again, as the claim's own (unless asked for)", async () => {
    const { res, record } = await server.submitChanged((p) => withExpensesAndPayment(p, { account: '000123456789' }));
    expect(res.statusCode, res.body).toBe(200);
    const code = record!.referenceCode;
    const vin = (record!.payload as { credentials: { fields: { vin: string } } }).credentials.fields.vin;
    await applyStatusChanges(server.app.database, server.app.settlement, server.app.locales, [{ reference: code, status: 'deficient', deficiencies: ['paymentMismatch'] }], {
      changedBy: 'admin status',
      statusLink: 'https://claims.example.com/status',
    });
    // The claimant signs in on the status page and sends the payment page again, into another account.
    const c = await server.claimant();
    const status = await c.api.claimStatus(code, { vin });
    if (!status.ok) throw new Error(status.error);
    const models = (status.data.cureAnswers ?? []).map((m) => ({ ...m, fields: m.metadata.dtoMapping === 'PaymentElection' ? { ...m.fields, accountNumber: '000987654321' } : m.fields }));
    expect(models.map((m) => m.metadata.dtoMapping)).toEqual(['PaymentElection']);
    const { body, contentType } = await encodeMultipart({ text: { referenceCode: code, pageModels: JSON.stringify(models) }, files: [] });
    const cured = await c.raw('POST', '/api/claims/cure', { body: new Uint8Array(body), headers: { 'Content-Type': contentType } });
    expect(cured.statusCode, cured.body).toBe(200);

    const accounts = { fields: new Set(['paymentElection.accountNumber']), include: false };
    const csv = (await exportSubmissions(server.app.database, 'csv', {}, accounts)).text;
    expect(csv).toContain('accountNumber=••••4321');
    expect(csv).not.toContain('000987654321');
    expect(csv).not.toContain('000123456789');
    type Line = { referenceCode: string; answers: Stored; cures: Array<{ answers: Array<{ fields: Record<string, unknown> }> }> };
    const lineOf = (jsonl: string) => jsonl.trim().split('\n').map((l) => JSON.parse(l) as Line).find((l) => l.referenceCode === code)!;
    const masked = lineOf((await exportSubmissions(server.app.database, 'jsonl', {}, accounts)).text);
    expect(masked.answers.paymentElection.fields.accountNumber).toBe('••••6789');
    expect(masked.cures[0]!.answers[0]!.fields).toMatchObject({ accountNumber: '••••4321', routingNumber: '011000015' });
    const whole = lineOf((await exportSubmissions(server.app.database, 'jsonl', {}, { ...accounts, include: true })).text);
    expect(whole.answers.paymentElection.fields.accountNumber).toBe('000123456789');
    expect(whole.cures[0]!.answers[0]!.fields.accountNumber).toBe('000987654321');
    const wholeCsv = (await exportSubmissions(server.app.database, 'csv', {}, { ...accounts, include: true })).text;
    expect(wholeCsv).toContain('accountNumber=000987654321');
  });

  it('refuses an expense without its receipt, naming the page, and stores nothing', async () => {
    const { res, record } = await server.submitChanged((p) => withExpensesAndPayment(p, { noReceipt: true, account: '55550001' }));
    expect(res.statusCode, res.body).toBe(400);
    expect(record).toBeNull();
    expect(res.body).toContain('Upload a receipt for expense 1.');
  });

  it('refuses a routing number whose ABA checksum fails', async () => {
    const { res } = await server.submitChanged((p) => {
      const parts = withExpensesAndPayment(p, { account: '55550002' });
      const payment = JSON.parse(parts.text.paymentElection!) as FormModel;
      payment.fields.routingNumber = '011000016';
      return { ...parts, text: { ...parts.text, paymentElection: JSON.stringify(payment) } };
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.body).toContain('not a valid routing number');
  });

  it('flags a second claim paying into the same account duplicate_payment_account, with the first as evidence', async () => {
    const first = await server.submitChanged((p) => withExpensesAndPayment(p, { account: '0098765432', routing: '021000021' }));
    expect(first.res.statusCode, first.res.body).toBe(200);
    const second = await server.submitChanged((p) => withExpensesAndPayment(p, { account: '0098765432', routing: '021000021' }));
    expect(second.res.statusCode, second.res.body).toBe(200);
    const screenings = await screeningsById(server.app.database);
    const reasons = screenings.get(second.record!.id)!.reasons;
    expect(reasons).toContainEqual({ code: 'duplicate_payment_account', evidence: expect.objectContaining({ earlier: 1, references: [first.record!.referenceCode] }) });
    expect(screenings.get(first.record!.id)!.reasons.map((r) => r.code)).not.toContain('duplicate_payment_account');
  });
});

describe('a page answer the server would not store', () => {
  it('cannot pass the checker: the payments settlement without PaymentElection in its models is refused at start', () => {
    const dir = paymentsSettlement();
    const file = path.join(dir, 'flows', 'automotive.json');
    const flow = JSON.parse(readFileSync(file, 'utf8')) as { models: string[] };
    flow.models = flow.models.filter((m) => m !== 'PaymentElection');
    writeFileSync(file, JSON.stringify(flow, null, 2));
    expect(() => loadSettlement(dir)).toThrow(SettlementError);
    try {
      loadSettlement(dir);
    } catch (error) {
      expect((error as SettlementError).problems).toContainEqual(
        expect.objectContaining({ file: 'flows/automotive.json', message: expect.stringContaining('asks for PaymentElection answers, but the flow does not list PaymentElection in "models"') }),
      );
    }
  });
});
