import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { getModel } from '../../../runtime/core/models';
import type { FieldConfig, ModelStoreState } from '../../../runtime/core/types';
import { Harness, makeT, page } from '../fixtures';

const ownership: FieldConfig = {
  key: 'ownershipType',
  widget: 'radio',
  label: 'Ownership',
  options: [
    { value: 'own', label: 'Own' },
    { value: 'lease', label: 'Lease' },
  ],
};
const isCurrentOwner: FieldConfig = { key: 'isCurrentOwner', widget: 'radio', label: 'Current owner', options: [{ value: 'true', label: 'Yes' }, { value: 'false', label: 'No' }] };
const disposal: FieldConfig = {
  key: 'disposalDate',
  widget: 'date',
  label: 'Disposal date',
  dependencies: [{ when: { scope: 'isCurrentOwner', schema: { const: 'false' } } }],
};

describe('the page renderer', () => {
  it('renders the blocks of a page config through the registry, each field through its widget', () => {
    render(<Harness page={page([{ block: 'header', element: 'h1', textKey: 'Claim details' }, { block: 'model', model: 'ClaimDetails', legendKey: 'About', fields: [ownership] }])} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Claim details' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'About' })).toBeTruthy();
    expect(screen.getByRole('radiogroup', { name: /Ownership/ })).toBeTruthy();
  });

  it('marks required fields from the remote rules, unless the config disables the styling', () => {
    render(<Harness page={page([{ block: 'model', model: 'ClaimDetails', fields: [ownership, { key: 'note', widget: 'text', label: 'Note' }, { ...isCurrentOwner, disableRequiredStyling: true }] }])} />);
    expect(screen.getByRole('radiogroup', { name: /Ownership/ }).querySelector('legend')?.textContent).toBe('Ownership* (required)');
    expect(screen.getByLabelText('Note').closest('.cf-field')?.querySelector('.cf-required')).toBeNull();
    expect(screen.getByRole('radiogroup', { name: /Current owner/ }).querySelector('.cf-required')).toBeNull();
  });

  it('stores edits through the core store, an emptied field as null', async () => {
    let last: ModelStoreState | null = null;
    render(<Harness page={page([{ block: 'model', model: 'ClaimDetails', fields: [{ key: 'note', widget: 'text', label: 'Note' }] }])} onStore={(s) => (last = s)} />);
    await userEvent.type(screen.getByLabelText('Note'), 'ab');
    expect(getModel(last, 'claimDetails').fields.note).toBe('ab');
    expect(last!.everEdited[getModel(last, 'claimDetails').clientId]).toEqual(['note']);
    await userEvent.clear(screen.getByLabelText('Note'));
    expect(getModel(last, 'claimDetails').fields.note).toBeNull();
  });

  it('hides a field while its dependency does not hold and resets its value to null', async () => {
    let last: ModelStoreState | null = null;
    render(<Harness page={page([{ block: 'model', model: 'ClaimDetails', fields: [isCurrentOwner, disposal] }])} onStore={(s) => (last = s)} />);
    expect(screen.queryByLabelText(/Disposal date/)).toBeNull();
    await userEvent.click(screen.getByLabelText('No'));
    await userEvent.type(screen.getByLabelText(/Disposal date/), '01022025');
    expect(getModel(last, 'claimDetails').fields.disposalDate).toBe('01/02/2025');
    await userEvent.click(screen.getByLabelText('Yes'));
    expect(screen.queryByLabelText(/Disposal date/)).toBeNull();
    expect(getModel(last, 'claimDetails').fields.disposalDate).toBeNull();
  });

  it('disables instead of hiding when told, storing the reset value', async () => {
    let last: ModelStoreState | null = null;
    const note: FieldConfig = { key: 'note', widget: 'text', label: 'Note', dependencies: [{ when: { scope: 'isCurrentOwner', schema: { const: 'true' } }, behavior: 'disable', resetValue: 'n/a' }] };
    render(<Harness page={page([{ block: 'model', model: 'ClaimDetails', fields: [isCurrentOwner, note] }])} onStore={(s) => (last = s)} />);
    expect(screen.getByLabelText('Note')).toHaveProperty('disabled', true);
    expect(getModel(last, 'claimDetails').fields.note).toBe('n/a');
    await userEvent.click(screen.getByLabelText('Yes'));
    expect(screen.getByLabelText('Note')).toHaveProperty('disabled', false);
  });

  it('applies the mask override while its dependency holds', async () => {
    const phone: FieldConfig = {
      key: 'phone',
      widget: 'text',
      label: 'Phone',
      maskName: 'phoneInternational',
      dependencies: [{ when: { scope: 'isCurrentOwner', schema: { const: 'true' } }, maskOverride: 'phoneUS' }, { when: { scope: 'isCurrentOwner', schema: { type: ['string', 'null'] } } }],
    };
    render(<Harness page={page([{ block: 'model', model: 'ClaimDetails', fields: [isCurrentOwner, phone] }])} />);
    await userEvent.click(screen.getByLabelText('Yes'));
    await userEvent.type(screen.getByLabelText('Phone'), '5105550142');
    expect(screen.getByLabelText('Phone')).toHaveProperty('value', '(510) 555-0142');
  });

  it('refuses two different mask overrides at once, word for word', () => {
    const phone: FieldConfig = {
      key: 'phone',
      widget: 'text',
      label: 'Phone',
      dependencies: [
        { when: { scope: 'phone', schema: { type: 'null' } }, maskOverride: 'phoneUS' },
        { when: { scope: 'phone', schema: { type: 'null' } }, maskOverride: 'phoneInternational' },
      ],
    };
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<Harness page={page([{ block: 'model', model: 'ClaimDetails', fields: [phone] }])} />)).toThrow(
      'Two different mask overrides apply at once to the field phone',
    );
  });

  it('applies default values only to empty fields', () => {
    let last: ModelStoreState | null = null;
    const fields: FieldConfig[] = [
      { key: 'note', widget: 'text', label: 'Note', defaultValue: 'abc' },
      { key: 'ownershipType', widget: 'text', label: 'Kind', defaultValue: 'own' },
    ];
    render(<Harness page={page([{ block: 'model', model: 'ClaimDetails', fields }])} onStore={(s) => (last = s)} />);
    expect(getModel(last, 'claimDetails').fields.note).toBe('abc');
    const onStore = vi.fn();
    const second = render(<Harness page={page([{ block: 'model', model: 'ClaimDetails', fields }], { id: 'p2' })} initial={withValue(last!, 'ownershipType', 'lease')} onStore={onStore} />);
    expect(onStore).not.toHaveBeenCalled();
    expect(second.container.querySelector<HTMLInputElement>('input[name="ownershipType"]')?.value).toBe('lease');
  });

  it('shows a field error once the claimant leaves the field', async () => {
    render(<Harness page={page([{ block: 'model', model: 'ClaimDetails', fields: [{ key: 'note', widget: 'text', label: 'Note' }] }])} />);
    await userEvent.type(screen.getByLabelText('Note'), 'abcdefg');
    expect(screen.queryByText('The maximum length allowed is 5')).toBeNull();
    await userEvent.tab();
    expect(screen.getByText('The maximum length allowed is 5')).toBeTruthy();
    expect(screen.getByLabelText('Note').getAttribute('aria-describedby')).toBe('claimDetails-note-error');
  });

  it('skips blocks whose condition does not hold', () => {
    render(<Harness page={page([{ block: 'header', element: 'h2', textKey: 'Only for owners', when: { scope: 'claimDetails.isCurrentOwner', schema: { const: 'true' } } }])} />);
    expect(screen.queryByText('Only for owners')).toBeNull();
  });

  it("says a submit is in flight in a status line that is there, empty, before it starts, and disables Back meanwhile", () => {
    const submitPage = page([{ block: 'header', element: 'h1', textKey: 'Summary' }], { action: 'submit' });
    const { rerender } = render(<Harness page={submitPage} hideActions={false} canGoBack />);
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('');
    expect((screen.getByRole('button', { name: 'Back' }) as HTMLButtonElement).disabled).toBe(false);
    rerender(<Harness page={submitPage} hideActions={false} canGoBack isSubmitting />);
    expect(screen.getByRole('status')).toBe(status);
    // Back cannot be taken while the submit is in flight.
    expect((screen.getByRole('button', { name: 'Back' }) as HTMLButtonElement).disabled).toBe(true);
    // The locale's text, or English when the locale has none.
    expect(status.textContent).toBe('Sending… This can take a few minutes on a slow connection. Please keep this page open.');
    rerender(<Harness page={submitPage} hideActions={false} isSubmitting t={makeT({ LocKey_Page_Submitting: 'Enviando…' })} />);
    expect(status.textContent).toBe('Enviando…');
    // A page whose action is not a submit has no such line.
    rerender(<Harness page={page([{ block: 'header', element: 'h1', textKey: 'Start' }])} hideActions={false} />);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('refuses a block name with no registered block, word for word', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const bad = page([{ block: 'banner' } as never]);
    expect(() => render(<Harness page={bad} />)).toThrow('No block is registered under the name banner');
  });
});

