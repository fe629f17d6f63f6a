import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getDrafts, getModel, getRecords } from '../../../runtime/core/models';
import type { FieldConfig, ModelStoreState, RecordsBlock } from '../../../runtime/core/types';
import { afterPointerPress } from '../../../runtime/react/pointer-press';
import { Harness, makeT, page } from '../fixtures';

// A press moves the focus on mousedown and clicks on release: an error shown in between would move
// the pressed control away from under the pointer (a layout jsdom does not have), so these tests
// check the order instead: the blurred field's error shows only once the press, and its click, are over.

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});
afterEach(() => {
  vi.useRealTimers();
});

/** The events of a mouse press on `target`: down (moving the focus there), then up and click. */
function pressDown(target: HTMLElement) {
  fireEvent.pointerDown(target);
  fireEvent.mouseDown(target);
  act(() => target.focus());
}
function release(target: HTMLElement) {
  fireEvent.pointerUp(target);
  fireEvent.mouseUp(target);
  fireEvent.click(target);
}
/** Focus and type (user-event waits on timers, which these tests hold). */
function typeInto(input: HTMLElement, text: string) {
  act(() => input.focus());
  fireEvent.input(input, { target: { value: text } });
}
/** The task after the press: its end is seen. */
const nextTask = () => act(() => vi.runOnlyPendingTimers());

describe('a run waiting for the pointer press', () => {
  it('runs at once without a press, else after the click of the press, in the next task', () => {
    const run = vi.fn();
    expect(afterPointerPress(document, run)).toBeNull();
    expect(run).toHaveBeenCalledTimes(1);

    fireEvent.pointerDown(document.body);
    fireEvent.mouseDown(document.body);
    afterPointerPress(document, run);
    fireEvent.pointerUp(document.body);
    fireEvent.mouseUp(document.body);
    fireEvent.click(document.body);
    expect(run).toHaveBeenCalledTimes(1);
    vi.runOnlyPendingTimers();
    expect(run).toHaveBeenCalledTimes(2);
  });

  it("waits through a tap, whose mousedown and click come after the touch's pointerup", () => {
    const run = vi.fn();
    fireEvent.pointerDown(document.body, { pointerType: 'touch' });
    fireEvent.pointerUp(document.body, { pointerType: 'touch' });
    fireEvent.mouseDown(document.body);
    afterPointerPress(document, run);
    vi.runOnlyPendingTimers();
    expect(run).not.toHaveBeenCalled();
    fireEvent.mouseUp(document.body);
    fireEvent.click(document.body);
    vi.runOnlyPendingTimers();
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('ends with a cancelled press (a scroll) or a key, and can be cancelled', () => {
    const run = vi.fn();
    fireEvent.pointerDown(document.body);
    afterPointerPress(document, run);
    fireEvent.pointerCancel(document.body);
    vi.runOnlyPendingTimers();
    expect(run).toHaveBeenCalledTimes(1);

    fireEvent.mouseDown(document.body);
    afterPointerPress(document, run);
    fireEvent.keyDown(document.body, { key: 'Tab' });
    expect(run).toHaveBeenCalledTimes(2);

    fireEvent.mouseDown(document.body);
    afterPointerPress(document, run)?.();
    release(document.body);
    vi.runOnlyPendingTimers();
    expect(run).toHaveBeenCalledTimes(2);
  });
});

const isCurrentOwner: FieldConfig = { key: 'isCurrentOwner', widget: 'radio', label: 'Current owner', options: [{ value: 'true', label: 'Yes' }, { value: 'false', label: 'No' }] };
const disposal: FieldConfig = { key: 'disposalDate', widget: 'date', label: 'Disposal date', dependencies: [{ when: { scope: 'isCurrentOwner', schema: { const: 'false' } } }] };
const note: FieldConfig = { key: 'note', widget: 'text', label: 'Note' };

describe('an error revealed by leaving a field', () => {
  it('shows once a press on an option has chosen it, not between the press and its click', () => {
    let last: ModelStoreState | null = null;
    render(<Harness page={page([{ block: 'model', model: 'ClaimDetails', fields: [note, isCurrentOwner, disposal] }])} onStore={(s) => (last = s)} />);
    typeInto(screen.getByLabelText('Note'), 'abcdefg');
    const no = screen.getByLabelText('No');

    pressDown(no);
    expect(screen.queryByText('The maximum length allowed is 5')).toBeNull();
    release(no);
    expect(getModel(last, 'claimDetails').fields.isCurrentOwner).toBe('false');
    expect(screen.getByLabelText(/Disposal date/)).toBeTruthy();
    expect(screen.queryByText('The maximum length allowed is 5')).toBeNull();

    nextTask();
    expect(screen.getByText('The maximum length allowed is 5')).toBeTruthy();
    expect(screen.getByLabelText('Note').getAttribute('aria-describedby')).toBe('claimDetails-note-error');
    expect(screen.getByLabelText('Note').getAttribute('aria-invalid')).toBe('true');
  });

  it('shows at once when the claimant leaves the field by keyboard', () => {
    render(<Harness page={page([{ block: 'model', model: 'ClaimDetails', fields: [note, isCurrentOwner] }])} />);
    typeInto(screen.getByLabelText('Note'), 'abcdefg');
    fireEvent.keyDown(screen.getByLabelText('Note'), { key: 'Tab' });
    act(() => screen.getByLabelText('Yes').focus());
    expect(screen.getByText('The maximum length allowed is 5')).toBeTruthy();
  });

  it('does not show on the next page when the press that left the field opened it', () => {
    const { rerender } = render(<Harness page={page([{ block: 'model', model: 'ClaimDetails', fields: [note] }])} />);
    typeInto(screen.getByLabelText('Note'), 'abcdefg');
    pressDown(document.body);
    act(() => screen.getByLabelText('Note').blur());
    release(document.body);
    rerender(<Harness page={page([{ block: 'model', model: 'ClaimDetails', fields: [note] }], { id: 'p2' })} />);
    nextTask();
    expect(screen.queryByText('The maximum length allowed is 5')).toBeNull();
  });
});

describe('Upload pressed while leaving a field of the draft', () => {
  const t = makeT({ LocKey_Button_Upload: 'Upload', LocKey_Button_Cancel: 'Cancel' });
  const repairs: RecordsBlock = {
    block: 'records',
    model: 'ClaimTransactions',
    fixedValues: { claimTransactionType: 'repair' },
    startDraft: true,
    fields: [
      { key: 'amountPaid', widget: 'text', label: 'Amount', validations: [{ type: 'range', min: 0.01, max: 50000 }] },
      { key: 'facilityName', widget: 'textarea', label: 'Facility' },
    ],
    displayFields: ['facilityName'],
  };

  it('refuses the record with the errors of every field, the untouched one too', () => {
    let last: ModelStoreState | null = null;
    render(<Harness page={page([repairs])} t={t} onStore={(s) => (last = s)} />);
    typeInto(screen.getByLabelText(/Amount/), '0');
    const upload = screen.getByRole('button', { name: 'Upload' });

    pressDown(upload);
    expect(document.querySelectorAll('.cf-field__error')).toHaveLength(0);
    release(upload);
    nextTask();
    expect(getRecords(last, 'claimTransactions')).toHaveLength(0);
    expect(getDrafts(last, 'claimTransactions')).toHaveLength(1);
    expect(screen.getByText('Enter facility')).toBeTruthy();
    expect([...document.querySelectorAll('.cf-field__error')].map((e) => e.textContent)).toHaveLength(2);
  });
});
