import type { FlowFile, FormModel, ModelStoreState, PageConfig } from '../../runtime/core/types';

/** Page shorthand for the tiny inline flows of the navigation and machine tests. */
function page(id: string, path: string, extra: Partial<PageConfig> = {}): PageConfig {
  return { id, path, titleKey: `LocKey_${id}`, requiresAuthorization: true, sessionTimeout: true, blocks: [], ...extra };
}

/** The Automotive page flow of spec §2. */
export const automotiveFlow: FlowFile = {
  version: 1,
  formType: 'Automotive',
  deadlineKeys: ['claimFilingDeadline', 'globalDeadline'],
  authorize: { endpoint: '/api/forms/automotive/authorize', method: 'POST' },
  submit: { endpoint: '/api/forms/automotive', method: 'POST' },
  models: ['Credentials', 'ClaimantInfo', 'ClaimDetails', 'ClaimTransactions', 'DocumentContexts', 'Signature'],
  pages: [
    page('start', '/automotive', {
      aliases: ['/', '/automotive/'],
      requiresAuthorization: false,
      sessionTimeout: false,
      action: 'authorize',
    }),
    page('claimant-info', '/automotive/claimant-info'),
    page('eligibility', '/automotive/eligibility'),
    page('repairs', '/automotive/repairs'),
    page('denials', '/automotive/denials', {
      skipWhen: { scope: 'claimDetails.didIncurOutOfPocketExpensesPriorToSeptember', schema: { const: 'true' } },
    }),
    page('payment-election', '/automotive/payment-election', { inFlow: false }),
    page('supporting-documents', '/automotive/supporting-documents'),
    page('claim-summary', '/automotive/claim-summary', { action: 'submit' }),
    page('confirmation', '/automotive/confirmation', { action: 'none' }),
  ],
};

/** The Lookup flow: one page whose authorize result shows on the same page. */
export const lookupFlow: FlowFile = {
  version: 1,
  formType: 'Lookup',
  deadlineKeys: ['lookupFilingDeadline', 'globalDeadline'],
  authorize: { endpoint: '/api/forms/lookup/authorize', method: 'POST' },
  models: ['Credentials'],
  pages: [
    page('lookup', '/vinlookup', { aliases: ['/vinlookup/'], requiresAuthorization: false, sessionTimeout: false, action: 'lookup' }),
  ],
};

/** The Exclusion flow of spec §2. */
export const exclusionFlow: FlowFile = {
  version: 1,
  formType: 'Exclusion',
  deadlineKeys: ['exclusionFilingDeadline', 'globalDeadline'],
  authorize: { endpoint: '/api/forms/exclusion/authorize', method: 'POST' },
  submit: { endpoint: '/api/forms/exclusion', method: 'POST' },
  models: ['Credentials', 'ClaimantInfo', 'Signature'],
  pages: [
    page('start', '/exclusion', { aliases: ['/exclusion/'], requiresAuthorization: false, sessionTimeout: false, action: 'authorize' }),
    page('claimant-info', '/exclusion/claimant-info'),
    page('claim-summary', '/exclusion/claim-summary', { action: 'submit' }),
    page('confirmation', '/exclusion/confirmation', { action: 'none' }),
  ],
};

/** A single-instance model with the given fields. */
export function model(dtoMapping: string, fields: FormModel['fields'], clientId = `${dtoMapping}-1`): FormModel {
  return { id: null, clientId, metadata: { formType: 'Automotive', dtoMapping }, metadataHash: 'hash', fields };
}

/** A store whose claimDetails answer the out-of-pocket question. */
export function storeWithAnswer(answer: string | null): ModelStoreState {
  return {
    drafts: [],
    saved: [model('claimDetails', { didIncurOutOfPocketExpensesPriorToSeptember: answer })],
    everEdited: {},
  };
}

export const emptyStore: ModelStoreState = { drafts: [], saved: [], everEdited: {} };
