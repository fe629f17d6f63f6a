import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { addDraft, createIdSource, deleteRecord, discardDraft, findConfig, findModel, initStore, saveDraft, setFieldValue, setFieldValues, setFileField, type IdSource } from '../../runtime/core/models';
import type { FlowFile, ModelConfig, ModelStoreState, PageConfig, RecordsBlock, SubmissionPayload } from '../../runtime/core/types';
import { answersOnPage, cancelledOpen, continuedRecord, deletedRecords, expectedPayload, fixtureOfWalk, leftOpen, recordEntry, type OpenRecord, type WalkRecord, type WalkStep } from '../../studio/app/walk-record';
import { checkFixture, type Fixture } from '../../tooling/fixtures/fixture';
import { runLoaded } from '../../tooling/fixtures/runner';
import { ROOT } from './settlement-copy';

const read = <T>(file: string) => JSON.parse(readFileSync(path.join(ROOT, file), 'utf8')) as T;
const models = read<{ models: ModelConfig[] }>('server-fixtures/models.json').models;
const automotive = read<FlowFile>('flows/automotive.json');
const eligibility = automotive.pages.find((p) => p.id === 'eligibility') as PageConfig;
const options = { formType: 'Automotive' as const, modelConfigs: models };
const repairsPage = automotive.pages.find((p) => p.id === 'repairs') as PageConfig;
const documentsPage = automotive.pages.find((p) => p.id === 'supporting-documents') as PageConfig;
const recordsOf = (page: PageConfig) => page.blocks.find((b) => b.block === 'records') as RecordsBlock;

/** A saved record of a block, as its Save leaves it. */
function saveRecord(store: ModelStoreState, ids: IdSource, block: RecordsBlock, fill: (s: ModelStoreState, id: string) => ModelStoreState): { store: ModelStoreState; id: string } {
  const added = addDraft(store, findConfig(models, 'Automotive', block.model), ids, block.fixedValues);
  return { store: saveDraft(fill(added.state, added.clientId), added.clientId, true), id: added.clientId };
}

/** A store with a saved repair and its invoice linked to it. */
function repairAndInvoice() {
  const ids = createIdSource();
  const repair = saveRecord(initStore(models, 'Automotive', ids), ids, recordsOf(repairsPage), (s, id) =>
    setFieldValues(s, id, { repairDate: '06/20/2017', mileageAtRepair: '48210', facilityName: 'Bayside Motors', amountPaid: '3125.40', repairDescription: 'Valve body.' }),
  );
  const invoice = saveRecord(repair.store, ids, recordsOf(documentsPage), (s, id) =>
    setFileField(setFieldValues(s, id, { documentType: 'repairInvoice', claimTransactionId: repair.id }), id, 'file', { name: 'invoice.pdf', type: 'application/pdf', size: 512 }),
  );
  return { store: invoice.store, repair: repair.id, invoice: invoice.id };
}

