/** Enter in a one-line field moves on as Next does (implicit submission); textareas keep Enter for new lines. */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { getRecords } from '../../../runtime/core/models';
import type { FieldConfig, ModelStoreState, RecordsBlock } from '../../../runtime/core/types';
import { Harness, makeT, page } from '../fixtures';

const t = makeT({ LocKey_Button_Next: 'Next', LocKey_Button_Upload: 'Upload', LocKey_Button_Submit: 'Submit' });
const note: FieldConfig = { key: 'note', widget: 'text', label: 'Note' };
const story: FieldConfig = { key: 'note', widget: 'textarea', label: 'Story' };
const owner: FieldConfig = { key: 'ownershipType', widget: 'radio', label: 'Ownership', options: [{ value: 'own', label: 'Own' }] };
const repairs: RecordsBlock = {
  block: 'records',
  model: 'ClaimTransactions',
  fixedValues: { claimTransactionType: 'repair' },
  fields: [{ key: 'facilityName', widget: 'text', label: 'Facility' }],
  displayFields: ['facilityName'],
  startDraft: true,
};

describe('Enter in a field', () => {
  it('runs the page action once the page is valid, as Next does', async () => {
    const onAction = vi.fn();
    render(<Harness page={page([{ block: 'model', model: 'ClaimDetails', fields: [owner, note] }])} hideActions={false} onAction={onAction} t={t} />);
    await userEvent.click(screen.getByLabelText('Own'));
    await userEvent.type(screen.getByLabelText('Note'), 'abc{Enter}');
    expect(onAction).toHaveBeenCalledTimes(1);
    expect(onAction).toHaveBeenCalledWith('next', {});
  });

  it('is refused with the error summary on an invalid page, like Next', async () => {
    const onAction = vi.fn();
    render(<Harness page={page([{ block: 'model', model: 'ClaimDetails', fields: [owner, note] }])} hideActions={false} onAction={onAction} t={t} />);
    await userEvent.type(screen.getByLabelText('Note'), 'abc{Enter}');
    expect(onAction).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toContain('Choose ownership');
  });

  it('runs the page action of a submit page too', async () => {
    const onAction = vi.fn();
    render(<Harness page={page([{ block: 'model', model: 'ClaimDetails', fields: [note] }], { action: 'submit' })} hideActions={false} onAction={onAction} t={t} />);
    await userEvent.type(screen.getByLabelText('Note'), 'x{Enter}');
    expect(onAction).toHaveBeenCalledWith('submit', {});
  });

  it('keeps new lines in a textarea', async () => {
    const onAction = vi.fn();
    render(<Harness page={page([{ block: 'model', model: 'ClaimDetails', fields: [story] }])} hideActions={false} onAction={onAction} t={t} />);
    await userEvent.type(screen.getByLabelText('Story'), 'one{Enter}two');
    expect(onAction).not.toHaveBeenCalled();
    expect((screen.getByLabelText('Story') as HTMLTextAreaElement).value).toBe('one\ntwo');
  });

  it('in a record draft goes to the page action, not to the record block\'s Upload', async () => {
    const onAction = vi.fn();
    let last: ModelStoreState | null = null;
    render(<Harness page={page([repairs])} hideActions={false} onAction={onAction} t={t} onStore={(s) => (last = s)} />);
    await userEvent.type(screen.getByLabelText(/Facility/), 'Main St Garage{Enter}');
    // Enter pressed Next, not the block's Upload: Next saves a typed record that validates and
    // moves on, so the typed answers are kept.
    expect(getRecords(last!, 'claimTransactions')).toHaveLength(1);
    expect(onAction).toHaveBeenCalledTimes(1);
  });

  it('does nothing without an action bar (the app draws its own buttons)', async () => {
    const onAction = vi.fn();
    render(<Harness page={page([{ block: 'model', model: 'ClaimDetails', fields: [note] }])} onAction={onAction} t={t} />);
    await userEvent.type(screen.getByLabelText('Note'), 'x{Enter}');
    expect(onAction).not.toHaveBeenCalled();
  });
});
