import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createIdSource, getDrafts, getModel, getRecords, initStore, setFieldValue } from '../../../runtime/core/models';
import type { ModelStoreState, RecordsBlock } from '../../../runtime/core/types';
import { DisplayValuesRow } from '../../../runtime/widgets/DisplayValuesRow';
import { CONFIGS, Harness, makeT, page } from '../fixtures';

const t = makeT({ LocKey_Button_AddMore: 'Add more', LocKey_Button_Cancel: 'Cancel', LocKey_Button_Upload: 'Upload', LocKey_Validation_FileExists: 'A file with this name has already been uploaded.' });

const repairs: RecordsBlock = {
  block: 'records',
  model: 'ClaimTransactions',
  fixedValues: { claimTransactionType: 'repair' },
  fields: [{ key: 'facilityName', widget: 'text', label: 'Facility' }],
  displayFields: ['facilityName'],
};

const documents: RecordsBlock = {
  block: 'records',
  model: 'DocumentContexts',
  kind: 'file',
  startDraft: true,
  fields: [
    { key: 'documentType', widget: 'select', label: 'Type', options: [{ value: 'other', label: 'Other' }] },
    { key: 'file', widget: 'file', label: 'File' },
  ],
  displayFields: ['documentType', 'name'],
};

describe('the record manager', () => {
  it('Add more starts a draft, Cancel discards it', async () => {
    let last: ModelStoreState | null = null;
    render(<Harness page={page([repairs])} t={t} onStore={(s) => (last = s)} />);
    await userEvent.click(screen.getByRole('button', { name: 'Add more' }));
    expect(getDrafts(last, 'claimTransactions')).toHaveLength(1);
    expect(getDrafts(last, 'claimTransactions')[0]?.fields.claimTransactionType).toBe('repair');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(getDrafts(last, 'claimTransactions')).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Add more' })).toBeTruthy();
  });

  it('Upload validates, then saves the record as a row and starts a new draft', async () => {
    let last: ModelStoreState | null = null;
    render(<Harness page={page([repairs])} t={t} onStore={(s) => (last = s)} />);
    await userEvent.click(screen.getByRole('button', { name: 'Add more' }));
    await userEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect(screen.getByText('Enter facility')).toBeTruthy();
    expect(getRecords(last, 'claimTransactions')).toHaveLength(0);
    await userEvent.type(screen.getByLabelText(/Facility/), 'Main St Garage');
    await userEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect(getRecords(last, 'claimTransactions')).toHaveLength(1);
    expect(getDrafts(last, 'claimTransactions')).toHaveLength(1);
    expect(screen.getByText('Main St Garage')).toBeTruthy();
    // the new draft starts with its errors hidden
    expect(screen.queryByText('Enter facility')).toBeNull();
  });

  it('delete removes a saved record', async () => {
    let last: ModelStoreState | null = null;
    render(<Harness page={page([{ ...repairs, newDraftAfterSave: false }])} t={t} onStore={(s) => (last = s)} />);
    await userEvent.click(screen.getByRole('button', { name: 'Add more' }));
    await userEvent.type(screen.getByLabelText(/Facility/), 'A');
    await userEvent.click(screen.getByRole('button', { name: 'Upload' }));
    await userEvent.click(screen.getByRole('button', { name: /LocKey_Button_Delete|Delete/ }));
    expect(getRecords(last, 'claimTransactions')).toHaveLength(0);
  });

  it('rejects a file whose name is already saved with the file-exists message and drops the draft', async () => {
    let last: ModelStoreState | null = null;
    render(<Harness page={page([documents])} t={t} onStore={(s) => (last = s)} />);
    const upload = async () => {
      await userEvent.selectOptions(screen.getByLabelText(/Type/), 'other');
      await userEvent.upload(screen.getByLabelText(/^File/), new File(['x'], 'invoice.pdf', { type: 'application/pdf' }));
      await userEvent.click(screen.getByRole('button', { name: 'Upload' }));
    };
    await upload();
    expect(getRecords(last, 'documentContexts').map((r) => [r.fields.name, r.fields.size, r.fields.type])).toEqual([['invoice.pdf', 1, 'application/pdf']]);
    await upload();
    expect(screen.getByRole('alert').textContent).toBe('A file with this name has already been uploaded.');
    expect(getRecords(last, 'documentContexts')).toHaveLength(1);
    expect(getDrafts(last, 'documentContexts')).toHaveLength(0);
  });

  it('shows the minimum-instances message after a refused Next', async () => {
    render(<Harness page={page([{ ...repairs, minimumInstances: { count: 1 } }])} hideActions={false} t={makeT({ LocKey_Button_Next: 'Next' })} />);
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    const alert = screen.getByRole('alert');
    expect(within(alert).getByRole('link').textContent).toBe('At least 1 record(s) must be added.');
  });

  it('refuses Next while a typed draft does not validate, links the error to its first field in error, and lets Next through after Cancel', async () => {
    const onAction = vi.fn();
    const dictionary = {
      LocKey_Button_Next: 'Next',
      LocKey_Button_Cancel: 'Cancel',
      LocKey_Repairs_Legend: 'Repair',
      LocKey_Records_Incomplete: 'The record you started is not complete. Correct it or cancel it before you continue.',
    };
    const block: RecordsBlock = { ...repairs, startDraft: true, legendKey: 'LocKey_Repairs_Legend', fields: [{ key: 'facilityName', widget: 'text', label: 'Facility' }, { key: 'amountPaid', widget: 'text', label: 'Amount' }] };
    render(<Harness page={page([block])} hideActions={false} t={makeT(dictionary)} onAction={onAction} />);
    // An untouched draft (only its fixed value) does not hold Next back.
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onAction).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alert')).toBeNull();

    await userEvent.type(screen.getByLabelText(/Amount/), '12');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onAction).toHaveBeenCalledTimes(1);
    const link = within(screen.getByRole('alert')).getByRole('link');
    expect(link.textContent).toBe('Repair: The record you started is not complete. Correct it or cancel it before you continue.');
    const facility = screen.getByLabelText(/Facility/);
    // The draft's own errors show beside its fields.
    expect(screen.getByText(/^Enter facility/)).toBeTruthy();
    expect(link.getAttribute('href')).toBe(`#${facility.id}`);
    await userEvent.click(link);
    expect(document.activeElement).toBe(facility);

    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alert')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onAction).toHaveBeenCalledTimes(2);
  });

  it('refuses Next for a document whose type was chosen but which was not uploaded', async () => {
    const onAction = vi.fn();
    render(<Harness page={page([documents])} hideActions={false} t={makeT({ LocKey_Button_Next: 'Next' })} onAction={onAction} />);
    await userEvent.selectOptions(screen.getByLabelText(/Type/), 'other');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onAction).not.toHaveBeenCalled();
    expect(within(screen.getByRole('alert')).getByRole('link').textContent).toBe('You started a record but did not save it. Save it or cancel it before you continue.');
  });

  it('refuses more display fields than a row can hold, word for word', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const twelve = Array.from({ length: 12 }, (_, i) => `f${i}`);
    expect(() => render(<Harness page={page([{ ...repairs, displayFields: twelve }])} />)).toThrow('Max number of display fields, 11, exceeded.');
    const row = (n: number, buttons: boolean) =>
      render(<DisplayValuesRow recordClientId="c1" fields={Array.from({ length: n }, (_, i) => ({ key: `k${i}`, label: `L${i}`, value: 'v' }))} onDelete={buttons ? () => {} : undefined} />);
    expect(() => row(12, false)).not.toThrow();
    expect(() => row(13, false)).toThrow('Max number of display fields, 12, exceeded.');
    expect(() => row(12, true)).toThrow('Max number of display fields, 11, exceeded.');
    expect(() => render(<DisplayValuesRow recordClientId={null} fields={[]} />)).toThrow('recordClientId is required.');
  });
});

