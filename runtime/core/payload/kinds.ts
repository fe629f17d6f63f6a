/** The single-instance kinds of the payload: at most one model each (spec §5). */
export const SINGLE_MODEL_KINDS = ['signature', 'claimantInfo', 'credentials', 'claimDetails'] as const;
/** The list kinds of the payload. */
export const LIST_MODEL_KINDS = ['prepopulatedData', 'documentContexts', 'claimTransactions'] as const;

export type SingleModelKind = (typeof SINGLE_MODEL_KINDS)[number];
