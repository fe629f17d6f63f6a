import { assertComponentName, describedBy, FieldErrors, FieldHelp, fieldClass, RequiredMarker, uniqueMessages } from './field-parts';
import type { FieldWidgetProps } from './types';
import { useDrawnAnswer } from './use-drawn-answer';

/** A checkbox; a model with no stored boolean starts unchecked (false). Shows the first message. */
export function CheckboxWidget(props: FieldWidgetProps) {
  assertComponentName(CheckboxWidget.componentName, props.componentName);
  const { id } = props;
  const checked = props.value === true || props.value === 'true';
  const shown = uniqueMessages(props.errors).slice(0, 1);
  const ref = useDrawnAnswer<HTMLInputElement>((element) => element.checked, checked, props.onChange);
  return (
    <div className={fieldClass('checkbox', shown, props.touched, props.disabled)}>
      <div className="cf-check">
        <input
          ref={ref}
          id={id}
          name={props.name}
          type="checkbox"
          className="cf-check__input"
          checked={checked}
          disabled={props.disabled}
          aria-required={props.required || undefined}
          aria-invalid={shown.length > 0 || undefined}
          aria-describedby={describedBy(id, Boolean(props.help), shown.length > 0)}
          onChange={(e) => props.onChange(e.target.checked)}
          onBlur={props.onBlur}
        />
        <label className="cf-check__label" htmlFor={id}>
          {props.label}
          {props.required ? <RequiredMarker text={props.requiredText} /> : null}
        </label>
      </div>
      <FieldHelp id={id} help={props.help} />
      <FieldErrors id={id} messages={shown} />
    </div>
  );
}
CheckboxWidget.componentName = 'checkbox' as const;
