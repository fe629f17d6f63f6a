import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CheckboxWidget } from '../../../runtime/widgets/checkbox';
import { widgetProps } from '../fixtures';

describe('the checkbox widget', () => {
  it('starts unchecked when no boolean is stored and reports true when checked', async () => {
    const onChange = vi.fn();
    render(<CheckboxWidget {...widgetProps({ componentName: 'checkbox', label: 'I attest', value: null, onChange })} />);
    const box = screen.getByLabelText('I attest') as HTMLInputElement;
    expect(box.checked).toBe(false);
    await userEvent.click(box);
    expect(onChange).toHaveBeenCalledWith(true);
  });

  it('shows the first message only', () => {
    render(<CheckboxWidget {...widgetProps({ componentName: 'checkbox', id: 'a', label: 'I attest', errors: ['This box must be checked', 'Enter an answer'] })} />);
    expect(document.getElementById('a-error')?.textContent).toBe('This box must be checked');
    expect(screen.getByLabelText('I attest').getAttribute('aria-invalid')).toBe('true');
  });

  it('refuses a config naming another component, word for word', () => {
    expect(() => render(<CheckboxWidget {...widgetProps({ componentName: 'radio' })} />)).toThrow(
      'The value for componentName of a checkbox was specified as something other than checkbox, probably in the pageConfig object.',
    );
  });
});
