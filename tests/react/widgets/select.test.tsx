import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SelectWidget } from '../../../runtime/widgets/select';
import { widgetProps } from '../fixtures';

describe('the select widget', () => {
  it('offers its placeholder first, then the options', async () => {
    const onChange = vi.fn();
    render(
      <SelectWidget
        {...widgetProps({ componentName: 'select', label: 'Document type', placeholder: 'Choose one', options: [{ value: 'other', label: 'Other' }], onChange })}
      />,
    );
    const select = screen.getByLabelText('Document type') as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toEqual(['Choose one', 'Other']);
    await userEvent.selectOptions(select, 'other');
    expect(onChange).toHaveBeenCalledWith('other');
  });

  it('refuses a config naming another component, word for word', () => {
    expect(() => render(<SelectWidget {...widgetProps({ componentName: 'text' })} />)).toThrow(
      'The value for componentName of a select was specified as something other than select, probably in the pageConfig object.',
    );
  });
});
