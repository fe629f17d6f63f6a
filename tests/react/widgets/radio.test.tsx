import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { RadioWidget } from '../../../runtime/widgets/radio';
import { widgetProps } from '../fixtures';

const options = [
  { value: 'own', label: 'Own' },
  { value: 'lease', label: 'Lease' },
];

describe('the radio widget', () => {
  it('groups its options in a fieldset whose legend is the label, with the required marker', () => {
    render(<RadioWidget {...widgetProps({ componentName: 'radio', label: 'Ownership', required: true, options })} />);
    const group = screen.getByRole('radiogroup', { name: /Ownership/ });
    expect(group.tagName).toBe('FIELDSET');
    expect(group.querySelector('legend')?.textContent).toBe('Ownership* (required)');
    expect(screen.getByLabelText('Own')).toBeTruthy();
  });

  it('reports the chosen value', async () => {
    const onChange = vi.fn();
    render(<RadioWidget {...widgetProps({ componentName: 'radio', label: 'Ownership', options, onChange })} />);
    await userEvent.click(screen.getByLabelText('Lease'));
    expect(onChange).toHaveBeenCalledWith('lease');
  });

  it('shows the first message tied to the group', () => {
    render(<RadioWidget {...widgetProps({ componentName: 'radio', id: 'o', label: 'Ownership', options, errors: ['Enter an answer', 'Other'] })} />);
    expect(document.getElementById('o-error')?.textContent).toBe('Enter an answer');
    expect(screen.getByRole('radiogroup').getAttribute('aria-describedby')).toBe('o-error');
  });

  it('refuses a config naming another component, word for word', () => {
    expect(() => render(<RadioWidget {...widgetProps({ componentName: 'select' })} />)).toThrow(
      'The value for componentName of a radio was specified as something other than radio, probably in the pageConfig object.',
    );
  });
});
