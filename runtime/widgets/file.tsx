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
  return files?.[0] ?? null;
}

/**
 * What the file input accepts: the types the server takes (PDF, JPEG, PNG, HEIC, TIFF), as
 * `image/*` so that phones offer their camera beside the file chooser (`capture` would leave the
 * camera only).
 */
export const DOCUMENT_ACCEPT = 'image/*,application/pdf';

export const FILE_KEYS = {
  uploading: 'LocKey_Documents_Uploading',
  uploaded: 'LocKey_Documents_Uploaded',
  progress: 'LocKey_Documents_UploadProgress',
  choose: 'LocKey_Documents_ChooseFile',
  none: 'LocKey_Documents_NoFileChosen',
} as const;

/**
 * One file; the renderer writes its name, size and type onto the model and keeps the File. Once
 * chosen, the document uploads: a progress bar while it does, its outcome told in a live region,
 * and a refusal (the server's words, naming the document) as the field's error.
 */
export function FileWidget(props: FieldWidgetProps) {
  assertComponentName(FileWidget.componentName, props.componentName);
  if (props.hasDependencies) throw devError('FILE_FIELD_DEPENDENCY');
  const { id, upload } = props;
  const text = (key: string, fallback: string, ...args: string[]) => {
    const translated = props.t ? props.t(key, ...args) : key;
    return translated === key ? fallback : translated;
  };
  // A failed upload's message is the server's text or a localization key (a missing key shows itself).
  const uploadError = upload?.state === 'failed' && upload.error ? (props.t ? props.t(upload.error) : upload.error) : null;
  const shown = uploadError ? [uploadError] : uniqueMessages(props.errors).slice(0, 1);
  const current = asText(props.value);
  const currentId = `${id}-current`;
  const progressId = `${id}-progress`;

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = singleFile(event.target.files, current !== '');
    if (!file) return;
    if (props.onFile) props.onFile(file);
    else props.onChange(file.name);
  };

  let status = '';
  if (upload?.state === 'uploading') status = text(FILE_KEYS.uploading, `Uploading ${current}…`, current);
  else if (upload?.state === 'stored') status = text(FILE_KEYS.uploaded, `${current} is uploaded.`, current);
  else if (uploadError) status = uploadError;

  const described = [describedBy(id, Boolean(props.help), shown.length > 0), current ? currentId : null].filter(Boolean).join(' ');
  return (
    <div className={fieldClass('file', shown, props.touched, props.disabled)} data-upload={upload?.state}>
      <FieldLabel htmlFor={id} label={props.label} required={props.required} requiredText={props.requiredText} />
      <FieldHelp id={id} help={props.help} />
      {/* The browser's own chooser button speaks the browser's language, not the page's: the input
          lies transparent over a button of ours, so a click, a tap or a key still reaches it. */}
      <div className="cf-file__picker">
        <input
          id={id}
          name={props.name}
          type="file"
          className="cf-file__input"
          accept={props.accept ?? DOCUMENT_ACCEPT}
          disabled={props.disabled}
          aria-required={props.required || undefined}
          aria-invalid={shown.length > 0 || undefined}
          aria-describedby={described || undefined}
          onChange={onChange}
          onBlur={props.onBlur}
        />
        <span className="cf-button cf-button--outline-secondary cf-file__choose" aria-hidden="true">
          {text(FILE_KEYS.choose, 'Choose a file')}
        </span>
        {current ? null : (
          <span className="cf-file__none" aria-hidden="true">
            {text(FILE_KEYS.none, 'No file chosen')}
          </span>
        )}
      </div>
      {current ? (
        <div className="cf-file__current" id={currentId}>
          {current}
        </div>
      ) : null}
      {upload?.state === 'uploading' ? (
        <div className="cf-file__progress">
          <label htmlFor={progressId}>{text(FILE_KEYS.progress, `Upload of ${current}`, current)}</label>
          <progress id={progressId} max={upload.total || 1} value={upload.sent} />
        </div>
      ) : null}
      <div className="cf-file__status" role="status">
        {status}
      </div>
      <FieldErrors id={id} messages={shown} />
    </div>
  );
}
FileWidget.componentName = 'file' as const;
