import { assertComponentName, asText, describedBy, FieldErrors, FieldHelp, FieldLabel, fieldClass, uniqueMessages } from './field-parts';
import type { FieldWidgetProps } from './types';
import { useDrawnAnswer } from './use-drawn-answer';

/** Radio buttons in a fieldset whose legend is the label. Shows the first message. */
export function RadioWidget(props: FieldWidgetProps) {
  assertComponentName(RadioWidget.componentName, props.componentName);
  const { id } = props;
  const current = asText(props.value);
  const shown = uniqueMessages(props.errors).slice(0, 1);
  const described = describedBy(id, Boolean(props.help), shown.length > 0);
  const ref = useDrawnAnswer<HTMLFieldSetElement>((element) => element.querySelector<HTMLInputElement>('input[type="radio"]:checked')?.value, current, props.onChange);
  return (
    <fieldset
      ref={ref}
      role="radiogroup"
      className={fieldClass('radio', shown, props.touched, props.disabled)}
      id={id}
      disabled={props.disabled}
      aria-invalid={shown.length > 0 || undefined}
      aria-describedby={described}
      aria-required={props.required || undefined}
    >
      <FieldLabel as="legend" label={props.label} required={props.required} requiredText={props.requiredText} />
      <FieldHelp id={id} help={props.help} />
      <div className="cf-radio__options">
        {(props.options ?? []).map((option, index) => {
          const optionId = `${id}-${index}`;
          return (
            <div className="cf-check cf-check--radio" key={option.value}>
              <input
                id={optionId}
                type="radio"
                className="cf-check__input"
                name={props.name}
                value={option.value}
                checked={current === option.value}
                aria-invalid={shown.length > 0 || undefined}
                aria-describedby={described}
                onChange={() => props.onChange(option.value)}
                onBlur={props.onBlur}
              />
              <label className="cf-check__label" htmlFor={optionId}>
                {option.label}
              </label>
            </div>
          );
        })}
      </div>
      <FieldErrors id={id} messages={shown} />
    </fieldset>
  );
}
RadioWidget.componentName = 'radio' as const;