describe('what a walk records', () => {
  it('takes the answers of a page in the order they were first typed, leaving out what is hidden at the end and what did not change', () => {
    const opened = initStore(models, 'Automotive', createIdSource());
    const details = findModel(opened, 'claimDetails')!.clientId;
    const order = ['claimDetails\u0000disposalDate', 'claimDetails\u0000isCurrentOwner', 'claimDetails\u0000vehicleMake'];
    let store = setFieldValue(opened, details, 'disposalDate', '05/12/2016');
    store = setFieldValue(store, details, 'isCurrentOwner', 'false');
    // disposalDate shows only for a vehicle no longer owned.
    expect(answersOnPage(eligibility, opened, store, order, options)).toEqual({ claimDetails: { disposalDate: '05/12/2016', isCurrentOwner: 'false' } });
    const owner = setFieldValue(store, details, 'isCurrentOwner', 'true');
    expect(answersOnPage(eligibility, opened, owner, order, options)).toEqual({ claimDetails: { isCurrentOwner: 'true' } });
    expect(answersOnPage(eligibility, opened, opened, order, options)).toBeUndefined();
  });

  it('makes a fixture the fixture schema accepts, with the sign-in answers the server gave and no submission expected before a Submit', () => {
    const walk: WalkRecord = {
      formType: 'Exclusion',
      culture: 'es',
      now: '2026-11-26T22:00:00Z',
      steps: [
        { page: 'exclusion-start', answers: { credentials: { vin: '5EXMA1B20JC000202', noticeId: 'EXM-100002', pin: '000000' } }, expectErrors: { pin: 'The PIN does not match.' } },
        { page: 'exclusion-start', answers: { credentials: { pin: '730155' } } },
      ],
      pages: ['exclusion-start', 'exclusion-contact'],
      authorize: [
        { authorized: false, error: 'The PIN does not match.', code: 'WRONG_PIN', captcha: null, prepopulatedData: null },
        { authorized: true, error: null, code: null, captcha: 'raw', prepopulatedData: { FirstName: 'James' } },
      ],
      submitted: false,
      submit: [],
      payload: null,
    };
    const fixture = fixtureOfWalk(walk, 'Exclusion: a wrong PIN, then the right one');
    expect(fixture).toEqual({
      version: 1,
      description: 'Exclusion: a wrong PIN, then the right one',
      formType: 'Exclusion',
      culture: 'es',
      now: '2026-11-26T22:00:00Z',
      authorize: [
        { authorized: false, error: 'The PIN does not match.', code: 'WRONG_PIN' },
        { authorized: true, prepopulatedData: { FirstName: 'James' } },
      ],
      steps: walk.steps,
      expectPages: walk.pages,
      expectNoSubmission: true,
    });
    expect(() => checkFixture(fixture, 'walk.fixture.json')).not.toThrow();
    expect(fixtureOfWalk({ ...walk, authorize: [walk.authorize[1]!], submitted: true }, 'x')).toMatchObject({ authorize: { authorized: true }, expectPages: walk.pages });
    expect(fixtureOfWalk({ ...walk, submitted: true }, 'x')).not.toHaveProperty('expectNoSubmission');
  });

  it('takes a saved record as the fixture fills it: its shown fields with a value, a file as { name, type, size }, a link to a walked record as { "$record" }', () => {
    const { store, repair, invoice } = repairAndInvoice();
    const find = (id: string) => store.saved.find((m) => m.clientId === id)!;
    expect(recordEntry(recordsOf(repairsPage), find(repair), store, new Set())).toEqual({
      repairDate: '06/20/2017',
      mileageAtRepair: '48210',
      facilityName: 'Bayside Motors',
      amountPaid: '3125.40',
      repairDescription: 'Valve body.',
    });
    expect(recordEntry(recordsOf(documentsPage), find(invoice), store, new Set([repair]))).toEqual({
      documentType: 'repairInvoice',
      claimTransactionId: { $record: repair },
      file: { name: 'invoice.pdf', type: 'application/pdf', size: 512 },
    });
    // A link to a record the walk did not record stays the value it is.
    expect(recordEntry(recordsOf(documentsPage), find(invoice), store, new Set())).toMatchObject({ claimTransactionId: repair });
  });

  it('takes the records of the blocks of a page deleted since it opened, among those the walk recorded', () => {
    const { store, repair, invoice } = repairAndInvoice();
    const gone = deleteRecord(store, repair);
    expect(gone.saved.some((m) => m.clientId === invoice)).toBe(false);
    expect(deletedRecords(repairsPage, store, gone, new Set([repair, invoice]))).toEqual([repair]);
    expect(deletedRecords(documentsPage, store, gone, new Set([repair, invoice]))).toEqual([invoice]);
    expect(deletedRecords(repairsPage, store, gone, new Set())).toEqual([]);
    expect(deletedRecords(repairsPage, store, store, new Set([repair]))).toEqual([]);
  });

  it('expects of the payload what the headless player builds alike: fields, records and documents by reference, no captcha values or single models\' client ids', () => {
    const { store, repair, invoice } = repairAndInvoice();
    const single = findModel(store, 'claimantInfo')!;
    const payload = {
      reCaptchaResponse: 'token',
      captchaRawValue: 'raw',
      userPreferredCulture: 'en',
      claimantInfo: { ...single, fields: { firstName: 'Maria' } },
      signature: null,
      credentials: null,
      claimDetails: null,
      prepopulatedData: [],
      claimTransactions: store.saved.filter((m) => m.clientId === repair),
      documentContexts: store.saved.filter((m) => m.clientId === invoice),
      documents: [{ clientId: invoice, name: 'invoice.pdf', type: 'application/pdf', size: 512, data: new Uint8Array(0) }],
    } as unknown as SubmissionPayload;
    const expected = expectedPayload(payload);
    expect(expected).not.toHaveProperty('reCaptchaResponse');
    expect(expected).not.toHaveProperty('captchaRawValue');
    expect(expected).toMatchObject({
      userPreferredCulture: 'en',
      claimantInfo: { fields: { firstName: 'Maria' } },
      signature: null,
      claimTransactions: [{ clientId: { $record: repair }, fields: { facilityName: 'Bayside Motors' } }],
      documentContexts: [{ clientId: { $record: invoice }, fields: { claimTransactionId: { $record: repair }, name: 'invoice.pdf' } }],
      documents: [{ clientId: { $record: invoice }, name: 'invoice.pdf', type: 'application/pdf', size: 512 }],
    });
    expect(expected.claimantInfo).toEqual({ fields: { firstName: 'Maria' } });
  });

  it('names the records the fixture refers to by model and number, drops the names of the others, and records the submit answer and payload in place of "no submission"', () => {
    const walk: WalkRecord = {
      formType: 'Automotive',
      culture: 'en',
      now: '2026-11-26T22:00:00Z',
      steps: [
        { page: 'repairs', records: { claimTransactions: [{ $as: 'id-a', facilityName: 'A' }, { $as: 'id-b', facilityName: 'B' }] } },
        {
          page: 'supporting-documents',
          records: {
            documentContexts: [
              { $as: 'id-c', documentType: 'repairInvoice', claimTransactionId: { $record: 'id-b' }, file: { name: 'x.pdf', type: 'application/pdf', size: 3 } },
              { documentType: 'proofOfPayment', file: { name: 'x.pdf', type: 'application/pdf', size: 3 }, $expectErrors: { file: 'A file with this name has already been uploaded.' } },
            ],
          },
        },
        { page: 'claim-summary', deleteRecords: ['id-a'], expectErrors: { signature: 'Enter an answer' } },
      ],
      pages: ['repairs', 'supporting-documents', 'claim-summary', 'confirmation'],
      authorize: [],
      submitted: true,
      submit: [{ submitted: true, error: null, referenceCodeForm: 'AUTO-1' }],
      payload: null,
    };
    const fixture = fixtureOfWalk(walk, 'named');
    expect(fixture).toMatchObject({
      submit: { submitted: true, referenceCodeForm: 'AUTO-1' },
      steps: [
        { page: 'repairs', records: { claimTransactions: [{ $as: 'claimTransactions 1', facilityName: 'A' }, { $as: 'claimTransactions 2', facilityName: 'B' }] } },
        { page: 'supporting-documents', records: { documentContexts: [{ documentType: 'repairInvoice', claimTransactionId: { $record: 'claimTransactions 2' } }, { documentType: 'proofOfPayment' }] } },
        { page: 'claim-summary', deleteRecords: ['claimTransactions 1'] },
      ],
    });
    // The invoice is referred to by nothing: no name.
    expect((fixture.steps as Array<{ records?: Record<string, Array<Record<string, unknown>>> }>)[1]!.records!.documentContexts![0]).not.toHaveProperty('$as');
    expect(fixture).not.toHaveProperty('expectNoSubmission');
    expect(() => checkFixture(fixture, 'walk.fixture.json')).not.toThrow();
  });
});

