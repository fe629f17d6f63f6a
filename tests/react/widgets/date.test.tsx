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
