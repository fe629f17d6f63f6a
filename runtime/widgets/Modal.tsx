import { useEffect, useId, useRef, type ReactNode } from 'react';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export interface ModalProps {
  open: boolean;
  title: string;
  /** Escape does the same as the main button. */
  onEscape: () => void;
  children: ReactNode;
  className?: string;
  /** alertdialog for messages that need an answer. */
  role?: 'dialog' | 'alertdialog';
  /** Id(s) of the text that describes the dialog: read with its title when it opens. */
  describedBy?: string;
}

/**
 * A modal dialog: aria-modal, labelled by its title, focus moved inside on open, kept inside
 * with Tab/Shift+Tab, Escape handled, and focus returned to where it was on close.
 */
export function Modal(props: ModalProps) {
  const titleId = useId();
  const boxRef = useRef<HTMLDivElement | null>(null);
  const { open, onEscape } = props;

  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement as HTMLElement | null;
    const box = boxRef.current;
    const first = box?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? box)?.focus();
    return () => previous?.focus?.();
  }, [open]);

  if (!open) return null;

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onEscape();
      return;
    }
    if (event.key !== 'Tab' || !boxRef.current) return;
    const items = [...boxRef.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    if (items.length === 0) {
      event.preventDefault();
      return;
    }
    const first = items[0] as HTMLElement;
    const last = items[items.length - 1] as HTMLElement;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <div className="cf-modal-backdrop">
      <div
        ref={boxRef}
        className={['cf-modal', props.className].filter(Boolean).join(' ')}
        role={props.role ?? 'dialog'}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={props.describedBy}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <h2 className="cf-modal__title" id={titleId}>
          {props.title}
        </h2>
        {props.children}
      </div>
    </div>
  );
}
