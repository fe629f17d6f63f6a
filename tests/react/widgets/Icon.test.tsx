import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Icon, ICON_NAMES } from '../../../runtime/widgets/Icon';

describe('the icon set', () => {
  it('has the eleven registered icons as decorative inline SVG', () => {
    expect(ICON_NAMES).toEqual(['delete', 'contact', 'send', 'edit', 'add', 'confirm', 'info', 'location', 'expand', 'language', 'close']);
    for (const name of ICON_NAMES) {
      const { container } = render(<Icon name={name} />);
      const svg = container.querySelector('svg');
      expect(svg?.getAttribute('aria-hidden')).toBe('true');
      expect(svg?.getAttribute('focusable')).toBe('false');
    }
  });
});
