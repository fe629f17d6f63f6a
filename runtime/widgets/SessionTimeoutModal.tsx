import { useId } from 'react';
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

/** Seconds left from which the countdown is announced a second time (the first is when the warning opens). */
export const FINAL_ANNOUNCEMENT_SECONDS = 30;

/**
 * What the warning's live region says: nothing until the last 30 s, then the time left as it
 * was at 30 s. A screen reader hears the warning when it opens (the dialog is described by its
 * text) and once more at 30 s, not on every tick of the visible countdown.
 */
export function finalAnnouncementSeconds(secondsLeft: number): number | null {
  return secondsLeft <= FINAL_ANNOUNCEMENT_SECONDS ? FINAL_ANNOUNCEMENT_SECONDS : null;
}

export interface SessionTimeoutModalProps {
  open: boolean;
  /** Seconds until the session expires. */
  secondsLeft: number;
  t: Translate;
  /** Continue (and Escape) extend the session. */
  onContinue: () => void;
}

/**
 * The warning one minute before the session ends, with a minutes:seconds countdown that ticks on
 * screen every second but is announced only when the warning opens and in the last 30 s.
 */
export function SessionTimeoutModal({ open, secondsLeft, t, onContinue }: SessionTimeoutModalProps) {
  const textId = useId();
  const countdown = formatCountdown(secondsLeft);
  const finalSeconds = finalAnnouncementSeconds(secondsLeft);
  return (
    <Modal
      open={open}
      title={t(SESSION_TIMEOUT_KEYS.title)}
      onEscape={onContinue}
      className="cf-modal--session"
      role="alertdialog"
      describedBy={`${textId}-1 ${textId}-2`}
    >
      <p className="cf-modal__text" id={`${textId}-1`}>
        {t(SESSION_TIMEOUT_KEYS.paragraph1, countdown)}
      </p>
      <p className="cf-modal__text" id={`${textId}-2`}>
        {t(SESSION_TIMEOUT_KEYS.paragraph2, countdown)}
      </p>
      <p className="cf-modal__countdown" aria-hidden="true">
        <time>{countdown}</time>
      </p>
      {/* Present (empty) from the start, so that the text it gets at 30 s is announced. */}
      <p className="cf-sr-only cf-modal__announcement" role="status" aria-atomic="true">
        {finalSeconds === null ? '' : t(SESSION_TIMEOUT_KEYS.paragraph1, formatCountdown(finalSeconds))}
      </p>
      <div className="cf-modal__actions">
        <Button label={t(SESSION_TIMEOUT_KEYS.continue)} variant="primary" onClick={onContinue} />
      </div>
    </Modal>
  );
}
