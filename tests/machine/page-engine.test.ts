/** The page engine as form machine events: PRESS and the records buttons (spec §4 record lifecycle). */
import { createActor, fromPromise, waitFor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { createPageEngine } from '../../runtime/core/actions';
import { createIdSource, findModel, getDrafts, getRecords, initStore, setFieldValue, setFileField } from '../../runtime/core/models';
import type { AuthorizeResponse, DocumentFile, DocumentUpload, FlowFile, RecordsBlock } from '../../runtime/core/types';
import type { GroupOptions } from '../../runtime/core/view/page-groups';
import { createFormMachine, type AuthorizeInput } from '../../runtime/machine';
import { CONFIGS, makeT, NOW } from '../core/view/fixtures';

const repairs: RecordsBlock = {
  block: 'records',
  model: 'ClaimTransactions',
  fixedValues: { claimTransactionType: 'repair' },
  fields: [
    { key: 'facilityName', widget: 'text', label: 'Facility' },
    { key: 'amountPaid', widget: 'text', label: 'Amount' },
  ],
  displayFields: ['facilityName'],
};

const documents: RecordsBlock = {
  block: 'records',
  model: 'DocumentContexts',
  kind: 'file',
  fields: [
    { key: 'documentType', widget: 'text', label: 'Type' },
    { key: 'file', widget: 'file', label: 'File' },
  ],
  displayFields: ['documentType'],
};

const flow: FlowFile = {
  version: 1,
  formType: 'Automotive',
  deadlineKeys: [],
  authorize: { endpoint: '/api/forms/automotive/authorize', method: 'POST' },
  models: ['ClaimDetails', 'ClaimTransactions', 'DocumentContexts'],
  pages: [
    { id: 'start', path: '/automotive', titleKey: 'Start', requiresAuthorization: false, sessionTimeout: false, action: 'authorize', blocks: [] },
    { id: 'repairs', path: '/automotive/repairs', titleKey: 'Repairs', requiresAuthorization: true, sessionTimeout: true, blocks: [repairs] },
    { id: 'documents', path: '/automotive/documents', titleKey: 'Documents', requiresAuthorization: true, sessionTimeout: true, blocks: [documents] },
    { id: 'summary', path: '/automotive/summary', titleKey: 'Summary', requiresAuthorization: true, sessionTimeout: true, action: 'none', blocks: [] },
  ],
};

const options: GroupOptions = { formType: 'Automotive', modelConfigs: CONFIGS };
const env = { t: makeT({ LocKey_Records_Incomplete: 'The record you started is not complete. Correct it or cancel it before you continue.' }), whitelist: null, now: NOW };

function start(withEngine = true) {
  const ids = createIdSource(() => 0.2);
  const calls: AuthorizeInput[] = [];
  const machine = createFormMachine(flow).provide({
    actors: {
      authorize: fromPromise<AuthorizeResponse, AuthorizeInput>(async ({ input }) => {
        calls.push(input);
        return { authorized: true, error: null, captcha: null, prepopulatedData: null };
      }),
    },
  });
  const actor = createActor(machine, {
    input: { store: initStore(CONFIGS, 'Automotive', ids), ...(withEngine ? { engine: createPageEngine(options, ids) } : {}) },
  });
  actor.start();
  return { actor, calls, context: () => actor.getSnapshot().context };
}

describe('the page engine in the form machine', () => {
  it('PRESS signs in with the credentials the page holds, and goes on', async () => {
    const { actor, calls, context } = start();
    actor.send({ type: 'PRESS', env, documents: [], captchaToken: 'token' });
    await waitFor(actor, (s) => !s.matches({ open: { flow: 'authorizing' } }));
    expect(calls.map((c) => c.captchaToken)).toEqual(['token']);
    expect(calls[0]?.credentials).toBe(findModel(context().store, 'credentials'));
    expect(context().navigation.currentPage).toBe('repairs');
  });

  it('a record refused by Save stays open; PRESS is refused on it, then saves it once it validates and goes on', async () => {
    const { actor, context } = start();
    actor.send({ type: 'PRESS', env, documents: [], captchaToken: null });
    await waitFor(actor, (s) => !s.matches({ open: { flow: 'authorizing' } }));

    actor.send({ type: 'RECORD_START', block: repairs });
    const started = context().recordOutcome;
    const clientId = started?.kind === 'added' ? started.clientId : '';
    actor.send({ type: 'UPDATE_STORE', store: setFieldValue(context().store, clientId, 'amountPaid', '10.00') });
    actor.send({ type: 'RECORD_SAVE', block: repairs, clientId, env });
    expect(context().recordOutcome).toMatchObject({ kind: 'invalid', firstFieldId: `claimTransactions-${clientId}-facilityName` });

    actor.send({ type: 'PRESS', env, documents: [], captchaToken: null });
    expect(context().pressRefusal).toMatchObject({ pageId: 'repairs', invalid: [clientId] });
    expect(context().pressRefusal?.errors.map((e) => e.message)).toEqual(['The record you started is not complete. Correct it or cancel it before you continue.']);
    expect(context().navigation.currentPage).toBe('repairs');

    actor.send({ type: 'UPDATE_STORE', store: setFieldValue(context().store, clientId, 'facilityName', 'Bay Auto Care') });
    actor.send({ type: 'PRESS', env, documents: [], captchaToken: null });
    expect(context().pressRefusal).toBeNull();
    expect(getRecords(context().store, 'ClaimTransactions').map((r) => r.clientId)).toEqual([clientId]);
    expect(context().navigation.currentPage).toBe('documents');
  });

  it('PRESS saves a document record left open once its document is stored (not while it uploads), and goes on', async () => {
    const { actor, context } = start();
    actor.send({ type: 'PRESS', env, documents: [], captchaToken: null });
    await waitFor(actor, (s) => !s.matches({ open: { flow: 'authorizing' } }));
    actor.send({ type: 'GOTO', pageId: 'documents' });
    expect(context().navigation.currentPage).toBe('documents');

    actor.send({ type: 'RECORD_START', block: documents });
    const started = context().recordOutcome;
    const clientId = started?.kind === 'added' ? started.clientId : '';
    const typed = setFieldValue(context().store, clientId, 'documentType', 'invoice');
    actor.send({ type: 'UPDATE_STORE', store: setFileField(typed, clientId, 'file', { name: 'invoice.pdf', type: 'application/pdf', size: 10 }) });
    const document = (upload: DocumentUpload): DocumentFile => ({ clientId, name: 'invoice.pdf', size: 10, type: 'application/pdf', data: new Uint8Array(10), upload });

    actor.send({ type: 'PRESS', env, documents: [document({ state: 'uploading', sent: 2, total: 10, id: null, error: null })], captchaToken: null });
    expect(context().pressRefusal?.errors.map((e) => e.message)).toEqual(['You started a record but did not save it. Save it or cancel it before you continue.']);
    expect(getDrafts(context().store, 'DocumentContexts').map((d) => d.clientId)).toEqual([clientId]);

    actor.send({ type: 'PRESS', env, documents: [document({ state: 'stored', sent: 10, total: 10, id: 4, error: null })], captchaToken: null });
    expect(context().pressRefusal).toBeNull();
    expect(getRecords(context().store, 'DocumentContexts').map((r) => r.fields.name)).toEqual(['invoice.pdf']);
    expect(context().navigation.currentPage).toBe('summary');
  });

  it('Add more is refused while a typed record is open; RECORD_REMOVE cancels it', async () => {
    const { actor, context } = start();
    actor.send({ type: 'PRESS', env, documents: [], captchaToken: null });
    await waitFor(actor, (s) => !s.matches({ open: { flow: 'authorizing' } }));
    actor.send({ type: 'RECORD_START', block: repairs });
    const started = context().recordOutcome;
    const clientId = started?.kind === 'added' ? started.clientId : '';
    // Nothing typed yet: the open record is the one to fill.
    actor.send({ type: 'RECORD_START', block: repairs });
    expect(context().recordOutcome).toEqual({ kind: 'added', store: context().store, clientId });
    actor.send({ type: 'UPDATE_STORE', store: setFieldValue(context().store, clientId, 'facilityName', 'Hilltop') });
    actor.send({ type: 'RECORD_START', block: repairs });
    expect(context().recordOutcome).toEqual({ kind: 'recordOpen', clientId });
    actor.send({ type: 'RECORD_REMOVE', clientId });
    expect(getDrafts(context().store, 'ClaimTransactions')).toEqual([]);
  });

  it('without the engine the machine leaves presses to the app', () => {
    const { actor, calls, context } = start(false);
    actor.send({ type: 'PRESS', env, documents: [], captchaToken: null });
    expect(calls).toEqual([]);
    expect(context().navigation.currentPage).toBe('start');
  });
});
