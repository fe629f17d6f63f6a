import { addDraft, createIdSource, findConfig, getModel, initStore, saveDraft, setFieldValue, setFileField } from '../../../runtime/core/models';
import type { DocumentFile, ModelConfig, ModelStoreState, PageConfig } from '../../../runtime/core/types';

function config(dtoMapping: string, fields: string[]): ModelConfig {
  return {
    metadataHash: `hash-${dtoMapping}`,
    metadata: { formType: 'Automotive', dtoMapping },
    fields: Object.fromEntries(fields.map((f) => [f, { dataType: 'string' as const, validations: [] }])),
  };
}

export const CONFIGS: ModelConfig[] = [
  config('Credentials', ['vin']),
  config('ClaimantInfo', ['firstName', 'mailingCity']),
  config('ClaimDetails', ['didIncurOutOfPocketExpensesPriorToSeptember', 'denialNotes']),
  config('ClaimTransactions', ['claimTransactionType', 'facilityName', 'denialReason']),
  config('DocumentContexts', ['documentType', 'claimTransactionId', 'file', 'name', 'size', 'type']),
  config('Signature', ['signature']),
];

const page = (id: string, blocks: PageConfig['blocks'], skipWhen?: PageConfig['skipWhen']): PageConfig => ({
  id,
  path: `/automotive/${id}`,
  titleKey: id,
  requiresAuthorization: true,
  sessionTimeout: true,
  ...(skipWhen ? { skipWhen } : {}),
  blocks,
});

/** The Automotive pages that matter here: the denials page is skipped when the answer is "true". */
export const FLOW: { pages: PageConfig[] } = {
  pages: [
    page('eligibility', [
      { block: 'model', model: 'ClaimDetails', fields: [{ key: 'didIncurOutOfPocketExpensesPriorToSeptember', widget: 'radio', label: 'L' }] },
    ]),
    page('repairs', [
      { block: 'records', model: 'ClaimTransactions', fixedValues: { claimTransactionType: 'repair' }, fields: [], displayFields: [] },
    ]),
    page(
      'denials',
      [
        { block: 'records', model: 'ClaimTransactions', fixedValues: { claimTransactionType: 'denial' }, fields: [], displayFields: [] },
        { block: 'model', model: 'ClaimDetails', fields: [{ key: 'denialNotes', widget: 'textarea', label: 'L' }] },
      ],
      { scope: 'claimDetails.didIncurOutOfPocketExpensesPriorToSeptember', schema: { const: 'true' } },
    ),
    page('supporting-documents', [{ block: 'records', model: 'DocumentContexts', kind: 'file', fields: [], displayFields: [] }]),
  ],
};

export interface Filed {
  store: ModelStoreState;
  files: DocumentFile[];
  repair: string;
  denial: string;
  repairDoc: string;
  denialDoc: string;
}

/** A claim with one repair, one denial, and a document linked to each. */
export function fileClaim(answer: 'true' | 'false'): Filed {
  const ids = createIdSource(() => 0.25);
  let store = initStore(CONFIGS, 'Automotive', ids);
  store = setFieldValue(store, getModel(store, 'claimDetails').clientId, 'didIncurOutOfPocketExpensesPriorToSeptember', answer);
  store = setFieldValue(store, getModel(store, 'claimDetails').clientId, 'denialNotes', 'Refused twice');
  store = setFieldValue(store, getModel(store, 'claimantInfo').clientId, 'firstName', 'Maria');
  const tx = findConfig(CONFIGS, 'Automotive', 'ClaimTransactions');
  const docs = findConfig(CONFIGS, 'Automotive', 'DocumentContexts');
  const add = (s: ModelStoreState, c: ModelConfig, fixed: Record<string, string>) => {
    const d = addDraft(s, c, ids, fixed);
    return { state: saveDraft(d.state, d.clientId, true), clientId: d.clientId };
  };
  const repair = add(store, tx, { claimTransactionType: 'repair' });
  const denial = add(repair.state, tx, { claimTransactionType: 'denial' });
  const repairDoc = add(denial.state, docs, { claimTransactionId: repair.clientId });
  const denialDoc = add(repairDoc.state, docs, { claimTransactionId: denial.clientId });
  store = setFileField(denialDoc.state, repairDoc.clientId, 'file', { name: 'invoice.pdf', size: 3, type: 'application/pdf' });
  store = setFileField(store, denialDoc.clientId, 'file', { name: 'denial.pdf', size: 4, type: 'application/pdf' });
  const file = (clientId: string, name: string, text: string): DocumentFile => ({
    clientId,
    name,
    size: text.length,
    type: 'application/pdf',
    data: new TextEncoder().encode(text),
  });
  return {
    store,
    files: [file(repairDoc.clientId, 'invoice.pdf', 'abc'), file(denialDoc.clientId, 'denial.pdf', 'defg')],
    repair: repair.clientId,
    denial: denial.clientId,
    repairDoc: repairDoc.clientId,
    denialDoc: denialDoc.clientId,
  };
}
