import { describe, expect, it } from 'vitest';
import { checkFieldTypes, FIELD_VALUE_TYPES, fieldTypeProblem } from '../../../runtime/core/rules';
import type { ModelFieldConfig } from '../../../runtime/core/types';

const field = (dataType: ModelFieldConfig['dataType']): ModelFieldConfig => ({ dataType, validations: [] });

describe('field values against their data types', () => {
  it('text and dates take text or null; a number also takes masked text; a checkbox a boolean; a file field its name', () => {
    expect(fieldTypeProblem('Ann', 'string')).toBeNull();
    expect(fieldTypeProblem(null, 'string')).toBeNull();
    expect(fieldTypeProblem('03/15/2015', 'dateTime')).toBeNull();
    expect(fieldTypeProblem(1250.5, 'number')).toBeNull();
    expect(fieldTypeProblem('1,250.50', 'number')).toBeNull();
    expect(fieldTypeProblem(true, 'boolean')).toBeNull();
    expect(fieldTypeProblem('invoice.pdf', 'file')).toBeNull();
  });

  it('says what was expected and what came', () => {
    expect(fieldTypeProblem(42, 'string')).toBe('must be text or empty, not a number.');
    expect(fieldTypeProblem(['Ann'], 'string')).toBe('must be text or empty, not a list.');
    expect(fieldTypeProblem({ x: 1 }, 'string')).toBe('must be text or empty, not an object.');
    expect(fieldTypeProblem('yes', 'boolean')).toBe('must be a boolean or empty, not a string.');
    expect(fieldTypeProblem(Number.NaN, 'number')).toBe('must be a number or text or empty, not a non-finite number.');
    expect(fieldTypeProblem(undefined, 'string')).toBe('must be text or empty, not a undefined.');
  });

  it('checks every configured field of a model and leaves unknown ones to the structure check', () => {
    const configs = { a: field('string'), b: field('boolean') };
    expect(checkFieldTypes({ a: 1, b: true, unknown: { x: 1 } }, configs)).toEqual({ a: 'must be text or empty, not a number.' });
  });

  it('is the one table of accepted types (the renderer builds its JSON Schema types from it)', () => {
    expect(Object.keys(FIELD_VALUE_TYPES).sort()).toEqual(['boolean', 'dateTime', 'file', 'number', 'string']);
  });
});