function withValue(store: ModelStoreState, field: string, value: string): ModelStoreState {
  const model = getModel(store, 'claimDetails');
  return { ...store, saved: store.saved.map((m) => (m.clientId === model.clientId ? { ...m, fields: { ...m.fields, [field]: value } } : m)) };
}

describe("the page's primary button", () => {
  it("is each page's own: the next page's Next is not busy while the Continue that led to it still runs", async () => {
    const t = makeT({ LocKey_Button_Continue: 'Continue', LocKey_Button_Next: 'Next' });
    const start = page([], { id: 'start', action: 'authorize' });
    const following = page([], { id: 'claimant-info' });
    let finish = () => {};
    const signIn = new Promise<void>((resolve) => (finish = resolve));
    const onAction = vi.fn(() => signIn);
    const { rerender } = render(<Harness page={start} t={t} hideActions={false} onAction={onAction} />);
    const continueButton = screen.getByRole('button', { name: 'Continue' });
    await userEvent.click(continueButton);
    expect(continueButton.getAttribute('aria-busy')).toBe('true');
    // The next page shows before the sign-in's press has settled.
    rerender(<Harness page={following} t={t} hideActions={false} onAction={onAction} />);
    const nextButton = screen.getByRole('button', { name: 'Next' });
    expect(nextButton).not.toBe(continueButton);
    expect(nextButton.getAttribute('aria-busy')).toBeNull();
    expect(nextButton.getAttribute('aria-disabled')).toBeNull();
    await act(async () => finish());
    expect(nextButton.getAttribute('aria-busy')).toBeNull();
  });
});
