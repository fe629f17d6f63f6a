import { useEffect, useRef, type ReactNode } from 'react';

export interface NoticeProps {
  /** One paragraph per line: the server's message first. */
  lines: string[];
  /** Focus the notice when it appears or its text changes (after a refused Submit). Default true. */
  autoFocus?: boolean;
  children?: ReactNode;
}

/**
 * A notice that is not an error of the claimant's (the claim is already filed, the session ended,
 * the service is down): the feedback box's default style with role="status", never under the
 * error summary's "correct the following errors" heading. Focused when it appears, so that a
 * keyboard or screen reader user hears why nothing else happened.
 */
export function Notice({ lines, autoFocus = true, children }: NoticeProps) {
  const boxRef = useRef<HTMLDivElement | null>(null);
  const text = lines.join('\n');
  useEffect(() => {
    if (autoFocus && text !== '') boxRef.current?.focus();
  }, [autoFocus, text]);
  if (lines.length === 0) return null;
  return (
    <div className="cf-notice cf-feedback cf-feedback--default" role="status" tabIndex={-1} ref={boxRef}>
      {lines.map((line, index) => (
        <p key={index}>{line}</p>
      ))}
      {children}
    </div>
  );
}
