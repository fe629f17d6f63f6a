import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LoadingPlaceholder } from '../../../runtime/widgets/Spinner';

describe('the loading placeholder', () => {
  it('holds a spinner status in a box at least 300px high', () => {
    const { container } = render(<LoadingPlaceholder label="Loading" />);
    expect((container.firstChild as HTMLElement).style.minHeight).toBe('300px');
    expect(screen.getByRole('status').textContent).toBe('Loading');
  });
});
