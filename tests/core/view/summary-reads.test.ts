import { describe, expect, it } from 'vitest';
import type { SummaryBlock } from '../../../runtime/core/types';
import { summaryReads } from '../../../runtime/core/view/summary-reads';
import { page } from './fixtures';

describe('the models a summary reads', () => {
  it('are its groups, their pages\' skip rules and their fields\' dependencies', () => {
    const eligibility = page(
      [{ block: 'model', model: 'ClaimDetails', fields: [{ key: 'disposalDate', widget: 'text', label: 'Disposal', dependencies: [{ when: { not: { scope: 'vehicle.isSold', schema: { const: false } } } }] }] }],
      { id: 'eligibility', skipWhen: { all: [{ scope: 'credentials.noticeId', schema: { type: 'null' } }, { scope: 'own', schema: { const: 1 } }] } },
    );
    const block: SummaryBlock = {
      block: 'summary',
      groups: [
        { titleKey: 'Details', editPage: 'eligibility', model: 'ClaimDetails', fields: ['disposalDate'] },
        { titleKey: 'Repairs', editPage: 'repairs', model: 'ClaimTransactions', fields: ['facilityName'] },
      ],
    };
    expect([...summaryReads(block, [eligibility], 'en')].sort()).toEqual(['claimDetails', 'claimTransactions', 'credentials', 'vehicle']);
  });
});
