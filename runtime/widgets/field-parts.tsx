import { memo, type ReactNode } from 'react';
import { devError } from '../core/errors';

/** Each widget answers to one name; a config naming another is a page-config mistake (spec §8). */
export function assertComponentName(own: string, given: string): void {
  if (given !== own) throw devError('WRONG_COMPONENT_NAME', own);
}

/** Messages in order, each once. */
export function uniqueMessages(messages: readonly string[]): string[] {
  return [...new Set(messages.filter((m) => m !== ''))];
}

export const errorId = (id: string) => `${id}-error`;
export const helpId = (id: string) => `${id}-help`;

/** aria-describedby of an input: its help and its errors, when present. */
export function describedBy(id: string, hasHelp: boolean, hasError: boolean): string | undefined {
  const ids = [hasHelp ? helpId(id) : null, hasError ? errorId(id) : null].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

/** Class names of a field wrapper: error class when errors exist, touched once edited. */
export function fieldClass(kind: string, errors: readonly string[], touched?: boolean, disabled?: boolean): string {
  return ['cf-field', `cf-field--${kind}`, errors.length > 0 ? 'cf-field--error' : '', touched ? 'cf-field--touched' : '', disabled ? 'cf-field--disabled' : '']
    .filter(Boolean)
    .join(' ');
}

/** The visible asterisk is decorative; screen readers hear the words instead. */
export function RequiredMarker({ text }: { text?: string }) {
  return (
    <>
      <span className="cf-required" aria-hidden="true">
        *
      </span>
      <span className="cf-sr-only"> {text ?? '(required)'}</span>
    </>
  );
}

// Label, help and errors are memoized: a keystroke draws the field's input, these only when their texts change.
export const FieldLabel = memo(function FieldLabel(props: { htmlFor?: string; id?: string; label: string; required: boolean; requiredText?: string; as?: 'label' | 'legend' | 'span' }) {
  const content = (
    <>
      {props.label}
      {props.required ? <RequiredMarker text={props.requiredText} /> : null}
    </>
  );
  if (props.as === 'legend') return <legend className="cf-field__label cf-field__legend">{content}</legend>;
  if (props.as === 'span')
    return (
      <span className="cf-field__label" id={props.id}>
        {content}
      </span>
    );
  return (
    <label className="cf-field__label" htmlFor={props.htmlFor} id={props.id}>
      {content}
    </label>
  );
});

export const FieldHelp = memo(function FieldHelp({ id, help }: { id: string; help?: string }) {
  if (!help) return null;
  return (
    <div className="cf-field__help" id={helpId(id)}>
      {help}
    </div>
  );
});

/** The messages shown under a field; nothing (not even the container) when there are none. */
export const FieldErrors = memo(
  function FieldErrors({ id, messages }: { id: string; messages: readonly string[] }) {
    if (messages.length === 0) return null;
    return (
      <div className="cf-field__error" id={errorId(id)}>
        {messages.map((m) => (
          <span className="cf-field__error-message" key={m}>
            {m}
          </span>
        ))}
      </div>
    );
  },
  // Compared by its messages: a widget makes their list anew on each render.
  (a, b) => a.id === b.id && a.messages.length === b.messages.length && a.messages.every((m, i) => m === b.messages[i]),
);

export function InputGroup({ prepend, append, children }: { prepend?: string; append?: string; children: ReactNode }) {
  if (!prepend && !append) return <>{children}</>;
  return (
    <div className="cf-input-group">
      {prepend ? (
        <span className="cf-input-group__text cf-input-group__text--prepend">
          {prepend}
        </span>
      ) : null}
      {children}
      {append ? (
        <span className="cf-input-group__text cf-input-group__text--append">
          {append}
        </span>
      ) : null}
    </div>
  );
}

/** Stored values as input text: null shows as empty. */
export function asText(value: unknown): string {
  return value === null || value === undefined ? '' : String(value);
}
