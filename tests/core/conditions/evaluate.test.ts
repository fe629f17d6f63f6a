import { describe, expect, it } from 'vitest';
import { evaluateCondition } from '../../../runtime/core/conditions/evaluate';

const skipDenials = {
  scope: 'claimDetails.didIncurOutOfPocketExpensesPriorToSeptember',
  schema: { const: 'true' },
};

describe('conditions', () => {
  it('skip denials only when the claim-details answer is the string "true"', () => {
    const answer = (v: string | boolean | null) => ({ models: { claimDetails: { didIncurOutOfPocketExpensesPriorToSeptember: v } } });
    expect(evaluateCondition(skipDenials, answer('true'))).toBe(true);
    expect(evaluateCondition(skipDenials, answer('false'))).toBe(false);
    expect(evaluateCondition(skipDenials, answer(true))).toBe(false);
    expect(evaluateCondition(skipDenials, answer(null))).toBe(false);
    expect(evaluateCondition(skipDenials, { models: {} })).toBe(false);
  });

  it('reads own fields, combines with all/any/not and supports the schema subset', () => {
    const scope = { own: { isCurrentOwner: 'false', noticeId: 'EXM-1' }, models: {} };
    expect(evaluateCondition({ scope: 'isCurrentOwner', schema: { enum: ['false'] } }, scope)).toBe(true);
    expect(evaluateCondition({ scope: 'noticeId', schema: { not: { type: 'null' } } }, scope)).toBe(true);
    expect(evaluateCondition({ scope: 'noticeId', schema: { pattern: '^EXM-', minLength: 5 } }, scope)).toBe(true);
    expect(
      evaluateCondition({ all: [{ scope: 'noticeId', schema: { minLength: 1 } }, { not: { scope: 'isCurrentOwner', schema: { const: 'true' } } }] }, scope),
    ).toBe(true);
    expect(evaluateCondition({ any: [{ scope: 'missing', schema: { const: 'x' } }] }, scope)).toBe(false);
  });
});
