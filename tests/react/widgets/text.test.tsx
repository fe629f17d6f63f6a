import { act, render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { getMask } from '../../../runtime/core/masks';
import { TextWidget } from '../../../runtime/widgets/text';
import { widgetProps } from '../fixtures';

describe('the text widget', () => {
  it('carries its autocomplete tokens, input type and inputmode; a masked e-mail input stays text (its caret is placed)', () => {
    const { unmount } = render(<TextWidget {...widgetProps({ label: 'Phone', autoComplete: 'tel-national', inputType: 'tel', mask: getMask('phoneUS') })} />);
    const phone = screen.getByLabelText('Phone');
    expect([phone.getAttribute('autocomplete'), phone.getAttribute('type')]).toEqual(['tel-national', 'tel']);
    unmount();
    const { unmount: again } = render(<TextWidget {...widgetProps({ label: 'PIN', autoComplete: 'current-password', inputMode: 'numeric' })} />);
    expect(screen.getByLabelText('PIN').getAttribute('inputmode')).toBe('numeric');
    again();
    render(<TextWidget {...widgetProps({ label: 'Mail', inputType: 'email', mask: getMask('decimal') })} />);
    expect(screen.getByLabelText('Mail').getAttribute('type')).toBe('text');
  });

  it('labels its input and marks it required with words for screen readers', () => {
    render(<TextWidget {...widgetProps({ label: 'First name', required: true, requiredText: '(required)' })} />);
    const input = screen.getByLabelText(/First name/);
    expect(input.tagName).toBe('INPUT');
    expect(screen.getByText('*')).toHaveProperty('ariaHidden', 'true');
    expect(screen.getByText('(required)', { exact: false }).className).toBe('cf-sr-only');
    expect(input.getAttribute('aria-required')).toBe('true');
  });

  it('conforms typed digits to the US phone mask and reports the masked value', async () => {
    const onChange = vi.fn();
    render(<TextWidget {...widgetProps({ label: 'Phone', mask: getMask('phoneUS'), onChange })} />);
    await userEvent.type(screen.getByLabelText('Phone'), '5105550142');
    expect(screen.getByLabelText('Phone')).toHaveProperty('value', '(510) 555-0142');
    expect(onChange).toHaveBeenLastCalledWith('(510) 555-0142');
  });

  it('drawn on the server, takes what was typed before hydration as typed (masked), and nothing when nothing was typed', async () => {
    const props = (onChange: (value: unknown) => void) => widgetProps({ id: 'phone', label: 'Phone', mask: getMask('phoneUS'), onChange });
    for (const typed of ['5105550142', '']) {
      const container = document.createElement('div');
      document.body.append(container);
      container.innerHTML = renderToString(<TextWidget {...props(() => undefined)} />);
      container.querySelector('input')!.value = typed;
      const onChange = vi.fn();
      const root = await act(async () => hydrateRoot(container, <TextWidget {...props(onChange)} />));
      expect(container.querySelector('input')!.value).toBe(typed ? '(510) 555-0142' : '');
      expect(onChange.mock.calls).toEqual(typed ? [['(510) 555-0142']] : []);
      act(() => root.unmount());
      container.remove();
    }
  });

  it('drawn on the server, keeps what was typed before hydration when its effects run a second time (StrictMode), masked or not', async () => {
    for (const mask of [getMask('vin'), null]) {
      const props = (onChange: (value: unknown) => void) => widgetProps({ id: 'vin', label: 'VIN', mask, onChange });
      const container = document.createElement('div');
      document.body.append(container);
      container.innerHTML = renderToString(<TextWidget {...props(() => undefined)} />);
      const drawn = container.querySelector('input');
      if (!drawn) throw new Error('The widget drew no input');
      drawn.value = '5EXMA1B20HC000101';
      const onChange = vi.fn();
      // The stored value stays empty here (the caller has not stored the report yet): the field must not be emptied.
      const root = await act(async () =>
        hydrateRoot(
          container,
          <StrictMode>
            <TextWidget {...props(onChange)} />
          </StrictMode>,
        ),
      );
      // The input the server drew, taken over, not drawn again.
      expect(container.querySelector('input')).toBe(drawn);
      expect(drawn.value).toBe('5EXMA1B20HC000101');
      expect(onChange).toHaveBeenLastCalledWith('5EXMA1B20HC000101');
      act(() => root.unmount());
      container.remove();
    }
  });

  it('shows only the first unique message, tied to the input by aria-describedby', () => {
    render(<TextWidget {...widgetProps({ id: 'vin', label: 'VIN', errors: ['Enter an answer', 'Enter an answer', 'Too long'] })} />);
    const input = screen.getByLabelText('VIN');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe('vin-error');
    const box = document.getElementById('vin-error');
    expect(box?.textContent).toBe('Enter an answer');
    expect(input.closest('.cf-field')?.className).toContain('cf-field--error');
  });

  it('has no error class, description or aria-invalid without errors', () => {
    render(<TextWidget {...widgetProps({ label: 'Name', touched: true })} />);
    const input = screen.getByLabelText('Name');
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(input.getAttribute('aria-describedby')).toBeNull();
    expect(input.closest('.cf-field')?.className).toContain('cf-field--touched');
    expect(input.closest('.cf-field')?.className).not.toContain('cf-field--error');
  });

  it('puts prepended and appended text around the input', () => {
    render(<TextWidget {...widgetProps({ label: 'Amount', inputGroup: { prepend: '$', append: 'USD' } })} />);
    const group = screen.getByLabelText('Amount').closest('.cf-input-group');
    expect(group?.textContent).toBe('$USD');
  });

  it('refuses a config naming another component, word for word', () => {
    expect(() => render(<TextWidget {...widgetProps({ componentName: 'textarea' })} />)).toThrow(
      'The value for componentName of a text was specified as something other than text, probably in the pageConfig object.',
    );
  });
});