describe('the record block draws the view model’s record rules (spec §3–§5)', () => {
  const dictionary = {
    LocKey_Button_Next: 'Next',
    LocKey_Button_Cancel: 'Cancel',
    LocKey_Button_Upload: 'Upload',
    LocKey_Button_AddMore: 'Add more',
    LocKey_Records_NoneApply: 'None of these apply to me',
    LocKey_Records_NoneApplyRequired: 'Add at least one, or confirm that none apply.',
  };
  const denials: RecordsBlock = { ...repairs, fixedValues: { claimTransactionType: 'denial' }, noneConfirmation: { model: 'ClaimDetails', field: 'noDenials' } };

  it('Next saves a typed record that validates instead of losing it', async () => {
    const onAction = vi.fn();
    let last: ModelStoreState | null = null;
    render(<Harness page={page([{ ...repairs, startDraft: true }])} hideActions={false} t={makeT(dictionary)} onAction={onAction} onStore={(s) => (last = s)} />);
    await userEvent.type(screen.getByLabelText(/Facility/), 'Main St Garage');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onAction).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(getRecords(last, 'claimTransactions').map((r) => r.fields.facilityName)).toEqual(['Main St Garage']);
    expect(getDrafts(last, 'claimTransactions')).toHaveLength(0);
  });

  it("asks to confirm that none applies while the list is empty, refuses Next until it is ticked, and hides it once a record is saved", async () => {
    const onAction = vi.fn();
    let last: ModelStoreState | null = null;
    render(<Harness page={page([denials])} hideActions={false} t={makeT(dictionary)} onAction={onAction} onStore={(s) => (last = s)} />);
    const box = screen.getByRole('checkbox', { name: /None of these apply to me/ });
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onAction).not.toHaveBeenCalled();
    const link = within(screen.getByRole('alert')).getByRole('link');
    expect(link.textContent).toBe('None of these apply to me: Add at least one, or confirm that none apply.');
    expect(link.getAttribute('href')).toBe(`#${box.id}`);
    await userEvent.click(box);
    expect(getModel(last, 'ClaimDetails').fields.noDenials).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onAction).toHaveBeenCalledTimes(1);

    await userEvent.click(screen.getByRole('button', { name: 'Add more' }));
    await userEvent.type(screen.getByLabelText(/Facility/), 'Hilltop');
    await userEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect(screen.queryByRole('checkbox', { name: /None of these apply/ })).toBeNull();
    expect(getModel(last, 'ClaimDetails').fields.noDenials).toBeNull();
  });

  it('opens with its initial instances as drafts, each with its own Upload and Cancel', async () => {
    let last: ModelStoreState | null = null;
    render(<Harness page={page([{ ...repairs, initialInstances: 2 }])} t={makeT(dictionary)} onStore={(s) => (last = s)} />);
    expect(getDrafts(last, 'claimTransactions')).toHaveLength(2);
    expect(screen.getAllByLabelText(/Facility/)).toHaveLength(2);
    await userEvent.type(screen.getAllByLabelText(/Facility/)[1]!, 'Second');
    await userEvent.click(screen.getAllByRole('button', { name: 'Upload' })[1]!);
    expect(getRecords(last, 'claimTransactions').map((r) => r.fields.facilityName)).toEqual(['Second']);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(getDrafts(last, 'claimTransactions')).toHaveLength(0);
  });

  it('shows the minimum a dependency record asks for after a refused Next', async () => {
    const leased = { ...repairs, minimumInstances: { count: 0, dependency: { model: 'ClaimDetails' }, cases: [{ when: { scope: 'ownershipType', schema: { const: 'lease' } }, count: 2 }] } };
    const initial = initStore(CONFIGS, 'Automotive', createIdSource(() => 0.5));
    const start = setFieldValue(initial, getModel(initial, 'ClaimDetails').clientId, 'ownershipType', 'lease');
    render(<Harness page={page([leased])} initial={start} hideActions={false} t={makeT(dictionary)} />);
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(within(screen.getByRole('alert')).getByRole('link').textContent).toBe('At least 2 record(s) must be added.');
  });
});
