import { describe, expect, it } from 'vitest';
import type { FieldValue, FormModel, SummaryBlock } from '../../../runtime/core/types';
import { summaryView } from '../../../runtime/core/view/summary';
import { secretFields } from '../../../runtime/core/flow/secrets';
import { copy, shippedFlow, shippedLocales } from '../flow/helpers';
import { makeT } from './fixtures';

const model = (dtoMapping: string, fields: Record<string, FieldValue>, clientId: string): FormModel => ({
  id: null,
  clientId,
  metadataHash: 'h',
  metadata: { formType: 'Automotive', dtoMapping },
  fields,
});

describe('summaryView', () => {
  const flow = shippedFlow('automotive');
  const summary = flow.pages.find((p) => p.id === 'confirmation')!.blocks.find((b): b is SummaryBlock => b.block === 'summary')!;
  const t = makeT(shippedLocales()['locales/en.json']);
  const store = (claimDetails: Record<string, FieldValue>) => ({
    drafts: [],
    everEdited: {},
    saved: [
      model('credentials', { vin: '5EXMA1B20HC000101', noticeId: 'EXM-100001', pin: '482913' }, 'c'),
      model('claimantInfo', { firstName: 'María', lastName: 'García', mailingCountry: 'US', mailingSubDivision: 'CA', mailingSubDivisionNonUS: 'Ontario' }, 'i'),
      model('claimDetails', claimDetails, 'd'),
      model('claimTransactions', { claimTransactionType: 'repair', facilityName: 'Bay Motors' }, 'r1'),
    ],
  });

  it('lists what the confirmation page lists: groups of pages the answers skip and fields their page hides left out', () => {
    const groups = summaryView(summary, { store: store({ isCurrentOwner: 'true', didIncurOutOfPocketExpensesPriorToSeptember: 'true', disposalDate: '01/01/2020' }), pages: flow.pages, culture: 'en', t });
    expect(groups.map((g) => g.title)).toEqual(['Contact information', 'Vehicle', 'Repairs', 'Supporting documents']);
    const contact = groups[0]!.rows!;
    expect(contact).toContainEqual({ label: 'First name', value: 'María' });
    expect(contact).toContainEqual({ label: 'State', value: 'California' });
    // A US address: the non-US region is hidden on its page.
    expect(contact.map((r) => r.value)).not.toContain('Ontario');
    // A current owner: no disposal date.
    expect(groups[1]!.rows!.map((r) => r.label)).not.toContain('Date you sold, returned or otherwise disposed of the vehicle');
    expect(groups[2]!.records).toEqual([expect.arrayContaining([{ label: 'Name of the repair facility', value: 'Bay Motors' }])]);
    expect(groups[3]!.records).toEqual([]);
  });

  it('never lists a secret field, even in a group that names it', () => {
    const changed = copy(flow);
    const block = changed.pages.find((p) => p.id === 'confirmation')!.blocks.find((b): b is SummaryBlock => b.block === 'summary')!;
    block.groups.unshift({ titleKey: 'LocKey_Credentials_Legend', editPage: 'start', model: 'Credentials', fields: ['vin', 'noticeId', 'pin'] });
    const [credentials] = summaryView(block, { store: store({}), pages: changed.pages, culture: 'en', t, secrets: secretFields(changed) });
    expect(credentials!.rows!.map((r) => r.value)).toEqual(['5EXMA1B20HC000101', 'EXM-100001']);
  });
});
