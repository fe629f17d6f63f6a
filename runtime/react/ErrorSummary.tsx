import { useEffect, useRef } from 'react';
import { errorLine } from '../core/view/validatePage';
import type { PageFieldError } from './types';

/** Moves focus to a field: its input, or the first input of a radio group or records block. */
export function focusField(fieldId: string, doc: Document = document): boolean {
  const target = doc.getElementById(fieldId);
  if (!target) return false;
  const inner = target.matches('input, select, textarea, button') ? target : target.querySelector<HTMLElement>('input:not([type="hidden"]), select, textarea');
  const el = inner ?? target;
  el.focus();
  el.scrollIntoView?.({ block: 'center' });
  return true;
}

export interface ErrorSummaryProps {
  errors: PageFieldError[];
  /** Translated heading ('There is a problem'). */
  title: string;
  /** Focus the summary when it appears (after a refused Next). Default true. */
  autoFocus?: boolean;
  /** Whether an error is still there: corrected ones leave the list (without moving focus). */
  isOpen?: (error: PageFieldError) => boolean;
}

/**
 * The error summary at the top of a page after a refused Next or sign-in: an alert with a heading
 * and one link per error that moves focus to its field (a message about no field is plain text).
 */
export function ErrorSummary({ errors, title, autoFocus = true, isOpen }: ErrorSummaryProps) {
  const boxRef = useRef<HTMLDivElement | null>(null);
  const count = errors.length;
  useEffect(() => {
    if (autoFocus && count > 0) boxRef.current?.focus();
  }, [autoFocus, count, errors]);
  const open = isOpen ? errors.filter(isOpen) : errors;
  if (open.length === 0) return null;
  return (
    <div className="cf-error-summary" role="alert" tabIndex={-1} ref={boxRef} aria-labelledby="cf-error-summary-title">
      <h2 className="cf-error-summary__title" id="cf-error-summary-title">
        {title}
      </h2>
      <ul className="cf-error-summary__list">
        {open.map((error) => (
          <li key={`${error.fieldId}-${error.message}`}>
            {error.fieldId === '' ? (
              // A message about no field (a failed security check): nothing to link to.
              error.message
            ) : (
              <a
                className="cf-error-summary__link"
                href={`#${error.fieldId}`}
                onClick={(event) => {
                  event.preventDefault();
                  focusField(error.fieldId);
                }}
              >
                {errorLine(error)}
              </a>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
