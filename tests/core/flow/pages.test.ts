import { describe, expect, it } from 'vitest';
import { fieldLabelKey, findPage, inFlowPages, localizationKeysOf, pagesForPath, pageRoutes } from '../../../runtime/core/flow/pages';
import { shippedFlow } from './helpers';

describe('page helpers', () => {
  const automotive = shippedFlow('automotive');
  const flows = [automotive, shippedFlow('lookup'), shippedFlow('exclusion')];

  it('lists the automotive flow of spec §2 without payment-election', () => {
    expect(inFlowPages(automotive).map((p) => p.id)).toEqual([
      'start', 'claimant-info', 'eligibility', 'repairs', 'denials', 'supporting-documents', 'claim-summary', 'confirmation',
    ]);
    expect(findPage(automotive, 'payment-election')?.inFlow).toBe(false);
  });

  it('opens every route of spec §2 on exactly one page', () => {
    const routes = [
      '/', '/automotive', '/automotive/', '/automotive/claimant-info', '/automotive/eligibility', '/automotive/repairs', '/automotive/denials',
      '/automotive/payment-election', '/automotive/supporting-documents', '/automotive/claim-summary', '/automotive/confirmation',
      '/vinlookup', '/vinlookup/', '/exclusion', '/exclusion/', '/exclusion/claimant-info', '/exclusion/claim-summary', '/exclusion/confirmation',
    ];
    for (const route of routes) expect(pagesForPath(flows, route), route).toHaveLength(1);
    expect(pagesForPath(flows, '/nowhere')).toEqual([]);
    expect(pageRoutes(automotive.pages[0]!)).toEqual(['/automotive', '/', '/automotive/']);
  });

  it('sets authorization, session timeout and deadlines as spec §2 says', () => {
    expect(flows.map((f) => f.deadlineKeys)).toEqual([
      ['claimFilingDeadline', 'globalDeadline'],
      ['lookupFilingDeadline', 'globalDeadline'],
      ['exclusionFilingDeadline', 'globalDeadline'],
    ]);
    for (const flow of flows) {
      const [start, ...rest] = flow.pages;
      expect(start).toMatchObject({ requiresAuthorization: false, sessionTimeout: false });
      for (const page of rest) expect(page.requiresAuthorization, page.id).toBe(true);
    }
  });

  it('skips denials when the out-of-pocket answer is the string true', () => {
    expect(findPage(automotive, 'denials')?.skipWhen).toEqual({ scope: 'claimDetails.didIncurOutOfPocketExpensesPriorToSeptember', schema: { const: 'true' } });
  });

  it('finds label keys and every localization key with its pointer', () => {
    expect(fieldLabelKey(automotive, 'ClaimDetails', 'disposalDate')).toBe('LocKey_Eligibility_DisposalDate');
    expect(localizationKeysOf({ a: ['LocKey_X_Y', 'plain'], 'b/c': 'LocKey_Z_W' })).toEqual([
      { key: 'LocKey_X_Y', pointer: '/a/0' },
      { key: 'LocKey_Z_W', pointer: '/b~1c' },
    ]);
  });
});
