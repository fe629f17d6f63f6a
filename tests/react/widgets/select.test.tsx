import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { LONG_OPTION_LIST, SelectWidget } from '../../../runtime/widgets/select';
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

  it('draws a long list with its chosen option first and every option in the frame after', async () => {
    const options = Array.from({ length: LONG_OPTION_LIST + 50 }, (_, i) => ({ value: `c${i}`, label: `Country ${i}` }));
    render(<SelectWidget {...widgetProps({ componentName: 'select', label: 'Country', placeholder: 'Choose one', value: 'c7', options })} />);
    const select = screen.getByLabelText('Country') as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toEqual(['Choose one', 'Country 7']);
    expect(select.value).toBe('c7');
    await waitFor(() => expect(select.options).toHaveLength(options.length + 1));
    expect(select.value).toBe('c7');
    await userEvent.selectOptions(select, 'c120');
  });

  it('refuses a config naming another component, word for word', () => {
    expect(() => render(<SelectWidget {...widgetProps({ componentName: 'text' })} />)).toThrow(
      'The value for componentName of a select was specified as something other than select, probably in the pageConfig object.',
    );
  });
});
