import { assertComponentName, asText, describedBy, FieldErrors, FieldHelp, FieldLabel, fieldClass, uniqueMessages } from './field-parts';
import type { FieldWidgetProps } from './types';
import { useDrawnAnswer } from './use-drawn-answer';

/** A select whose first, empty option is the (translated) placeholder. Shows the first message. */
export function SelectWidget(props: FieldWidgetProps) {
  assertComponentName(SelectWidget.componentName, props.componentName);
  const { id } = props;
  const shown = uniqueMessages(props.errors).slice(0, 1);
  // The placeholder is no answer: a stored value the options lack shows it, and is kept.
  const ref = useDrawnAnswer<HTMLSelectElement>((element) => element.value || undefined, asText(props.value), props.onChange);
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
        value={asText(props.value)}
        disabled={props.disabled}
        aria-required={props.required || undefined}
        aria-invalid={shown.length > 0 || undefined}
        aria-describedby={describedBy(id, Boolean(props.help), shown.length > 0)}
        onChange={(e) => props.onChange(e.target.value)}
        onBlur={props.onBlur}
      >
        <option value="">{props.placeholder ?? ''}</option>
        {(props.options ?? []).map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldErrors id={id} messages={shown} />
    </div>
  );
}
SelectWidget.componentName = 'select' as const;
