import type { ChangeEvent } from 'react';
import { devError } from '../core/errors';
import { assertComponentName, asText, describedBy, FieldErrors, FieldHelp, FieldLabel, fieldClass, uniqueMessages } from './field-parts';
import type { FieldWidgetProps } from './types';

/**
 * The one file of a change event. Several files and a cleared input are unsupported operations
 * (spec §5, §8): the model holds exactly one file and deleting goes through the record's delete.
 */
export function singleFile(files: ArrayLike<File> | null, hadValue: boolean): File | null {
  const count = files?.length ?? 0;
  if (count > 1) throw devError('MULTI_FILE_INPUT');
  if (count === 0) {
    if (hadValue) throw devError('CLEAR_FILE_INPUT');
    return null;
  }
  return (files as ArrayLike<File>)[0] ?? null;
}

/** One file; the renderer writes its name, size and type onto the model and keeps the File. */
export function FileWidget(props: FieldWidgetProps) {
  assertComponentName(FileWidget.componentName, props.componentName);
  if (props.hasDependencies) throw devError('FILE_FIELD_DEPENDENCY');
  const { id } = props;
  const shown = uniqueMessages(props.errors).slice(0, 1);
  const current = asText(props.value);
  const currentId = `${id}-current`;

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = singleFile(event.target.files, current !== '');
    if (!file) return;
    if (props.onFile) props.onFile(file);
    else props.onChange(file.name);
  };

  const described = [describedBy(id, Boolean(props.help), shown.length > 0), current ? currentId : null].filter(Boolean).join(' ');
  return (
    <div className={fieldClass('file', shown, props.touched, props.disabled)}>
      <FieldLabel htmlFor={id} label={props.label} required={props.required} requiredText={props.requiredText} />
      <FieldHelp id={id} help={props.help} />
      <input
        id={id}
        name={props.name}
        type="file"
        className="cf-file__input"
        accept={props.accept}
        disabled={props.disabled}
        aria-required={props.required || undefined}
        aria-invalid={shown.length > 0 || undefined}
        aria-describedby={described || undefined}
        onChange={onChange}
        onBlur={props.onBlur}
      />
      {current ? (
        <div className="cf-file__current" id={currentId}>
          {current}
        </div>
      ) : null}
      <FieldErrors id={id} messages={shown} />
    </div>
  );
}
FileWidget.componentName = 'file' as const;
