import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { getMask } from '../../../runtime/core/masks';
import { DateWidget } from '../../../runtime/widgets/date';
import { widgetProps } from '../fixtures';

const mask = getMask('date');

describe('the date widget', () => {
  it('shows the mm/dd/yyyy placeholder and masks typed digits as MM/dd/yyyy', async () => {
    const onChange = vi.fn();
    render(<DateWidget {...widgetProps({ componentName: 'date', label: 'Acquisition date', mask, onChange })} />);
    const input = screen.getByLabelText('Acquisition date');
    expect(input.getAttribute('placeholder')).toBe('mm/dd/yyyy');
    await userEvent.type(input, '03072024');
    expect(input).toHaveProperty('value', '03/07/2024');
    expect(onChange).toHaveBeenLastCalledWith('03/07/2024');
  });

  it.each([
    ['1/1/2020', ['1', '1/', '1/1', '1/1/', '1/1/2', '1/1/20', '1/1/202', '1/1/2020']],
    ['01/01/2020', ['0', '01/', '01/', '01/0', '01/01/', '01/01/', '01/01/2', '01/01/20', '01/01/202', '01/01/2020']],
    ['12/5/2024', ['1', '12/', '12/', '12/5', '12/5/', '12/5/2', '12/5/20', '12/5/202', '12/5/2024']],
    ['3/15/2016', ['3', '3/', '3/1', '3/15/', '3/15/', '3/15/2', '3/15/20', '3/15/201', '3/15/2016']],
    ['10/1/2020', ['1', '10/', '10/', '10/1', '10/1/', '10/1/2', '10/1/20', '10/1/202', '10/1/2020']],
    ['03152016', ['0', '03/', '03/1', '03/15/', '03/15/2', '03/15/20', '03/15/201', '03/15/2016']],
  ])('takes %s typed key by key, reporting the field after each key', async (typed, reported) => {
    const onChange = vi.fn();
    render(<DateWidget {...widgetProps({ componentName: 'date', label: 'Acquisition date', mask, onChange })} />);
    const input = screen.getByLabelText('Acquisition date');
    await userEvent.type(input, typed);
    expect(onChange.mock.calls.map(([value]) => value)).toEqual(reported);
    expect(input).toHaveProperty('value', reported.at(-1));
  });

  it('takes a pasted date, deletions, and edits in the middle of the date', async () => {
    const onChange = vi.fn();
    render(<DateWidget {...widgetProps({ componentName: 'date', label: 'Acquisition date', mask, onChange })} />);
    const input = screen.getByLabelText<HTMLInputElement>('Acquisition date');
    await userEvent.click(input);
    await userEvent.paste('12/5/2024');
    expect(input.value).toBe('12/5/2024');
    // Backspace over the year: the year's slash goes with its first digit.
    await userEvent.type(input, '{Backspace}{Backspace}{Backspace}{Backspace}');
    expect(input.value).toBe('12/5');
    await userEvent.type(input, '/2024');
    expect(input.value).toBe('12/5/2024');
    // A day digit typed before the 5.
    await userEvent.type(input, '1', { initialSelectionStart: 3, initialSelectionEnd: 3 });
    expect(input.value).toBe('12/15/2024');
    // The month's 2 deleted: January 15th, the caret still after the 1.
    await userEvent.type(input, '{Backspace}', { initialSelectionStart: 2, initialSelectionEnd: 2 });
    expect(input.value).toBe('1/15/2024');
    expect(input.selectionStart).toBe(1);
    // A leading zero typed before it.
    await userEvent.type(input, '0', { initialSelectionStart: 0, initialSelectionEnd: 0 });
    expect(input.value).toBe('01/15/2024');
    expect(onChange).toHaveBeenLastCalledWith('01/15/2024');
  });

  it('shows a stored M/d/yyyy date as it is', () => {
    render(<DateWidget {...widgetProps({ componentName: 'date', label: 'Acquisition date', mask, value: '3/5/2016' })} />);
    expect(screen.getByLabelText('Acquisition date')).toHaveProperty('value', '3/5/2016');
  });

  it('opens a calendar starting on Monday that applies the picked day at once and closes', async () => {
    const onChange = vi.fn();
    render(
      <DateWidget
        {...widgetProps({ componentName: 'date', label: 'Repair date', mask, value: '03/07/2024', onChange, t: (k) => (k === 'LocKey_DatePicker_Open' ? 'Choose date' : k) })}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Choose date' }));
    const dialog = screen.getByRole('dialog', { name: 'Repair date' });
    const headers = [...dialog.querySelectorAll('th.rdp-weekday')].map((h) => h.getAttribute('aria-label'));
    expect(headers[0]).toBe('Monday');
    await userEvent.click(within(dialog).getByRole('button', { name: /March 12th, 2024/ }));
    expect(onChange).toHaveBeenLastCalledWith('03/12/2024');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('disables days outside the range rule bounds and closes on Escape', async () => {
    render(
      <DateWidget
        {...widgetProps({ componentName: 'date', label: 'Repair date', mask, value: '03/07/2024', min: { year: 2024, month: 3, day: 5 }, max: { year: 2024, month: 3, day: 10 } })}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'LocKey_DatePicker_Open' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByRole('button', { name: /March 4th, 2024/ })).toHaveProperty('disabled', true);
    expect(within(dialog).getByRole('button', { name: /March 11th, 2024/ })).toHaveProperty('disabled', true);
    expect(within(dialog).getByRole('button', { name: /March 6th, 2024/ })).toHaveProperty('disabled', false);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('closes when Tab moves focus out of the calendar, and stays open while focus moves inside it', async () => {
    render(
      <>
        <DateWidget {...widgetProps({ componentName: 'date', label: 'Repair date', mask, value: '03/07/2024' })} />
        <input aria-label="Next field" />
      </>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'LocKey_DatePicker_Open' }));
    const dialog = screen.getByRole('dialog');
    const buttons = within(dialog).getAllByRole('button');
    act(() => buttons[0]!.focus());
    act(() => buttons[1]!.focus());
    expect(screen.queryByRole('dialog')).not.toBeNull();
    act(() => screen.getByLabelText('Next field').focus());
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('refuses a config naming another component, word for word', () => {
    expect(() => render(<DateWidget {...widgetProps({ componentName: 'text' })} />)).toThrow(
      'The value for componentName of a date was specified as something other than date, probably in the pageConfig object.',
    );
  });
});
