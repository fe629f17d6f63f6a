import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { addDraft, createIdSource, getDrafts, getModel, getRecords, initStore, saveDraft, setFieldValue } from '../../../runtime/core/models';
import type { ModelStoreState, RecordsBlock } from '../../../runtime/core/types';
import { DisplayValuesRow } from '../../../runtime/widgets/DisplayValuesRow';
import { CONFIGS, DOCUMENTS_BLOCK, documentsOwner, Harness, makeT, page } from '../fixtures';

const t = makeT({
  LocKey_Button_AddMore: 'Add more',
  LocKey_Button_Cancel: 'Cancel',
  LocKey_Button_Upload: 'Upload',
  LocKey_Common_Saved: 'Saved',
  LocKey_Validation_FileExists: 'A file with this name has already been uploaded.',
});

const repairs: RecordsBlock = {
  block: 'records',
  model: 'ClaimTransactions',
  fixedValues: { claimTransactionType: 'repair' },
  fields: [{ key: 'facilityName', widget: 'text', label: 'Facility' }],
  displayFields: ['facilityName'],
};

const documents = DOCUMENTS_BLOCK;

describe('the record manager', () => {
  it('Add more starts a draft with the focus in its first field, Cancel discards it and gives the focus back to Add more', async () => {
    let last: ModelStoreState | null = null;
    render(<Harness page={page([repairs])} t={t} onStore={(s) => (last = s)} />);
    await userEvent.click(screen.getByRole('button', { name: 'Add more' }));
    expect(getDrafts(last, 'claimTransactions')).toHaveLength(1);
    expect(getDrafts(last, 'claimTransactions')[0]?.fields.claimTransactionType).toBe('repair');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/Facility/)));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(getDrafts(last, 'claimTransactions')).toHaveLength(0);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add more' })));
  });

  it('Upload validates, then saves the record as a row and closes its form: the list, "Saved" and Add more, with the focus on it', async () => {
    let last: ModelStoreState | null = null;
    render(<Harness page={page([{ ...repairs, startDraft: true }])} t={t} onStore={(s) => (last = s)} />);
    await userEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect(screen.getByText('Enter facility')).toBeTruthy();
    expect(getRecords(last, 'claimTransactions')).toHaveLength(0);
    await userEvent.type(screen.getByLabelText(/Facility/), 'Main St Garage');
    await userEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect(getRecords(last, 'claimTransactions')).toHaveLength(1);
    expect(getDrafts(last, 'claimTransactions')).toHaveLength(0);
    expect(screen.getByText('Main St Garage')).toBeTruthy();
    // No empty form, and so no required marker or error, stays open under the saved record.
    expect(screen.queryByLabelText(/Facility/)).toBeNull();
    expect(screen.queryByText('Enter facility')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Upload' })).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('Saved');
    const addMore = screen.getByRole('button', { name: 'Add more' });
    await waitFor(() => expect(document.activeElement).toBe(addMore));

    // Add more opens a new draft, its errors hidden, the focus in its first field.
    await userEvent.click(addMore);
    expect(getDrafts(last, 'claimTransactions')).toHaveLength(1);
    expect(screen.queryByText('Enter facility')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/Facility/)));
  });

  it('"Saved" disappears after 5 seconds', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    render(<Harness page={page([{ ...repairs, startDraft: true }])} t={t} />);
    const facility = screen.getByLabelText(/Facility/);
    act(() => facility.focus());
    fireEvent.input(facility, { target: { value: 'A' } });
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    act(() => vi.advanceTimersByTime(0));
    expect(screen.getByRole('status').textContent).toBe('Saved');
    act(() => vi.advanceTimersByTime(4999));
    expect(screen.getByRole('status').textContent).toBe('Saved');
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('status').textContent).toBe('');

    // A second save 3 s after another shows "Saved" for its own 5 seconds.
    const save = (name: string) => {
      fireEvent.click(screen.getByRole('button', { name: 'Add more' }));
      act(() => vi.advanceTimersByTime(0));
      fireEvent.input(screen.getByLabelText(/Facility/), { target: { value: name } });
      fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
      act(() => vi.advanceTimersByTime(0));
    };
    save('B');
    act(() => vi.advanceTimersByTime(3000));
    save('C');
    act(() => vi.advanceTimersByTime(4000));
    expect(screen.getByRole('status').textContent).toBe('Saved');
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('with newDraftAfterSave, Upload opens a new draft at once, its errors hidden and the focus in it', async () => {
    let last: ModelStoreState | null = null;
    render(<Harness page={page([{ ...repairs, startDraft: true, newDraftAfterSave: true }])} t={t} onStore={(s) => (last = s)} />);
    await userEvent.type(screen.getByLabelText(/Facility/), 'Main St Garage');
    await userEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect(getRecords(last, 'claimTransactions')).toHaveLength(1);
    const [fresh] = getDrafts(last, 'claimTransactions');
    expect(fresh).toBeDefined();
    expect(screen.queryByText('Enter facility')).toBeNull();
    await waitFor(() => expect(document.activeElement?.id).toBe(`claimTransactions-${fresh?.clientId}-facilityName`));
  });

  it('a list that holds records opens closed under startDraft; an empty one opens a draft when it starts one or its minimum asks for one', () => {
    const initial = initStore(CONFIGS, 'Automotive', createIdSource(() => 0.5));
    const config = CONFIGS.find((c) => c.metadata.dtoMapping === 'ClaimTransactions')!;
    const added = addDraft(initial, config, createIdSource(() => 0.25), repairs.fixedValues);
    const withRecord = saveDraft(setFieldValue(added.state, added.clientId, 'facilityName', 'Main St Garage'), added.clientId, true);
    let last: ModelStoreState | null = null;
    const opened = render(<Harness page={page([{ ...repairs, startDraft: true }])} initial={withRecord} t={t} onStore={(s) => (last = s)} />);
    expect(screen.getByText('Main St Garage')).toBeTruthy();
    expect(screen.queryByLabelText(/Facility/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Add more' })).toBeTruthy();
    expect(last).toBeNull();
    opened.unmount();

    const minimum = render(<Harness page={page([{ ...repairs, minimumInstances: { count: 1 } }])} t={t} />);
    expect(screen.getByLabelText(/Facility/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add more' })).toBeNull();
    minimum.unmount();

    render(<Harness page={page([repairs])} t={t} />);
    expect(screen.queryByLabelText(/Facility/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Add more' })).toBeTruthy();
  });

  it('Edit opens the record in place with the focus in its first field; Done closes it and gives the focus back to its row', async () => {
    let last: ModelStoreState | null = null;
    render(<Harness page={page([repairs])} t={t} onStore={(s) => (last = s)} />);
    await userEvent.click(screen.getByRole('button', { name: 'Add more' }));
    await userEvent.type(screen.getByLabelText(/Facility/), 'Main St Garage');
    await userEvent.click(screen.getByRole('button', { name: 'Upload' }));
    await userEvent.click(screen.getByRole('button', { name: 'Edit Record 1' }));
    const facility = screen.getByLabelText(/Facility/);
    await waitFor(() => expect(document.activeElement).toBe(facility));
    await userEvent.type(facility, ' North');
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(getRecords(last, 'claimTransactions')[0]?.fields.facilityName).toBe('Main St Garage North');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit Record 1' })));
  });

  it('has no Edit for a saved document unless the page lets its details be corrected in place (a cure), which keeps its document', async () => {
    const config = CONFIGS.find((c) => c.metadata.dtoMapping === 'DocumentContexts');
    if (!config) throw new Error('The fixtures have no DocumentContexts config.');
    const added = addDraft(initStore(CONFIGS, 'Automotive', createIdSource()), config, createIdSource(() => 0.25));
    const saved = saveDraft(setFieldValue(setFieldValue(added.state, added.clientId, 'file', 'invoice.pdf'), added.clientId, 'name', 'invoice.pdf'), added.clientId, true);
    const { unmount } = render(<Harness page={page([{ ...documents, startDraft: false }])} t={t} initial={saved} />);
    expect(screen.queryByRole('button', { name: 'Edit Record 1' })).toBeNull();
    unmount();
    let last: ModelStoreState | null = null;
    render(<Harness page={page([{ ...documents, startDraft: false }])} t={t} initial={saved} editFileRecords onStore={(s) => (last = s)} />);
    await userEvent.click(screen.getByRole('button', { name: 'Edit Record 1' }));
    await userEvent.selectOptions(screen.getByLabelText(/Type/), 'other');
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(getRecords(last, 'documentContexts')[0]?.fields).toMatchObject({ documentType: 'other', name: 'invoice.pdf' });
  });

  it('delete removes a saved record', async () => {
    let last: ModelStoreState | null = null;
    render(<Harness page={page([repairs])} t={t} onStore={(s) => (last = s)} />);
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
    expect(getDrafts(last, 'documentContexts')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Add more' }));
    await upload();
    expect(screen.getByRole('alert').textContent).toBe('A file with this name has already been uploaded.');
    expect(getRecords(last, 'documentContexts')).toHaveLength(1);
    expect(getDrafts(last, 'documentContexts')).toHaveLength(0);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add more' })));
  });

  it('Upload pressed while its document uploads is busy and says to wait while that holds, then saves the record once the document is stored', async () => {
    let last: ModelStoreState | null = null;
    const owner = documentsOwner();
    render(<Harness page={page([documents])} t={t} onStore={(s) => (last = s)} owner={owner} uploadOfNew={{ state: 'uploading', sent: 0, total: 1, id: null, error: null }} />);
    await userEvent.selectOptions(screen.getByLabelText(/Type/), 'other');
    await userEvent.upload(screen.getByLabelText(/^File/), new File(['x'], 'invoice.pdf', { type: 'application/pdf' }));
    const upload = screen.getByRole('button', { name: 'Upload' });
    await userEvent.click(upload);
    // Busy, but it keeps the focus; the wait is said politely, not as an error.
    expect(upload.getAttribute('aria-busy')).toBe('true');
    expect(upload.getAttribute('aria-disabled')).toBe('true');
    expect(document.activeElement).toBe(upload);
    const status = document.querySelector('.cf-records__status');
    expect(status?.getAttribute('role')).toBe('status');
    expect(status?.textContent).toBe('Please wait until your document has finished uploading.');
    expect(screen.queryByRole('alert')).toBeNull();
    // A second press while it waits makes no second save.
    await userEvent.click(upload);
    expect(getRecords(last, 'documentContexts')).toHaveLength(0);
    expect(getDrafts(last, 'documentContexts')).toHaveLength(1);

    act(() => owner.answer({ state: 'stored', sent: 1, total: 1, id: 4, error: null }));
    await waitFor(() => expect(getRecords(last, 'documentContexts')).toHaveLength(1));
    expect(getDrafts(last, 'documentContexts')).toHaveLength(0);
    expect(status?.textContent).toBe('Saved');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add more' })));
  });

  it('Upload pressed while its document uploads is not made when the upload fails: the record stays open, the focus on its file field with the error', async () => {
    const error = 'The document "invoice.pdf" is not a PDF, JPEG, PNG, HEIC or TIFF file. Please upload one of those types.';
    let last: ModelStoreState | null = null;
    const owner = documentsOwner();
    render(<Harness page={page([documents])} t={t} onStore={(s) => (last = s)} owner={owner} uploadOfNew={{ state: 'uploading', sent: 0, total: 1, id: null, error: null }} />);
    await userEvent.selectOptions(screen.getByLabelText(/Type/), 'other');
    await userEvent.upload(screen.getByLabelText(/^File/), new File(['x'], 'invoice.pdf', { type: 'application/pdf' }));
    await userEvent.click(screen.getByRole('button', { name: 'Upload' }));
    act(() => owner.answer({ state: 'failed', sent: 0, total: 1, id: null, error }));
    const fileInput = screen.getByLabelText(/^File/);
    await waitFor(() => expect(document.activeElement).toBe(fileInput));
    expect(fileInput.getAttribute('aria-invalid')).toBe('true');
    const errorBox = screen.getByText(error, { selector: '.cf-field__error-message' }).parentElement;
    expect(fileInput.getAttribute('aria-describedby')?.split(' ')).toContain(errorBox?.id);
    expect(getDrafts(last, 'documentContexts')).toHaveLength(1);
    expect(getRecords(last, 'documentContexts')).toHaveLength(0);
    // The wait is no longer said, and the button takes presses again.
    expect(screen.queryByText('Please wait until your document has finished uploading.')).toBeNull();
    expect(screen.getByRole('button', { name: 'Upload' }).getAttribute('aria-busy')).toBeNull();
  });

  it("drops the draft of a refused document on Upload, with the server's words", async () => {
    const error = 'The document "invoice.pdf" is damaged or is not the kind of file it appears to be. Please save it again as a PDF, JPEG, PNG, HEIC or TIFF file and upload it.';
    let last: ModelStoreState | null = null;
    render(<Harness page={page([documents])} t={t} onStore={(s) => (last = s)} uploadOfNew={{ state: 'failed', sent: 0, total: 0, id: null, error }} />);
    await userEvent.selectOptions(screen.getByLabelText(/Type/), 'other');
    await userEvent.upload(screen.getByLabelText(/^File/), new File(['x'], 'invoice.pdf', { type: 'application/pdf' }));
    expect(screen.getByLabelText(/^File/).getAttribute('aria-invalid')).toBe('true');
    await userEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect(screen.getByRole('alert').textContent).toBe(error);
    expect(getRecords(last, 'documentContexts')).toHaveLength(0);
    expect(getDrafts(last, 'documentContexts')).toHaveLength(0);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add more' })));
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

  it('Next saves a typed record opened with Add more after a saved one, and after a draft was cancelled', async () => {
    const onAction = vi.fn();
    let last: ModelStoreState | null = null;
    render(<Harness page={page([{ ...repairs, startDraft: true }])} hideActions={false} t={makeT(dictionary)} onAction={onAction} onStore={(s) => (last = s)} />);
    await userEvent.type(screen.getByLabelText(/Facility/), 'Bay Auto Care');
    await userEvent.click(screen.getByRole('button', { name: 'Upload' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add more' }));
    await userEvent.type(screen.getByLabelText(/Facility/), 'Abandoned');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add more' }));
    await userEvent.type(screen.getByLabelText(/Facility/), 'Hilltop Motors');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onAction).toHaveBeenCalledTimes(1);
    expect(getRecords(last, 'claimTransactions').map((r) => r.fields.facilityName)).toEqual(['Bay Auto Care', 'Hilltop Motors']);
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

describe('records linked to others', { timeout: 30_000 }, () => {
  const linkedDocuments: RecordsBlock = {
    ...DOCUMENTS_BLOCK,
    startDraft: false,
    fields: [...DOCUMENTS_BLOCK.fields, { key: 'claimTransactionId', widget: 'select', label: 'Repair' }],
    displayFields: ['name', 'documentType'],
    linkOptions: { field: 'claimTransactionId', model: 'ClaimTransactions', labelFields: ['facilityName'] },
  };
  const pages = [page([repairs], { id: 'repairs' }), page([linkedDocuments], { id: 'documents' })];
  const linkT = makeT({
    LocKey_Button_Cancel: 'Cancel',
    LocKey_Button_Done: 'Done',
    LocKey_Validation_FileExists: 'A file with this name has already been uploaded.',
  });

  /** A saved repair with a saved document linked to it ('invoice.pdf'), and another document ('receipt.pdf'). */
  function claim(facilityName = 'Main St Garage') {
    const repairConfig = CONFIGS.find((c) => c.metadata.dtoMapping === 'ClaimTransactions');
    const documentConfig = CONFIGS.find((c) => c.metadata.dtoMapping === 'DocumentContexts');
    if (!repairConfig || !documentConfig) throw new Error('The fixtures lack a config.');
    const ids = createIdSource();
    const repair = addDraft(initStore(CONFIGS, 'Automotive', ids), repairConfig, ids, { claimTransactionType: 'repair' });
    let s = saveDraft(setFieldValue(repair.state, repair.clientId, 'facilityName', facilityName), repair.clientId, true);
    const documentIds: string[] = [];
    for (const name of ['invoice.pdf', 'receipt.pdf']) {
      const added = addDraft(s, documentConfig, ids);
      s = setFieldValue(setFieldValue(setFieldValue(added.state, added.clientId, 'file', name), added.clientId, 'name', name), added.clientId, 'documentType', 'other');
      if (name === 'invoice.pdf') s = setFieldValue(s, added.clientId, 'claimTransactionId', repair.clientId);
      s = saveDraft(s, added.clientId, true);
      documentIds.push(added.clientId);
    }
    return { store: s, repairId: repair.clientId, documentIds };
  }

  it("asks before a Delete takes the documents linked to the record along, naming them; Cancel keeps both and returns to the row's button", async () => {
    const { store } = claim();
    let last: ModelStoreState | null = null;
    render(<Harness page={pages[0] ?? page([repairs])} pages={pages} t={linkT} initial={store} onStore={(s) => (last = s)} />);
    await userEvent.click(screen.getByRole('button', { name: /Delete/ }));
    const asked = await screen.findByRole('alert');
    expect(asked.textContent).toContain('Deleting it also deletes what is linked to it: invoice.pdf.');
    await waitFor(() => expect(document.activeElement).toBe(asked));
    expect(getRecords(last ?? store, 'claimTransactions')).toHaveLength(1);
    await userEvent.click(within(asked).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(getRecords(last ?? store, 'documentContexts')).toHaveLength(2);
    await waitFor(() => expect(document.activeElement?.textContent).toMatch(/Delete/));

    await userEvent.click(screen.getByRole('button', { name: /Delete/ }));
    await userEvent.click(within(await screen.findByRole('alert')).getByRole('button', { name: /Delete/ }));
    expect(getRecords(last, 'claimTransactions')).toHaveLength(0);
    // The linked document went with it; the other stays.
    expect(getRecords(last, 'documentContexts').map((d) => d.fields.name)).toEqual(['receipt.pdf']);
  });

  it('refuses a Delete of a record that records no page here can change link to (a cure), naming them', async () => {
    const { store, documentIds } = claim();
    let last: ModelStoreState | null = null;
    render(<Harness page={pages[0] ?? page([repairs])} pages={pages} t={linkT} initial={store} fixedRecords={new Set(documentIds)} onStore={(s) => (last = s)} />);
    await userEvent.click(screen.getByRole('button', { name: /Delete/ }));
    const refused = await screen.findByRole('alert');
    expect(refused.textContent).toContain('It cannot be removed here, because these parts of your claim are linked to it: invoice.pdf.');
    expect(within(refused).queryByRole('button', { name: /Delete/ })).toBeNull();
    expect(getRecords(last ?? store, 'claimTransactions')).toHaveLength(1);
  });

  it("refuses Done on a filed document's Edit when the file chosen has the name of another saved document", async () => {
    const { store } = claim();
    let last: ModelStoreState | null = null;
    render(<Harness page={pages[1] ?? page([linkedDocuments])} pages={pages} t={linkT} initial={store} editFileRecords onStore={(s) => (last = s)} />);
    await userEvent.click(screen.getByRole('button', { name: 'Edit Record 2' }));
    await userEvent.upload(screen.getByLabelText(/^File/), new File(['x'], 'invoice.pdf', { type: 'application/pdf' }));
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect((await screen.findByRole('alert')).textContent).toBe('A file with this name has already been uploaded.');
    // Its form stays open, the focus on its file.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/^File/)));
    expect(screen.getByRole('button', { name: 'Done' })).toBeTruthy();
    expect(getRecords(last, 'documentContexts').filter((d) => d.fields.name === 'invoice.pdf')).toHaveLength(2);
  });

  it("writes a long chosen link's label out under its select, and not a short one", async () => {
    const long = claim('Bayside Motors and Collision Repair Center of San Francisco');
    const { unmount } = render(<Harness page={pages[1] ?? page([linkedDocuments])} pages={pages} t={linkT} initial={long.store} editFileRecords />);
    await userEvent.click(screen.getByRole('button', { name: 'Edit Record 1' }));
    const select = screen.getByLabelText(/Repair/);
    const chosen = select.parentElement?.querySelector('.cf-select__chosen');
    expect(chosen?.textContent).toContain('Bayside Motors and Collision Repair Center of San Francisco');
    unmount();
    const short = claim('Main St');
    render(<Harness page={pages[1] ?? page([linkedDocuments])} pages={pages} t={linkT} initial={short.store} editFileRecords />);
    await userEvent.click(screen.getByRole('button', { name: 'Edit Record 1' }));
    expect(screen.getByLabelText(/Repair/).parentElement?.querySelector('.cf-select__chosen')).toBeNull();
  });
});