describe('a record left open when the page refused its button', () => {
  const block = recordsOf(repairsPage);
  const refusal = { claimTransactions: ['The record you started is not complete. Correct it or cancel it before you continue.', 'Add at least 1 repair.'] };
  // The pages before the repairs, as a shipped fixture walks them.
  const before = (JSON.parse(readFileSync(path.join(ROOT, 'tests/flows/automotive-unsaved-record.fixture.json'), 'utf8')) as Fixture).steps.slice(0, 3) as WalkStep[];
  /** The repairs page with a repair half typed and not saved. */
  function halfTyped() {
    const ids = createIdSource();
    const added = addDraft(initStore(models, 'Automotive', ids), findConfig(models, 'Automotive', block.model), ids, block.fixedValues);
    return { store: setFieldValues(added.state, added.clientId, { repairDate: '08/20/2019', facilityName: 'Bay Auto Care' }), id: added.clientId };
  }
  /** The fixture of a walk with these steps on the repairs page, replayed by the headless player. */
  async function replay(steps: WalkStep[], pages: string[]) {
    const walk: WalkRecord = { formType: 'Automotive', culture: 'en', now: '2026-03-15T17:00:00Z', steps: [...before, ...steps], pages, authorize: [], submitted: false, submit: [], payload: null };
    const fixture = fixtureOfWalk(walk, 'open record');
    return { fixture, seen: await runLoaded(checkFixture(fixture, 'walk.fixture.json', JSON.stringify(fixture, null, 2))) };
  }
  const toDocuments = ['start', 'claimant-info', 'eligibility', 'repairs', 'supporting-documents'];

  it('is recorded "$unsaved" with its name, then finished with "$continue" and what was typed since; the fixture replays passing', async () => {
    const open = new Map<string, OpenRecord>();
    const { store, id } = halfTyped();
    const left = leftOpen(repairsPage, store, open, new Set());
    expect(left).toEqual([{ block, entry: { $as: id, $unsaved: true, repairDate: '08/20/2019', facilityName: 'Bay Auto Care' } }]);
    // Refused again with nothing typed since: nothing more to record.
    expect(leftOpen(repairsPage, store, open, new Set())).toEqual([]);
    const typed = setFieldValues(store, id, { mileageAtRepair: '48210', amountPaid: '1,250.00', repairDescription: 'Replaced the CVT valve body.', facilityName: 'Bay Auto Care Center' });
    const finished = saveDraft(typed, id, true);
    const entry = continuedRecord(finished.saved.find((m) => m.clientId === id)!, finished, open, new Set());
    expect(entry).toEqual({ $continue: id, mileageAtRepair: '48210', amountPaid: '1,250.00', repairDescription: 'Replaced the CVT valve body.', facilityName: 'Bay Auto Care Center' });
    expect(open.size).toBe(0);

    const { fixture, seen } = await replay(
      [
        { page: 'repairs', records: { claimTransactions: [left[0]!.entry] }, expectErrors: refusal },
        { page: 'repairs', records: { claimTransactions: [entry!] } },
      ],
      toDocuments,
    );
    expect(fixture.steps).toMatchObject([{}, {}, {}, { records: { claimTransactions: [{ $as: 'claimTransactions 1', $unsaved: true }] } }, { records: { claimTransactions: [{ $continue: 'claimTransactions 1' }] } }]);
    expect(seen.pages).toEqual(toDocuments);
  });

  it('is recorded again with what was typed since when a later press is refused too, still open', () => {
    const open = new Map<string, OpenRecord>();
    const { store, id } = halfTyped();
    leftOpen(repairsPage, store, open, new Set());
    const more = setFieldValues(store, id, { mileageAtRepair: '48210', facilityName: '' });
    expect(leftOpen(repairsPage, more, open, new Set())).toEqual([{ block, entry: { $continue: id, $unsaved: true, mileageAtRepair: '48210', facilityName: null } }]);
  });

  it('cancelled after the refusal is one of the step\'s deleteRecords, and the fixture replays passing', async () => {
    const open = new Map<string, OpenRecord>();
    const { store, id } = halfTyped();
    const left = leftOpen(repairsPage, store, open, new Set());
    const cancelled = discardDraft(store, id);
    // Not on a page without its block; on its own page once.
    expect(cancelledOpen(documentsPage, cancelled, open)).toEqual([]);
    expect(cancelledOpen(repairsPage, cancelled, open)).toEqual([id]);
    expect(cancelledOpen(repairsPage, cancelled, open)).toEqual([]);

    const { fixture, seen } = await replay(
      [
        { page: 'repairs', records: { claimTransactions: [left[0]!.entry] }, expectErrors: refusal },
        { page: 'repairs', deleteRecords: [id], expectErrors: { claimTransactions: 'Add at least 1 repair.' } },
      ],
      ['start', 'claimant-info', 'eligibility', 'repairs'],
    );
    expect(fixture.steps).toMatchObject([{}, {}, {}, {}, { deleteRecords: ['claimTransactions 1'] }]);
    expect(seen.pages).toEqual(['start', 'claimant-info', 'eligibility', 'repairs']);
  });
});
