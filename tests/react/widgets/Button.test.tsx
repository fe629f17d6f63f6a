import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Button } from '../../../runtime/widgets/Button';

describe('the button', () => {
  it('renders its variant, label and icon', () => {
    render(<Button variant="outline-primary" icon="add" label="Add more" />);
    const button = screen.getByRole('button', { name: 'Add more' });
    expect(button.className).toContain('cf-button--outline-primary');
    expect(button.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
  });

  it('needs a label or an icon, word for word', () => {
    expect(() => render(<Button />)).toThrow('Either label or icon must have a value.');
  });

  it('is busy while its click handler runs when disableOnClick is on: it keeps the focus and takes no second press', async () => {
    let finish: () => void = () => {};
    let presses = 0;
    render(
      <Button
        label="Submit"
        disableOnClick
        onClick={() => {
          presses += 1;
          return new Promise<void>((r) => (finish = r));
        }}
      />,
    );
    const button = screen.getByRole('button', { name: 'Submit' });
    await userEvent.click(button);
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(button.getAttribute('aria-disabled')).toBe('true');
    // Not disabled: a focused disabled button would lose the focus while it waits (an upload may take minutes).
    expect(button).toHaveProperty('disabled', false);
    expect(document.activeElement).toBe(button);
    await userEvent.keyboard('{Enter}');
    await userEvent.click(button);
    expect(presses).toBe(1);
    finish();
    await waitFor(() => expect(button.getAttribute('aria-busy')).toBeNull());
    expect(button.getAttribute('aria-disabled')).toBeNull();
    await userEvent.click(button);
    expect(presses).toBe(2);
  });

  it('is disabled while navigating and while the captcha is in progress', () => {
    render(
      <>
        <Button label="Next" isNavigating />
        <Button label="Continue" captchaInProgress />
      </>,
    );
    expect(screen.getByRole('button', { name: 'Next' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Continue' })).toHaveProperty('disabled', true);
  });
});
