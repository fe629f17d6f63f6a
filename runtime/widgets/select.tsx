import { useEffect, useState } from 'react';
import { assertComponentName, asText, describedBy, FieldErrors, FieldHelp, FieldLabel, fieldClass, uniqueMessages } from './field-parts';
import type { FieldWidgetProps } from './types';
import { useDrawnAnswer } from './use-drawn-answer';

/**
 * A list longer than this (the ~250 countries) first draws only its chosen option, and the rest in
 * the frame after: the page it is on shows without first making hundreds of elements that nobody
 * sees until the list is opened.
 */
export const LONG_OPTION_LIST = 100;

/** Whether every option of a long list is drawn: after the first frame that showed its select. */
function useWholeList(long: boolean): boolean {
  const [whole, setWhole] = useState(!long);
  useEffect(() => {
    if (whole || !long) return;
    // After the paint of the page that drew the select, not before it (an effect may run first).
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setWhole(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [whole, long]);
  return whole || !long;
}

/**
 * A chosen option longer than this is also written out under the select: a phone's select shows
 * only its first ~30 characters (a link's label, 'Repair – Bayside Motors – 06/20/2017').
 */
export const LONG_OPTION_LABEL = 30;

/** A select whose first, empty option is the (translated) placeholder. Shows the first message; a long chosen option is written out under it. */
export function SelectWidget(props: FieldWidgetProps) {
  assertComponentName(SelectWidget.componentName, props.componentName);
  const { id } = props;
  const shown = uniqueMessages(props.errors).slice(0, 1);
  // The placeholder is no answer: a stored value the options lack shows it, and is kept.
  const ref = useDrawnAnswer<HTMLSelectElement>((element) => element.value || undefined, asText(props.value), props.onChange);
  const options = props.options ?? [];
  const value = asText(props.value);
  const whole = useWholeList(options.length > LONG_OPTION_LIST);
  const chosen = value === '' ? undefined : options.find((option) => option.value === value)?.label;
  return (
    <div className={fieldClass('select', shown, props.touched, props.disabled)}>
      <FieldLabel htmlFor={id} label={props.label} required={props.required} requiredText={props.requiredText} />
      <FieldHelp id={id} help={props.help} />
      <select
        ref={ref}
        id={id}
        name={props.name}
        autoComplete={props.autoComplete}
        className="cf-input cf-select"
        value={value}
        disabled={props.disabled}
        aria-required={props.required || undefined}
        aria-invalid={shown.length > 0 || undefined}
        aria-describedby={describedBy(id, Boolean(props.help), shown.length > 0)}
        onChange={(e) => props.onChange(e.target.value)}
        onBlur={props.onBlur}
      >
        <option value="">{props.placeholder ?? ''}</option>
        {(whole ? options : options.filter((option) => option.value === value)).map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {chosen !== undefined && chosen.length > LONG_OPTION_LABEL ? (
        <div className="cf-field__help cf-select__chosen" style={{ overflowWrap: 'anywhere' }} aria-hidden="true">
          {chosen}
        </div>
      ) : null}
      <FieldErrors id={id} messages={shown} />
    </div>
  );
}
SelectWidget.componentName = 'select' as const;
