import { describe, expect, it } from 'vitest';
import { isRequired } from '../../../../runtime/core/rules';
import { check, context } from '../context';

describe('required and requiredOnClientOnly', () => {
  it("need a value that is non-empty after trim: 'Enter an answer'", () => {
    for (const type of ['required', 'requiredOnClientOnly']) {
      for (const blank of [null, '', '   ']) expect(check(blank, { type })).toEqual(['Enter an answer']);
      expect(check(' x ', { type })).toEqual([]);
      expect(check(0, { type })).toEqual([]);
      expect(check(false, { type })).toEqual([]);
    }
  });

  it('requiredOnClientOnly is skipped on the server', () => {
    const server = context({ side: 'server' });
    expect(check(null, { type: 'requiredOnClientOnly' }, server)).toEqual([]);
    expect(check(null, { type: 'required' }, server)).toEqual(['Enter an answer']);
    expect(isRequired([{ type: 'requiredOnClientOnly' }], server)).toBe(false);
    expect(isRequired([{ type: 'requiredOnClientOnly' }], context())).toBe(true);
  });
});

describe('requiredIf', () => {
  const rule = { type: 'requiredIf', otherProperty: 'isCurrentOwner', value: 'false' };

  it("is required while the other field equals the value: 'Enter an answer'", () => {
    expect(check(null, rule, context({ own: { isCurrentOwner: 'false' } }))).toEqual(['Enter an answer']);
    expect(check(null, rule, context({ own: { isCurrentOwner: false } }))).toEqual(['Enter an answer']);
    expect(check(null, rule, context({ own: { isCurrentOwner: 'true' } }))).toEqual([]);
    expect(check(null, rule, context({ own: {} }))).toEqual([]);
    expect(check('06/01/2020', rule, context({ own: { isCurrentOwner: 'false' } }))).toEqual([]);
  });

  it('with notEqual and a null value means "required while the other field is not empty"', () => {
    const pin = { type: 'requiredIf', otherProperty: 'noticeId', value: null, operator: 'notEqual' };
    expect(check('', pin, context({ own: { noticeId: 'EXM-100001' } }))).toEqual(['Enter an answer']);
    expect(check('', pin, context({ own: { noticeId: '  ' } }))).toEqual([]);
    expect(isRequired([pin], context({ own: { noticeId: 'EXM-100001' } }))).toBe(true);
    expect(isRequired([pin], context({ own: { noticeId: null } }))).toBe(false);
  });

  it('reads another model', () => {
    const ctx = context({ models: { claimDetails: { isCurrentOwner: 'false' } } });
    expect(check(null, { ...rule, otherProperty: 'claimDetails.isCurrentOwner' }, ctx)).toEqual(['Enter an answer']);
  });
});

describe('nestedRequiredIf', () => {
  const conditions = [
    { otherProperty: 'a', value: 'yes', operator: 'equal' },
    { otherProperty: 'b', value: null, operator: 'equal' },
  ];

  it('joins two conditions with And', () => {
    const rule = { type: 'nestedRequiredIf', conditions, join: 'And' };
    expect(check(null, rule, context({ own: { a: 'yes', b: null } }))).toEqual(['Enter an answer']);
    expect(check(null, rule, context({ own: { a: 'yes', b: 'x' } }))).toEqual([]);
    expect(check('filled', rule, context({ own: { a: 'yes', b: null } }))).toEqual([]);
  });

  it('joins two conditions with Or', () => {
    const rule = { type: 'nestedRequiredIf', conditions, join: 'Or' };
    expect(check(null, rule, context({ own: { a: 'no', b: null } }))).toEqual(['Enter an answer']);
    expect(check(null, rule, context({ own: { a: 'no', b: 'x' } }))).toEqual([]);
    expect(isRequired([rule], context({ own: { a: 'yes', b: 'x' } }))).toBe(true);
  });

  it('works with a single not-equal condition', () => {
    const rule = { type: 'nestedRequiredIf', conditions: [{ otherProperty: 'a', value: 'yes', operator: 'notEqual' }], join: 'And' };
    expect(check(null, rule, context({ own: { a: 'no' } }))).toEqual(['Enter an answer']);
    expect(check(null, rule, context({ own: { a: 'yes' } }))).toEqual([]);
  });
});

describe('requiredIfOtherPropertyMatchesRegex', () => {
  const rule = { type: 'requiredIfOtherPropertyMatchesRegex', otherProperty: 'noticeId', pattern: '^EXM-' };

  it("is required while the other field's text matches", () => {
    expect(check(null, rule, context({ own: { noticeId: 'EXM-100001' } }))).toEqual(['Enter an answer']);
    expect(check(null, rule, context({ own: { noticeId: 'ABC-1' } }))).toEqual([]);
    expect(check(null, rule, context({ own: { noticeId: null } }))).toEqual([]);
    expect(isRequired([rule], context({ own: { noticeId: 'EXM-1' } }))).toBe(true);
  });
});

describe('requireOnePropertyValTrue', () => {
  const rule = { type: 'requireOnePropertyValTrue', properties: ['repair', 'denial'] };

  it("needs one listed field true: 'At least one option is required.'", () => {
    expect(check(null, rule, context({ own: { repair: false, denial: null } }))).toEqual(['At least one option is required.']);
    expect(check(false, rule, context({ own: { repair: false, denial: true } }))).toEqual([]);
    expect(check(null, rule, context({ own: { repair: 'true' } }))).toEqual([]);
  });

  it('does not mark the label as required', () => {
    expect(isRequired([rule], context())).toBe(false);
  });
});
