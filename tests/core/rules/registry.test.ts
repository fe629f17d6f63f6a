import { describe, expect, it } from 'vitest';
import { DevError } from '../../../runtime/core/errors';
import { assertKnownRules, getRuleAdapter, RULE_KINDS, ruleAdapters, validateValue } from '../../../runtime/core/rules';
import { rangeAdapter } from '../../../runtime/core/rules/adapters/range';
import type { RangeRule } from '../../../runtime/core/rules/types';
import { context } from './context';

function errorOf(run: () => unknown): DevError {
  try {
    run();
  } catch (e) {
    if (e instanceof DevError) return e;
    throw e;
  }
  throw new Error('expected a DevError');
}

describe('rule registry', () => {
  it('has an adapter for every rule kind of spec §5 and compare', () => {
    expect(Object.keys(ruleAdapters).sort()).toEqual([...RULE_KINDS].sort());
    for (const kind of RULE_KINDS) expect(getRuleAdapter(kind).type).toBe(kind);
  });

  it('raises UNKNOWN_RULE_TYPE for a type outside the known kinds', () => {
    const error = errorOf(() => getRuleAdapter('email'));
    expect(error.code).toBe('UNKNOWN_RULE_TYPE');
    expect(error.message).toBe('Unknown validation type: email');
    expect(errorOf(() => getRuleAdapter('toString')).code).toBe('UNKNOWN_RULE_TYPE');
    expect(errorOf(() => validateValue('x', [{ type: 'email' }], 'f', context())).code).toBe('UNKNOWN_RULE_TYPE');
  });

  it('raises MISSING_VALIDATION_ADAPTER for a known kind the registry lacks', () => {
    const { range: _range, ...withoutRange } = ruleAdapters;
    const error = errorOf(() => validateValue('5', [{ type: 'range', min: 1, max: 9 }], 'f', context({ adapters: withoutRange })));
    expect(error.code).toBe('MISSING_VALIDATION_ADAPTER');
    expect(error.message).toBe('No validation adapter found for range');
  });

  it('checks a field’s rules at load time, reporting every parameter problem at once', () => {
    expect(() => assertKnownRules([{ type: 'required' }, { type: 'range', min: '01/01/2013', max: 'today' }])).not.toThrow();
    expect(errorOf(() => assertKnownRules([{ type: 'required' }, { type: 'Required' }])).code).toBe('UNKNOWN_RULE_TYPE');
    const error = errorOf(() =>
      assertKnownRules(
        [
          { type: 'regularExpression', pattern: '([' },
          { type: 'maxLength', max: 'ten' },
          { type: 'nestedRequiredIf', conditions: [], join: 'And' },
        ],
        'claimantInfo.firstName',
      ),
    );
    expect(error.code).toBe('INVALID_RULE_CONFIG');
    expect(error.message).toContain('Invalid validation rules on claimantInfo.firstName. 3 errors found:');
    expect(error.message).toContain('rule 1 (maxLength): max must be a whole number');
  });

  it('refuses a range that accepts nothing (min past max), for dates and numbers, and leaves a bound of today alone', () => {
    const problems = (rule: RangeRule) => rangeAdapter.checkParams?.(rule) ?? [];
    expect(problems({ type: 'range', min: '01/01/2020', max: '01/01/2015', dataType: 'dateTime' })).toEqual(['min (01/01/2020) is after max (01/01/2015): no answer is in the range']);
    expect(problems({ type: 'range', min: 100, max: 5 })).toEqual(['min (100) is greater than max (5): no answer is in the range']);
    expect(problems({ type: 'range', min: 0.01, max: 50000 })).toEqual([]);
    expect(problems({ type: 'range', min: '01/01/2013', max: 'today' })).toEqual([]);
    expect(problems({ type: 'range', min: '01/01/2013', max: '01/01/2013' })).toEqual([]);
  });
});
