/** Small model configs, pages and a translator for view-model tests (no React: the core's own fixtures). */
import type { ModelConfig, PageConfig } from '../../../runtime/core/types';

/** A translator over a tiny dictionary; a missing key shows the key, {0} placeholders are filled. */
export function makeT(dictionary: Record<string, string> = {}) {
  return (key: string, ...args: Array<string | number>) => {
    const template = dictionary[key];
    if (template === undefined) return key;
    return template.replace(/\{(\d+)\}/g, (_, i: string) => String(args[Number(i)] ?? `{${i}}`));
  };
}

export const NOW = new Date('2026-03-15T18:00:00Z');

/** Small model configs in the server's shape. */
export const CONFIGS: ModelConfig[] = [
  {
    metadataHash: 'h1',
    metadata: { formType: 'Automotive', dtoMapping: 'ClaimDetails' },
    fields: {
      ownershipType: { dataType: 'string', validations: [{ type: 'required' }] },
      isCurrentOwner: { dataType: 'string', validations: [{ type: 'required' }] },
      disposalDate: { dataType: 'dateTime', validations: [{ type: 'requiredIf', otherProperty: 'isCurrentOwner', value: 'false' }] },
      note: { dataType: 'string', validations: [{ type: 'maxLength', max: 5 }] },
      phone: { dataType: 'string', validations: [] },
    },
  },
  {
    metadataHash: 'h2',
    metadata: { formType: 'Automotive', dtoMapping: 'ClaimantInfo' },
    fields: Object.fromEntries(
      ['mailingStreetLine1', 'mailingStreetLine2', 'mailingCity', 'mailingSubDivision', 'mailingPostalCode', 'mailingSubDivisionNonUS', 'mailingPostalCodeNonUS', 'mailingCountry'].map((k) => [
        k,
        { dataType: 'string' as const, validations: k === 'mailingStreetLine1' ? [{ type: 'required' }] : [] },
      ]),
    ),
  },
  {
    metadataHash: 'h3',
    metadata: { formType: 'Automotive', dtoMapping: 'ClaimTransactions' },
    fields: {
      claimTransactionType: { dataType: 'string', validations: [{ type: 'required' }] },
      facilityName: { dataType: 'string', validations: [{ type: 'required' }] },
      amountPaid: { dataType: 'string', validations: [] },
    },
  },
  {
    metadataHash: 'h4',
    metadata: { formType: 'Automotive', dtoMapping: 'DocumentContexts' },
    fields: {
      documentType: { dataType: 'string', validations: [{ type: 'required' }] },
      claimTransactionId: { dataType: 'string', validations: [] },
      file: { dataType: 'file', validations: [{ type: 'required' }] },
      name: { dataType: 'string', validations: [] },
      size: { dataType: 'number', validations: [] },
      type: { dataType: 'string', validations: [] },
    },
  },
];

export function page(blocks: PageConfig['blocks'], over: Partial<PageConfig> = {}): PageConfig {
  return { id: 'p1', path: '/automotive/p1', titleKey: 'Title', requiresAuthorization: true, sessionTimeout: true, blocks, ...over };
}
