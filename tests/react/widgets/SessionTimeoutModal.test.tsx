import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { formatCountdown, SessionTimeoutModal } from '../../../runtime/widgets/SessionTimeoutModal';
import { makeT } from '../fixtures';

const t = makeT({
  LocKey_Session_WarningTitle: 'Your session is about to expire',
  LocKey_Session_WarningParagraph1: 'Your session will end in {0}.',
  LocKey_Session_WarningParagraph2: 'Select Continue to keep working.',
  LocKey_Session_Continue: 'Continue',
});

describe('the session-timeout warning', () => {
  it('counts down in minutes and seconds', () => {
    expect(formatCountdown(60)).toBe('1:00');
    expect(formatCountdown(59)).toBe('0:59');
    expect(formatCountdown(5)).toBe('0:05');
    expect(formatCountdown(-3)).toBe('0:00');
    render(<SessionTimeoutModal open secondsLeft={42} t={t} onContinue={() => {}} />);
    expect(screen.getByText('Your session will end in 0:42.')).toBeTruthy();
    expect(screen.getByText('Select Continue to keep working.')).toBeTruthy();
  });

  it('is a labelled modal dialog that takes focus; Continue and Escape extend the session', async () => {
    const onContinue = vi.fn();
    render(<SessionTimeoutModal open secondsLeft={30} t={t} onContinue={onContinue} />);
    const dialog = screen.getByRole('alertdialog', { name: 'Your session is about to expire' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Continue' }));
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Continue' }));
    await userEvent.keyboard('{Escape}');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(onContinue).toHaveBeenCalledTimes(2);
  });

  it('renders nothing while closed', () => {
    render(<SessionTimeoutModal open={false} secondsLeft={30} t={t} onContinue={() => {}} />);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
