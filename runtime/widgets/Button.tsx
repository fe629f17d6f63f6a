import { memo, useRef, useState, type ReactNode } from 'react';
import { devError } from '../core/errors';
import { Icon, type IconName } from './Icon';

export type ButtonVariant = 'primary' | 'secondary' | 'outline-primary' | 'outline-secondary';

export interface ButtonProps {
  /** Visible text (already translated). With only an icon, give `ariaLabel`. */
  label?: string | null;
  icon?: IconName | null;
  variant?: ButtonVariant;
  type?: 'button' | 'submit';
  /** Busy while the click handler runs (until its promise settles): a second press is not made. */
  disableOnClick?: boolean;
  /** The router is navigating. */
  isNavigating?: boolean;
  /** A captcha challenge is running. */
  captchaInProgress?: boolean;
  disabled?: boolean;
  ariaLabel?: string;
  className?: string;
  id?: string;
  onClick?: () => void | Promise<unknown>;
  children?: ReactNode;
}

/**
 * The button of spec §2 (four variants, optional icon). Disabled while navigating and while the
 * captcha is in progress; busy while its handler runs (with disableOnClick), which may wait for an
 * upload for minutes: it keeps the focus meanwhile (a disabled button would lose it), is marked
 * aria-disabled and takes no second press.
 */
// Memoized: its output depends on its props and its own state; pages pass stable handlers.
export const Button = memo(function Button(props: ButtonProps) {
  if (!props.label && !props.icon) throw devError('BUTTON_LABEL_OR_ICON');
  const [running, setRunning] = useState(false);
  const runningRef = useRef(false);
  const disabled = Boolean(props.disabled || props.isNavigating || props.captchaInProgress);

  const onClick = async () => {
    if (!props.onClick || runningRef.current) return;
    if (!props.disableOnClick) {
      await props.onClick();
      return;
    }
    runningRef.current = true;
    setRunning(true);
    try {
      await props.onClick();
    } finally {
      runningRef.current = false;
      setRunning(false);
    }
  };

  const variant = props.variant ?? 'primary';
  return (
    <button
      id={props.id}
      type={props.type ?? 'button'}
      className={['cf-button', `cf-button--${variant}`, props.className].filter(Boolean).join(' ')}
      disabled={disabled}
      aria-disabled={(running && !disabled) || undefined}
      aria-busy={running || undefined}
      aria-label={props.ariaLabel}
      onClick={() => void onClick()}
    >
      {props.icon ? <Icon name={props.icon} /> : null}
      {props.label ? <span className="cf-button__label">{props.label}</span> : null}
      {props.children}
    </button>
  );
});
