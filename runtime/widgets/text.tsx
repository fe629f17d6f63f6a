import { assertComponentName, asText, describedBy, FieldErrors, FieldHelp, FieldLabel, fieldClass, InputGroup, uniqueMessages } from './field-parts';
import type { FieldWidgetProps } from './types';
import { useTextMask } from './use-text-mask';

/** Single-line text with an optional input mask and prepended/appended text (spec §2, §5). */
export function TextWidget(props: FieldWidgetProps) {
  assertComponentName(TextWidget.componentName, props.componentName);
  const { id, onChange } = props;
  const { inputRef, onInput } = useTextMask(asText(props.value), props.mask, onChange);
  // Text fields show the first unique message.
  const shown = uniqueMessages(props.errors).slice(0, 1);
  // A masked field places the caret, which an email input does not allow: it stays a text input.
  const type = props.inputType === 'email' && props.mask ? 'text' : (props.inputType ?? 'text');
  return (
    <div className={fieldClass('text', shown, props.touched, props.disabled)}>
      <FieldLabel htmlFor={id} label={props.label} required={props.required} requiredText={props.requiredText} />
      <FieldHelp id={id} help={props.help} />
      <InputGroup prepend={props.inputGroup?.prepend} append={props.inputGroup?.append}>
        <input
          ref={inputRef}
          id={id}
          name={props.name}
          type={type}
          autoComplete={props.autoComplete}
          inputMode={props.inputMode}
          className="cf-input"
          defaultValue={asText(props.value)}
          placeholder={props.placeholder}
          disabled={props.disabled}
          aria-required={props.required || undefined}
          aria-invalid={shown.length > 0 || undefined}
          aria-describedby={describedBy(id, Boolean(props.help), shown.length > 0)}
          onInput={onInput}
          onBlur={props.onBlur}
        />
      </InputGroup>
      <FieldErrors id={id} messages={shown} />
    </div>
  );
}
TextWidget.componentName = 'text' as const;
