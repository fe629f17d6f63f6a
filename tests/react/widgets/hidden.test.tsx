import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HiddenWidget } from '../../../runtime/widgets/hidden';
import { widgetProps } from '../fixtures';

describe('the hidden widget', () => {
  it('carries its value in a hidden input', () => {
    const { container } = render(<HiddenWidget {...widgetProps({ componentName: 'hidden', name: 'mailingCountry', value: 'US' })} />);
    const input = container.querySelector('input[type="hidden"]') as HTMLInputElement;
    expect(input.value).toBe('US');
  });

  it('refuses a config naming another component, word for word', () => {
    expect(() => render(<HiddenWidget {...widgetProps({ componentName: 'text' })} />)).toThrow(
      'The value for componentName of a hidden was specified as something other than hidden, probably in the pageConfig object.',
    );
  });
});
