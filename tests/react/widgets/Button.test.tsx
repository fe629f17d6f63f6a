import { render, screen } from '@testing-library/react';
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

  it('is disabled while its click handler runs when disableOnClick is on', async () => {
    let finish: () => void = () => {};
    render(<Button label="Submit" disableOnClick onClick={() => new Promise<void>((r) => (finish = r))} />);
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByRole('button', { name: 'Submit' })).toHaveProperty('disabled', true);
    finish();
    await screen.findByRole('button', { name: 'Submit' });
    await new Promise((r) => setTimeout(r, 0));
    expect(screen.getByRole('button', { name: 'Submit' })).toHaveProperty('disabled', false);
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
