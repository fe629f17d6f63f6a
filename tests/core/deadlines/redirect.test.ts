import { describe, expect, it } from 'vitest';
import { resolveDeadlineRedirect } from '../../../runtime/core/deadlines';
import type { DeadlineKey, DeadlineSettings } from '../../../runtime/core/types';

// 2027-06-30T23:59:59 and 2027-12-31T23:59:59 in Pacific time (daylight, then standard).
const CLAIM_AT = { zone: 'America/Los_Angeles', local: '2027-06-30T23:59:59' };
const GLOBAL_AT = { zone: 'America/Los_Angeles', local: '2027-12-31T23:59:59' };
const CLAIM = new Date('2027-07-01T06:59:59Z');
const GLOBAL = new Date('2028-01-01T07:59:59Z');
const ROUTE: DeadlineKey[] = ['claimFilingDeadline', 'globalDeadline'];
const after = (d: Date, ms = 1) => new Date(d.getTime() + ms);

const settings = (claimUrls: Record<string, string>, globalUrls: Record<string, string> = {}): DeadlineSettings => ({
  claimFilingDeadline: { ...CLAIM_AT, redirectUrls: claimUrls },
  globalDeadline: { ...GLOBAL_AT, redirectUrls: globalUrls },
});

describe('resolveDeadlineRedirect (route guard step 2)', () => {
  it('does nothing before the deadline and at its very instant', () => {
    const s = settings({ default: 'https://example.com/closed' });
    expect(resolveDeadlineRedirect(ROUTE, s, new Date('2027-06-01T00:00:00Z'), 'en')).toEqual({ kind: 'none' });
    expect(resolveDeadlineRedirect(ROUTE, s, CLAIM, 'en')).toEqual({ kind: 'none' });
  });

  it('redirects once now is later than the deadline, even by a millisecond', () => {
    expect(resolveDeadlineRedirect(ROUTE, settings({ default: 'https://example.com/closed' }), after(CLAIM), 'en')).toEqual({
      kind: 'external',
      url: 'https://example.com/closed',
    });
    expect(resolveDeadlineRedirect(ROUTE, settings({}), after(CLAIM, 1000), 'en')).toEqual({ kind: 'inApp', to: '/deadline' });
  });

  it('prefers the per-deadline redirect of the culture', () => {
    const s = settings({ default: 'https://example.com/closed', es: 'https://example.com/es/cerrado' }, { default: 'https://example.com/g' });
    expect(resolveDeadlineRedirect(ROUTE, s, after(CLAIM), 'es')).toEqual({ kind: 'external', url: 'https://example.com/es/cerrado' });
  });

  it("else the deadline's default redirect", () => {
    const s = settings({ default: 'https://example.com/closed', es: 'https://example.com/es/cerrado' }, { default: 'https://example.com/g' });
    expect(resolveDeadlineRedirect(ROUTE, s, after(CLAIM), 'en')).toEqual({ kind: 'external', url: 'https://example.com/closed' });
  });

  it("else the global deadline's default redirect", () => {
    const s = settings({ es: 'https://example.com/es/cerrado' }, { default: 'https://example.com/g', en: 'https://example.com/g/en' });
    expect(resolveDeadlineRedirect(ROUTE, s, after(CLAIM), 'en')).toEqual({ kind: 'external', url: 'https://example.com/g' });
  });

  it('else /deadline, in the app', () => {
    expect(resolveDeadlineRedirect(ROUTE, settings({ es: 'https://example.com/es' }), after(CLAIM), 'en')).toEqual({ kind: 'inApp', to: '/deadline' });
    expect(resolveDeadlineRedirect(ROUTE, settings({ default: '/deadline' }), after(CLAIM), 'en')).toEqual({ kind: 'inApp', to: '/deadline' });
  });

  it('checks the keys in order and skips keys without settings', () => {
    const s: DeadlineSettings = {
      claimFilingDeadline: { ...GLOBAL_AT, redirectUrls: { default: 'https://example.com/claim' } },
      globalDeadline: { ...CLAIM_AT, redirectUrls: { default: 'https://example.com/global' } },
    };
    expect(resolveDeadlineRedirect(ROUTE, s, after(GLOBAL), 'en')).toEqual({ kind: 'external', url: 'https://example.com/claim' });
    expect(resolveDeadlineRedirect(ROUTE, s, after(CLAIM), 'en')).toEqual({ kind: 'external', url: 'https://example.com/global' });
    expect(resolveDeadlineRedirect(['lookupFilingDeadline'], s, after(GLOBAL), 'en')).toEqual({ kind: 'none' });
    expect(resolveDeadlineRedirect(ROUTE, null, after(GLOBAL), 'en')).toEqual({ kind: 'none' });
  });
});
