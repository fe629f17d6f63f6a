import { describe, expect, it } from 'vitest';
import { checkMinimumInstances, checkRequiredManager, createFormModel, minimumFromFlow } from '../../../runtime/core/models';
import { DevError } from '../../../runtime/core/errors';
import { config, ids } from './fixtures';

describe('the minimum-instances rule', () => {
  it('defaults to a minimum of 0', () => {
    expect(checkMinimumInstances(0, undefined)).toEqual({ valid: true, minimum: 0, message: null });
  });

  it('needs at least the minimum of saved records and substitutes it in the message', () => {
    expect(checkMinimumInstances(2, { minimum: 2 }).valid).toBe(true);
    expect(checkMinimumInstances(1, { minimum: 2 })).toEqual({
      valid: false,
      minimum: 2,
      message: { key: 'LocKey_Records_Minimum', args: [2], fallback: 'At least 2 record(s) must be added.' },
    });
    expect(checkMinimumInstances(0, { minimum: 1, variant: 'table' }).message?.key).toBe('LocKey_Records_MinimumTable');
    expect(checkMinimumInstances(0, { minimum: 1, messageKey: 'LocKey_Repairs_Minimum' }).message?.key).toBe('LocKey_Repairs_Minimum');
    expect(checkMinimumInstances(0, { minimum: 3, message: 'Add {0} repairs' }).message?.fallback).toBe('Add 3 repairs');
  });

  it('computes the minimum from the dependency record', () => {
    const details = createFormModel(config('ClaimDetails', ['didIncur']), ids());
    const rule = { minimum: (dep: typeof details | null) => (dep?.fields.didIncur === 'true' ? 1 : 0) };
    expect(checkMinimumInstances(0, rule, [details]).valid).toBe(true);
    const answered = { ...details, fields: { didIncur: 'true' } };
    expect(checkMinimumInstances(0, rule, [answered]).valid).toBe(false);
  });

  it('refuses several matching dependency models', () => {
    const a = createFormModel(config('ClaimDetails', ['x']), ids());
    const b = createFormModel(config('ClaimDetails', ['x']), ids());
    const rule = { minimum: () => 1, dependencyMetadata: { dtoMapping: 'claimDetails' } };
    expect(() => checkMinimumInstances(0, rule, [a, b])).toThrow(DevError);
    expect(() => checkMinimumInstances(0, rule, [a, b])).toThrow('More than one dependency model matches claimDetails');
  });

  it('reads a flow block rule: the count while its condition holds, else 0', () => {
    const block = { count: 1, when: { scope: 'claimDetails.didIncur', schema: { const: 'true' } }, messageKey: 'K' };
    expect(minimumFromFlow(block, { models: { claimDetails: { didIncur: 'true' } } })).toEqual({ minimum: 1, messageKey: 'K' });
    expect(minimumFromFlow(block, { models: { claimDetails: { didIncur: 'false' } } })).toEqual({ minimum: 0, messageKey: 'K' });
    expect(minimumFromFlow(undefined, { models: {} })).toBeNull();
  });
});

describe('the required record manager', () => {
  it('is satisfied by one saved record', () => {
    expect(checkRequiredManager(1, true, true)).toEqual({ valid: true, show: false, message: null });
  });

  it('shows "this is required" only after the form is dirty', () => {
    expect(checkRequiredManager(0, false, true)).toMatchObject({ valid: false, show: false });
    expect(checkRequiredManager(0, true, true)).toEqual({
      valid: false,
      show: true,
      message: { key: 'LocKey_Records_Required', args: [], fallback: 'this is required' },
    });
  });

  it('takes a message key or a custom message', () => {
    expect(checkRequiredManager(0, true, { messageKey: 'LocKey_Docs_Required' }).message?.key).toBe('LocKey_Docs_Required');
    expect(checkRequiredManager(0, true, { message: 'Upload a document' }).message).toEqual({ key: '', args: [], fallback: 'Upload a document' });
  });

  it('does nothing when the manager is not required', () => {
    expect(checkRequiredManager(0, true, false).valid).toBe(true);
  });
});
