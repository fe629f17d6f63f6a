import { describe, expect, it } from 'vitest';
import { dateBounds, isRequired, validateModelFields, validateValue } from '../../../runtime/core/rules';
import { RULE_MESSAGES, formatMessage } from '../../../runtime/core/rules/messages';
import type { ModelFieldConfig } from '../../../runtime/core/types';
import { context } from './context';

const spanish = (key: string, ...args: Array<string | number>) => {
  const template = RULE_MESSAGES[key]?.es;
  return template === undefined ? undefined : formatMessage(template, ...args);
};

describe('validateValue', () => {
  it('lets blank values pass every rule except the required kinds', () => {
    const rules = [
      { type: 'range', min: 1, max: 5 },
      { type: 'maxLength', max: 1 },
      { type: 'regularExpression', pattern: 'x' },
      { type: 'preventFutureDate' },
      { type: 'validDate' },
      { type: 'mustBeTrue' },
      { type: 'compare', otherProperty: 'other' },
    ];
    for (const blank of [null, '', '  ']) expect(validateValue(blank, rules, 'f', context({ own: { other: 'y' } }))).toEqual([]);
    expect(validateValue('', [...rules, { type: 'required' }], 'f', context())).toEqual(['Enter an answer']);
  });

  it('returns messages in rule order, each once', () => {
    const rules = [
      { type: 'maxLength', max: 2 },
      { type: 'regularExpression', pattern: '\\d+' },
      { type: 'regularExpression', pattern: '[a-z]+' },
    ];
    expect(validateValue('12ab', rules, 'f', context())).toEqual(['The maximum length allowed is 2', 'The value is not valid']);
  });

  it('prefers the server message, then its messageKey, then the default key, then English', () => {
    const rule = { type: 'maxLength', max: 2 };
    const t = (key: string, ...args: Array<string | number>) => (key === 'Custom_Key' ? `custom ${args[0]}` : spanish(key, ...args));
    expect(validateValue('abc', [{ ...rule, message: 'Too long (max {0})' }], 'f', context({ t }))).toEqual(['Too long (max 2)']);
    expect(validateValue('abc', [{ ...rule, messageKey: 'Custom_Key' }], 'f', context({ t }))).toEqual(['custom 2']);
    expect(validateValue('abc', [{ ...rule, messageKey: 'Missing_Key' }], 'f', context({ t }))).toEqual(['La longitud máxima permitida es 2']);
    expect(validateValue('abc', [rule], 'f', context())).toEqual(['The maximum length allowed is 2']);
  });

  it('localizes the date-between message with M/d/yyyy bounds', () => {
    const rule = { type: 'range', min: '01/01/2013', max: '12/31/2018', dataType: 'dateTime' };
    expect(validateValue('01/01/2019', [rule], 'f', context({ t: spanish }))).toEqual(['La fecha debe estar entre el 1/1/2013 y el 12/31/2018']);
  });

  it('keeps the offending characters after a localized restricted-characters text', () => {
    const ctx = context({ t: spanish, whitelist: 'abc' });
    expect(validateValue('a#b$', [{ type: 'characterSetRestriction' }], 'f', ctx)).toEqual(['Los siguientes caracteres no están permitidos: # $']);
  });

  it('treats a range on a dateTime field as a date range', () => {
    const rule = { type: 'range', min: 1, max: 5 };
    expect(validateValue('3', [rule], 'f', context(), { dataType: 'dateTime' })).toEqual(['Enter a real date, for example 3/15/2016']);
  });
});

describe('validateModelFields', () => {
  const configs: Record<string, ModelFieldConfig> = {
    acquisitionDate: {
      dataType: 'dateTime',
      validations: [{ type: 'preventFutureDate' }, { type: 'range', min: '01/01/2013', max: 'today' }],
    },
    isCurrentOwner: { dataType: 'string', validations: [{ type: 'required' }] },
    disposalDate: {
      dataType: 'dateTime',
      validations: [
        { type: 'requiredIf', otherProperty: 'isCurrentOwner', value: 'false' },
        { type: 'endDate', startDateProperty: 'acquisitionDate' },
      ],
    },
  };

  it('returns only the fields with errors, reading siblings as the own scope', () => {
    expect(validateModelFields({ acquisitionDate: '06/01/2020', isCurrentOwner: 'false', disposalDate: null }, configs, context())).toEqual({
      disposalDate: ['Enter an answer'],
    });
    expect(validateModelFields({ acquisitionDate: '06/01/2020', isCurrentOwner: 'false', disposalDate: '05/01/2020' }, configs, context())).toEqual({
      disposalDate: ['The date must be after 6/1/2020'],
    });
    expect(validateModelFields({ acquisitionDate: '03/01/2026', isCurrentOwner: 'true' }, configs, context())).toEqual({
      acquisitionDate: ['The date must be before today', 'The date must be between 1/1/2013 and 2/28/2026'],
    });
    expect(validateModelFields({ acquisitionDate: '06/01/2020', isCurrentOwner: 'true', disposalDate: null }, configs, context())).toEqual({});
  });
});

describe('isRequired', () => {
  it('is true for required kinds whose condition holds, false otherwise', () => {
    expect(isRequired([{ type: 'maxLength', max: 3 }, { type: 'required' }], context())).toBe(true);
    expect(isRequired([{ type: 'maxLength', max: 3 }], context())).toBe(false);
    const requiredIf = { type: 'requiredIf', otherProperty: 'isCurrentOwner', value: 'false' };
    expect(isRequired([requiredIf], context({ own: { isCurrentOwner: 'false' } }))).toBe(true);
    expect(isRequired([requiredIf], context({ own: { isCurrentOwner: 'true' } }))).toBe(false);
  });
});

describe('dateBounds', () => {
  it('reads min and max of the date range rule, with today in Pacific time', () => {
    const rules = [{ type: 'preventFutureDate' }, { type: 'range', min: '01/01/2013', max: 'today' }];
    expect(dateBounds(rules, new Date('2026-03-01T07:30:00Z'))).toEqual({ min: { year: 2013, month: 1, day: 1 }, max: { year: 2026, month: 2, day: 28 } });
  });

  it('gives no bounds without a date range', () => {
    expect(dateBounds([{ type: 'range', min: 1, max: 2 }], new Date())).toEqual({ min: null, max: null });
  });
});
