import type { ModelConfig } from '../../../runtime/core/types';
import { createIdSource } from '../../../runtime/core/models';

/** Tiny model configs in the server's shape (PascalCase dtoMapping). */
export function config(dtoMapping: string, fields: string[], formType: ModelConfig['metadata']['formType'] = 'Automotive'): ModelConfig {
  return {
    metadataHash: `hash-${dtoMapping}`,
    metadata: { formType, dtoMapping },
    fields: Object.fromEntries(fields.map((f) => [f, { dataType: 'string' as const, validations: [] }])),
  };
}

export const CONFIGS: ModelConfig[] = [
  config('Credentials', ['vin', 'noticeId', 'pin']),
  config('ClaimantInfo', ['firstName', 'lastName', 'mailingCountry']),
  config('ClaimDetails', ['didIncurOutOfPocketExpensesPriorToSeptember']),
  config('ClaimTransactions', ['claimTransactionType', 'facilityName', 'denialReason']),
  config('DocumentContexts', ['documentType', 'claimTransactionId', 'file', 'name', 'size', 'type']),
  config('Signature', ['signature']),
  config('Credentials', ['vin'], 'Lookup'),
];

/** A deterministic id source: the random source walks a fixed cycle. */
export function ids() {
  let i = 0;
  return createIdSource(() => {
    i = (i + 7) % 36;
    return i / 36;
  });
}
