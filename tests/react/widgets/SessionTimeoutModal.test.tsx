import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { finalAnnouncementSeconds, formatCountdown, SessionTimeoutModal } from '../../../runtime/widgets/SessionTimeoutModal';
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

  it('is described by its text when it opens, so the warning and the time left are read with its title', () => {
    render(<SessionTimeoutModal open secondsLeft={60} t={t} onContinue={() => {}} />);
    const dialog = screen.getByRole('alertdialog');
    const description = (dialog.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent)
      .join(' ');
    expect(description).toBe('Your session will end in 1:00. Select Continue to keep working.');
  });

  it('announces the countdown again in the last 30 s only, once, while the visible countdown ticks every second', () => {
    expect(finalAnnouncementSeconds(60)).toBeNull();
    expect(finalAnnouncementSeconds(31)).toBeNull();
    expect(finalAnnouncementSeconds(30)).toBe(30);
    expect(finalAnnouncementSeconds(1)).toBe(30);
    const { rerender } = render(<SessionTimeoutModal open secondsLeft={60} t={t} onContinue={() => {}} />);
    const status = screen.getByRole('status');
    const announced: string[] = [];
    const countdown = () => document.querySelector('.cf-modal__countdown')!;
    // No live region but this one: the ticking countdown is not announced.
    expect(countdown().closest('[aria-live], [role="status"], [role="alert"]')).toBeNull();
    expect(countdown().getAttribute('aria-hidden')).toBe('true');
    for (let seconds = 60; seconds >= 0; seconds -= 1) {
      rerender(<SessionTimeoutModal open secondsLeft={seconds} t={t} onContinue={() => {}} />);
      expect(countdown().textContent).toBe(formatCountdown(seconds));
      if (status.textContent !== (announced.at(-1) ?? '')) announced.push(status.textContent ?? '');
    }
    // The same region throughout (a new one would not be announced), its text changed once.
    expect(screen.getByRole('status')).toBe(status);
    expect(announced).toEqual(['Your session will end in 0:30.']);
  });

  it('renders nothing while closed', () => {
    render(<SessionTimeoutModal open={false} secondsLeft={30} t={t} onContinue={() => {}} />);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
