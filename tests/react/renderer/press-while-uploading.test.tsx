/**
 * A press made while a document uploads (a record's Upload, Next, Submit) waits for the upload and
 * is then made, in the order pressed (Next alone saves the record once its document is stored); a
 * failed upload holds it, its error in focus; Enter in a field starts nothing while a press is
 * waiting.
 */
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { getDrafts, getRecords } from '../../../runtime/core/models';
import type { DocumentUpload, FieldConfig, ModelStoreState } from '../../../runtime/core/types';
import { DOCUMENTS_BLOCK, documentsOwner, Harness, makeT, page } from '../fixtures';

const t = makeT({ LocKey_Button_Next: 'Next', LocKey_Button_Upload: 'Upload', LocKey_Button_Submit: 'Submit', LocKey_Button_AddMore: 'Add more', LocKey_Button_Cancel: 'Cancel' });
const note: FieldConfig = { key: 'note', widget: 'text', label: 'Note' };
const documents = DOCUMENTS_BLOCK;
const documentsPage = page([documents, { block: 'model', model: 'ClaimDetails', fields: [note] }]);
const UPLOADING: DocumentUpload = { state: 'uploading', sent: 0, total: 1, id: null, error: null };
const STORED: DocumentUpload = { state: 'stored', sent: 1, total: 1, id: 9, error: null };
const WAIT_TEXT = 'Please wait until your document has finished uploading.';

/** The documents page with a document chosen and still uploading. */
async function chosenWhileUploading(onAction: (action: string) => void, seen: { store: ModelStoreState | null } = { store: null }) {
  const owner = documentsOwner();
  render(<Harness page={documentsPage} hideActions={false} onAction={onAction} t={t} owner={owner} uploadOfNew={UPLOADING} onStore={(s) => (seen.store = s)} />);
  await userEvent.selectOptions(screen.getByLabelText(/Type/), 'other');
  await userEvent.upload(screen.getByLabelText(/^File/), new File(['x'], 'receipt.pdf', { type: 'application/pdf' }));
  return { owner, seen };
}

describe('a press while a document uploads', () => {
  it('Upload then Next: both wait, the record is saved first, then Next goes on once', async () => {
    const savedWhenNext: number[] = [];
    const seen: { store: ModelStoreState | null } = { store: null };
    const onAction = vi.fn(() => {
      savedWhenNext.push(getRecords(seen.store, 'documentContexts').length);
    });
    const { owner } = await chosenWhileUploading(onAction, seen);
    await userEvent.click(screen.getByRole('button', { name: 'Upload' }));
    const next = screen.getByRole('button', { name: 'Next' });
    await userEvent.click(next);
    expect(next.getAttribute('aria-busy')).toBe('true');
    expect(onAction).not.toHaveBeenCalled();
    expect(screen.getByText(WAIT_TEXT)).toBeTruthy();

    act(() => owner.answer(STORED));
    await waitFor(() => expect(onAction).toHaveBeenCalledTimes(1));
    expect(onAction).toHaveBeenCalledWith('next', {});
    expect(savedWhenNext).toEqual([1]);
    expect(getDrafts(seen.store, 'documentContexts')).toHaveLength(0);
    expect(screen.queryByText(WAIT_TEXT)).toBeNull();
    await waitFor(() => expect(next.getAttribute('aria-busy')).toBeNull());
  });

  it('Next alone (no Upload): it waits, then saves the record whose document is stored and goes on', async () => {
    const savedWhenNext: number[] = [];
    const seen: { store: ModelStoreState | null } = { store: null };
    const onAction = vi.fn(() => {
      savedWhenNext.push(getRecords(seen.store, 'documentContexts').length);
    });
    const { owner } = await chosenWhileUploading(onAction, seen);
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onAction).not.toHaveBeenCalled();
    expect(screen.getByText(WAIT_TEXT)).toBeTruthy();

    act(() => owner.answer(STORED));
    await waitFor(() => expect(onAction).toHaveBeenCalledWith('next', {}));
    expect(savedWhenNext).toEqual([1]);
    expect(getRecords(seen.store, 'documentContexts').map((r) => r.fields.name)).toEqual(['receipt.pdf']);
    expect(getDrafts(seen.store, 'documentContexts')).toHaveLength(0);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('Enter in a field starts nothing while a press waits: Upload is saved, no Next follows', async () => {
    const onAction = vi.fn();
    const { owner, seen } = await chosenWhileUploading(onAction);
    await userEvent.click(screen.getByRole('button', { name: 'Upload' }));
    await userEvent.type(screen.getByLabelText('Note'), 'ab{Enter}');
    act(() => owner.answer(STORED));
    await waitFor(() => expect(getRecords(seen.store, 'documentContexts')).toHaveLength(1));
    expect(onAction).not.toHaveBeenCalled();
    // Once nothing waits, Enter presses Next again.
    await userEvent.type(screen.getByLabelText('Note'), '{Enter}');
    expect(onAction).toHaveBeenCalledWith('next', {});
  });

  it('Next is not made when the upload fails: the focus goes to the file field, which shows the error', async () => {
    const error = 'The document "receipt.pdf" is larger than 0.5 MB.';
    const onAction = vi.fn();
    const { owner } = await chosenWhileUploading(onAction);
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    act(() => owner.answer({ state: 'failed', sent: 0, total: 1, id: null, error }));
    const fileInput = screen.getByLabelText(/^File/);
    await waitFor(() => expect(document.activeElement).toBe(fileInput));
    expect(fileInput.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(error, { selector: '.cf-field__error-message' })).toBeTruthy();
    expect(onAction).not.toHaveBeenCalled();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('Submit waits for a document still uploading, its status line saying so while that holds', async () => {
    const owner = documentsOwner();
    owner.setDocuments([{ clientId: 'clm-doc', name: 'receipt.pdf', size: 1, type: 'application/pdf', data: new Uint8Array(1), upload: UPLOADING }]);
    const onAction = vi.fn();
    render(<Harness page={page([{ block: 'model', model: 'ClaimDetails', fields: [note] }], { action: 'submit' })} hideActions={false} onAction={onAction} t={t} owner={owner} />);
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(status.textContent).toBe(WAIT_TEXT);
    expect(onAction).not.toHaveBeenCalled();
    // Another document starts uploading while it waits: the submit waits for that one too.
    const second = { clientId: 'clm-doc2', name: 'invoice.pdf', size: 1, type: 'application/pdf', data: new Uint8Array(1), upload: UPLOADING };
    act(() => owner.setDocuments([...owner.documents, second]));
    act(() => owner.setDocuments(owner.documents.map((d) => (d.clientId === 'clm-doc' ? { ...d, upload: STORED } : d))));
    await waitFor(() => expect(status.textContent).toBe(WAIT_TEXT));
    expect(onAction).not.toHaveBeenCalled();
    act(() => owner.answer(STORED));
    await waitFor(() => expect(onAction).toHaveBeenCalledWith('submit', {}));
    expect(onAction).toHaveBeenCalledTimes(1);
    expect(status.textContent).toBe('');
  });
});
