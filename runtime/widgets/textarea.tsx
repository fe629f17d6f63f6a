import { assertComponentName, asText, describedBy, FieldErrors, FieldHelp, FieldLabel, fieldClass, uniqueMessages } from './field-parts';
import type { FieldWidgetProps } from './types';
import { useDrawnAnswer } from './use-drawn-answer';

export const DEFAULT_TEXTAREA_ROWS = 5;

/** Multi-line text; shows every (unique) message of the field. */
export function TextareaWidget(props: FieldWidgetProps) {
  assertComponentName(TextareaWidget.componentName, props.componentName);
  const { id } = props;
  const shown = uniqueMessages(props.errors);
  // Compared as the element holds text: its line breaks are single line feeds.
  const ref = useDrawnAnswer<HTMLTextAreaElement>((element) => element.value, asText(props.value).replace(/\r\n?/g, '\n'), props.onChange);
  return (
    <div className={fieldClass('textarea', shown, props.touched, props.disabled)}>
      <FieldLabel htmlFor={id} label={props.label} required={props.required} requiredText={props.requiredText} />
      <FieldHelp id={id} help={props.help} />
      <textarea
        ref={ref}
        id={id}
        name={props.name}
        className="cf-input cf-textarea"
        rows={props.rows ?? DEFAULT_TEXTAREA_ROWS}
        value={asText(props.value)}
        placeholder={props.placeholder}
        disabled={props.disabled}
        aria-required={props.required || undefined}
        aria-invalid={shown.length > 0 || undefined}
        aria-describedby={describedBy(id, Boolean(props.help), shown.length > 0)}
        onChange={(e) => props.onChange(e.target.value)}
        onBlur={props.onBlur}
      />
      <FieldErrors id={id} messages={shown} />
    </div>
  );
}
TextareaWidget.componentName = 'textarea' as const;
