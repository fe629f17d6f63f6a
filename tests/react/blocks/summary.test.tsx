import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createIdSource, initStore, setFieldValue, getModel } from '../../../runtime/core/models';
import type { PageConfig } from '../../../runtime/core/types';
import { LabelledValue } from '../../../runtime/widgets/LabelledValue';
import { CONFIGS, Harness, makeT, page } from '../fixtures';

const eligibility: PageConfig = page(
  [{ block: 'model', model: 'ClaimDetails', fields: [{ key: 'ownershipType', widget: 'radio', label: 'Ownership', options: [{ value: 'own', label: 'I own it' }] }] }],
  { id: 'eligibility' },
);

describe('the data summary', () => {
  it('shows labelled values per group with option labels, and an edit link that returns to the page', async () => {
    let store = initStore(CONFIGS, 'Automotive', createIdSource(() => 0.2));
    store = setFieldValue(store, getModel(store, 'claimDetails').clientId, 'ownershipType', 'own');
    const onEditPage = vi.fn();
    render(
      <Harness
        initial={store}
        pages={[eligibility]}
        t={makeT({ Details: 'Claim details', LocKey_Button_Edit: 'Edit' })}
        onEditPage={onEditPage}
        page={page([{ block: 'summary', headerKey: 'Review', groups: [{ titleKey: 'Details', editPage: 'eligibility', model: 'ClaimDetails', fields: ['ownershipType'] }] }], { id: 'claim-summary' })}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Claim details' })).toBeTruthy();
    expect(screen.getByText('Ownership').tagName).toBe('DT');
    expect(screen.getByText('I own it').tagName).toBe('DD');
    await userEvent.click(screen.getByRole('button', { name: /^Edit\s*Claim details$/ }));
    expect(onEditPage).toHaveBeenCalledWith('eligibility');
  });

  it('leaves out the groups of a page the flow skips for these answers, with their edit links', () => {
    const denials = page([{ block: 'records', model: 'ClaimTransactions', fields: [{ key: 'facilityName', widget: 'text', label: 'Facility' }], displayFields: ['facilityName'] }], {
      id: 'denials',
      skipWhen: { scope: 'claimDetails.isCurrentOwner', schema: { const: 'true' } },
    });
    const summary = page(
      [
        {
          block: 'summary',
          groups: [
            { titleKey: 'Details', editPage: 'eligibility', model: 'ClaimDetails', fields: ['ownershipType'] },
            { titleKey: 'Denials', editPage: 'denials', model: 'ClaimTransactions', fields: ['facilityName'] },
          ],
        },
      ],
      { id: 'claim-summary' },
    );
    const t = makeT({ Details: 'Claim details', Denials: 'Repair denials', LocKey_Button_Edit: 'Edit', LocKey_Summary_NoAnswer: 'Not provided' });
    let store = initStore(CONFIGS, 'Automotive', createIdSource(() => 0.2));
    const { unmount } = render(<Harness initial={store} pages={[eligibility, denials]} t={t} page={summary} />);
    // Not skipped: the group shows, with its edit link.
    expect(screen.getByRole('heading', { name: 'Repair denials' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /^Edit\s*Repair denials$/ })).toBeTruthy();
    unmount();

    store = setFieldValue(store, getModel(store, 'claimDetails').clientId, 'isCurrentOwner', 'true');
    render(<Harness initial={store} pages={[eligibility, denials]} t={t} page={summary} />);
    expect(screen.getByRole('heading', { name: 'Claim details' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Repair denials' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Repair denials/ })).toBeNull();
    expect(screen.queryByText('Not provided')).toBeNull();
  });

  it('shows no edit links with editLinks false (the answers on the confirmation page)', () => {
    let store = initStore(CONFIGS, 'Automotive', createIdSource(() => 0.2));
    store = setFieldValue(store, getModel(store, 'claimDetails').clientId, 'ownershipType', 'own');
    render(
      <Harness
        initial={store}
        pages={[eligibility]}
        t={makeT({ Details: 'Claim details', LocKey_Button_Edit: 'Edit' })}
        page={page([{ block: 'summary', editLinks: false, groups: [{ titleKey: 'Details', editPage: 'eligibility', model: 'ClaimDetails', fields: ['ownershipType'] }] }], { id: 'confirmation' })}
      />,
    );
    expect(screen.getByText('I own it').tagName).toBe('DD');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('a labelled value needs a label or an icon, word for word', () => {
    expect(() => render(<LabelledValue value="x" />)).toThrow('Either label or icon must have a value.');
  });

  it('is not drawn again for a keystroke in a model it does not read, and follows one it reads through a dependency', async () => {
    const eligibilityWithDate = page(
      [
        {
          block: 'model',
          model: 'ClaimDetails',
          fields: [
            { key: 'ownershipType', widget: 'radio', label: 'Ownership', options: [{ value: 'own', label: 'I own it' }] },
            { key: 'disposalDate', widget: 'text', label: 'Disposal date', dependencies: [{ when: { scope: 'claimantInfo.mailingCity', schema: { const: 'Oakland' } } }] },
          ],
        },
      ],
      { id: 'eligibility' },
    );
    const summary = page(
      [
        { block: 'summary', groups: [{ titleKey: 'Details', editPage: 'eligibility', model: 'ClaimDetails', fields: ['ownershipType', 'disposalDate'] }] },
        { block: 'model', model: 'ClaimantInfo', fields: [{ key: 'mailingCity', widget: 'text', label: 'City' }] },
      ],
      { id: 'claim-summary' },
    );
    const t = vi.fn(makeT({ Details: 'Claim details', LocKey_Button_Edit: 'Edit' }));
    let store = initStore(CONFIGS, 'Automotive', createIdSource(() => 0.2));
    store = setFieldValue(store, getModel(store, 'claimDetails').clientId, 'ownershipType', 'own');
    store = setFieldValue(store, getModel(store, 'claimDetails').clientId, 'disposalDate', '01/02/2020');

    // The summary reads ClaimDetails, and ClaimantInfo only through the disposal date's dependency.
    const first = render(<Harness initial={store} pages={[eligibilityWithDate]} t={t} page={summary} />);
    expect(screen.queryByText('01/02/2020')).toBeNull();
    const titles = () => t.mock.calls.filter(([key]) => key === 'Details').length;
    await userEvent.type(screen.getByLabelText('City'), 'Oaklan');
    expect(screen.queryByText('01/02/2020')).toBeNull();
    await userEvent.type(screen.getByLabelText('City'), 'd');
    expect(screen.getByText('01/02/2020').tagName).toBe('DD');
    first.unmount();

    // A model it does not read at all: typing there draws nothing of the summary again.
    const withoutDependency = page([{ block: 'model', model: 'ClaimDetails', fields: [{ key: 'ownershipType', widget: 'radio', label: 'Ownership', options: [{ value: 'own', label: 'I own it' }] }] }], {
      id: 'eligibility',
    });
    render(<Harness initial={store} pages={[withoutDependency]} t={t} page={summary} />);
    const before = titles();
    await userEvent.type(screen.getByLabelText('City'), 'Oakland');
    expect(screen.getByLabelText<HTMLInputElement>('City').value).toBe('Oakland');
    expect(titles()).toBe(before);
    expect(screen.getByText('I own it').tagName).toBe('DD');
  });

  it('shows what is typed in a model it lists', async () => {
    const t = makeT({ Mailing: 'Mailing address', LocKey_Button_Edit: 'Edit' });
    const summary = page(
      [
        { block: 'summary', groups: [{ titleKey: 'Mailing', editPage: 'claim-summary', model: 'ClaimantInfo', fields: ['mailingCity'] }] },
        { block: 'model', model: 'ClaimantInfo', fields: [{ key: 'mailingCity', widget: 'text', label: 'City' }] },
      ],
      { id: 'claim-summary' },
    );
    render(<Harness pages={[summary]} t={t} page={summary} />);
    await userEvent.type(screen.getByLabelText('City'), 'Oakland');
    expect(screen.getByText('Oakland').tagName).toBe('DD');
  });
});
