import { Button } from './Button';
import { Modal } from './Modal';
import type { Translate } from './types';

/** Keys of the session-timeout warning (spec §8): a title and two paragraphs; {0} is the countdown. */
export const SESSION_TIMEOUT_KEYS = {
  title: 'LocKey_Session_WarningTitle',
  paragraph1: 'LocKey_Session_WarningParagraph1',
  paragraph2: 'LocKey_Session_WarningParagraph2',
  continue: 'LocKey_Session_Continue',
} as const;

/** 75 seconds -> '1:15'; never negative. */
export function formatCountdown(secondsLeft: number): string {
  const total = Math.max(0, Math.ceil(secondsLeft));
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  return `${minutes}:${String(seconds).padStart(2, '0')}`;
}

export interface SessionTimeoutModalProps {
  open: boolean;
  /** Seconds until the session expires. */
  secondsLeft: number;
  t: Translate;
  /** Continue (and Escape) extend the session. */
  onContinue: () => void;
}

/** The warning one minute before the session ends, with a minutes:seconds countdown. */
export function SessionTimeoutModal({ open, secondsLeft, t, onContinue }: SessionTimeoutModalProps) {
  const countdown = formatCountdown(secondsLeft);
  return (
    <Modal open={open} title={t(SESSION_TIMEOUT_KEYS.title)} onEscape={onContinue} className="cf-modal--session" role="alertdialog">
      <p className="cf-modal__text">{t(SESSION_TIMEOUT_KEYS.paragraph1, countdown)}</p>
      <p className="cf-modal__text">{t(SESSION_TIMEOUT_KEYS.paragraph2, countdown)}</p>
      <p className="cf-modal__countdown" aria-live="polite" aria-atomic="true">
        <time>{countdown}</time>
      </p>
      <div className="cf-modal__actions">
        <Button label={t(SESSION_TIMEOUT_KEYS.continue)} variant="primary" onClick={onContinue} />
      </div>
    </Modal>
  );
}
