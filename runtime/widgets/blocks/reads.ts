/**
 * The `sameAnswers` of a block that reads none of the answers (the fields it draws through
 * renderFields read their own): no change of them draws it.
 */
export const readsNoAnswers = (): boolean => true;
