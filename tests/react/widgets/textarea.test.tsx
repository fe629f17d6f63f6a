import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TextareaWidget } from '../../../runtime/widgets/textarea';
import { widgetProps } from '../fixtures';

describe('the text area widget', () => {
  it('is labelled and has 5 rows by default', () => {
    render(<TextareaWidget {...widgetProps({ componentName: 'textarea', label: 'Description' })} />);
    expect(screen.getByLabelText('Description').getAttribute('rows')).toBe('5');
  });

  it('shows every unique message under the field', () => {
    render(<TextareaWidget {...widgetProps({ componentName: 'textarea', id: 'd', label: 'Description', errors: ['Too long', 'Bad characters', 'Too long'] })} />);
    const messages = [...(document.getElementById('d-error')?.children ?? [])].map((e) => e.textContent);
    expect(messages).toEqual(['Too long', 'Bad characters']);
    expect(screen.getByLabelText('Description').getAttribute('aria-describedby')).toBe('d-error');
  });

  it('refuses a config naming another component, word for word', () => {
    expect(() => render(<TextareaWidget {...widgetProps({ componentName: 'text' })} />)).toThrow(
      'The value for componentName of a textarea was specified as something other than textarea, probably in the pageConfig object.',
    );
  });
});
