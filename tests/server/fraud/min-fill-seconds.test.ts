/** fraud.minFillSeconds by form kind, with a form's own id winning: any settlement's forms get a sensible fill time. */
import { describe, expect, it } from 'vitest';
import { fraudSettings, minFillMs } from '../../../server/fraud/settings.js';

describe('the fewest seconds a person needs to fill a form', () => {
  it('go by the form’s kind by default: 90 for a claim of any name, 20 for an exclusion', () => {
    const settings = fraudSettings();
    expect(minFillMs(settings, { id: 'Automotive', kind: 'claim' })).toBe(90_000);
    expect(minFillMs(settings, { id: 'Claim', kind: 'claim' })).toBe(90_000);
    expect(minFillMs(settings, { id: 'OptOut', kind: 'exclusion' })).toBe(20_000);
  });

  it('take a form’s own setting over its kind’s, and keep the kind defaults the file does not change', () => {
    const settings = fraudSettings({ minFillSeconds: { Claim: 45, exclusion: 30 } });
    expect(minFillMs(settings, { id: 'Claim', kind: 'claim' })).toBe(45_000);
    expect(minFillMs(settings, { id: 'Rebate', kind: 'claim' })).toBe(90_000);
    expect(minFillMs(settings, { id: 'Exclusion', kind: 'exclusion' })).toBe(30_000);
  });

  it('read the sample’s settings (by the spec’s form names) as before', () => {
    const settings = fraudSettings({ minFillSeconds: { Automotive: 90, Exclusion: 20 } });
    expect(minFillMs(settings, { id: 'Automotive', kind: 'claim' })).toBe(90_000);
    expect(minFillMs(settings, { id: 'Exclusion', kind: 'exclusion' })).toBe(20_000);
  });
});
