import { memo, useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { devError, type DevErrorCode } from '../core/errors';
import { findByClientId, getModel, isRepeating, setFieldValue, setFileField, wasEverEdited } from '../core/models';
import type { DocumentFile, DocumentUpload, FieldConfig, FormModel, ModelStoreState } from '../core/types';
import { computeFieldState, fieldDateBounds } from '../core/view/field-state';
import { fieldDomId } from '../core/view/dom-ids';
import { inputHints } from '../core/view/input-hints';
import { afterPointerPress, watchPointerPresses } from './pointer-press';
import { FieldWidget, type ComputedWidgetProps, type FieldHandlers } from './field-widget';
import { translateOr } from './translate';
import type { KeptFields } from './same-fields';
import type { DrawnFieldGroup, FieldGroupProps, PageContext, RenderFieldsArgs } from './types';

export const REQUIRED_TEXT_KEY = 'LocKey_Common_RequiredMarker';

/**
 * The model or record a group of fields edits: the one saved model of its dtoMapping, or the record
 * its client id names. A repeating model's fields always name their record (`missing`: the block
 * drawing them, or the row validating them); a client id given is never empty (spec §8).
 */
export function modelOfFields(store: ModelStoreState, args: Pick<RenderFieldsArgs, 'model' | 'clientId'>, missing: Extract<DevErrorCode, 'CLIENT_ID_NOT_PROVIDED_BLOCK' | 'CLIENT_ID_NOT_PROVIDED_ROW'>): FormModel {
  if (args.clientId === undefined || args.clientId === null) {
    if (isRepeating(args.model, store)) throw devError(missing);
    return getModel(store, args.model);
  }
  if (args.clientId.trim() === '') throw devError('CLIENT_ID_NO_VALUE');
  return findByClientId(store, args.clientId);
}

function widgetProps(field: FieldConfig, model: FormModel, props: DrawnFieldGroup): ComputedWidgetProps | null {
  const { ctx } = props;
  const config = ctx.modelConfig(props.model);
  // A refused Next shows every field's errors, but not those of a record still being written (a draft).
  const isDraft = props.store.drafts.some((d) => d.clientId === model.clientId);
  const entry = props.shown[model.clientId];
  const shown = (ctx.showAllErrors && !isDraft) || entry === 'all' || Boolean(entry?.has(field.key));
  // Messages that do not show are not computed (the field is redrawn on every keystroke).
  const state = computeFieldState(field, model, config, props.scope.models, ctx, { errors: shown });
  // A file field with dependencies still renders, so its widget reports the unsupported configuration.
  if (!state.visible && field.widget !== 'file') return null;
  const t = ctx.t;
  const maskName = state.maskName ?? (field.widget === 'date' ? 'date' : null);
  const bounds = field.widget === 'date' ? fieldDateBounds(field, config, ctx.now) : { min: null, max: null };
  const placeholderKey = field.placeholderKey ?? field.placeholder;
  const id = fieldDomId(props.model, props.clientId ?? null, field.key);
  const hints = inputHints(field, props.model);
  return {
    componentName: field.widget,
    id,
    name: field.key,
    label: t(field.label),
    value: model.fields[field.key] ?? (field.widget === 'checkbox' ? false : null),
    required: state.required,
    disabled: state.disabled,
    errors: refusalOf(ctx, id, state.errors),
    touched: wasEverEdited(props.store, model.clientId, field.key),
    placeholder: placeholderKey ? t(placeholderKey) : undefined,
    help: field.helpKey ? t(field.helpKey) : undefined,
    requiredText: translateOr(t, REQUIRED_TEXT_KEY, '(required)'),
    mask: maskName ? ctx.getMask(maskName) : null,
    inputGroup: field.inputGroupConfig
      ? { prepend: field.inputGroupConfig.prepend && t(field.inputGroupConfig.prepend), append: field.inputGroupConfig.append && t(field.inputGroupConfig.append) }
      : undefined,
    options: field.options ? translatedOptions(field.options, t) : undefined,
    rows: field.rows,
    ...(hints.autocomplete ? { autoComplete: hints.autocomplete } : {}),
    ...(hints.inputType ? { inputType: hints.inputType } : {}),
    ...(hints.inputMode ? { inputMode: hints.inputMode } : {}),
    min: bounds.min,
    max: bounds.max,
    hasDependencies: field.widget === 'file' && (field.dependencies?.length ?? 0) > 0,
    ...(field.widget === 'file' ? uploadOf(props.documents, model.clientId) : {}),
    t,
  };
}

type FieldOptions = NonNullable<FieldConfig['options']>;

/**
 * A field's options in the claimant's language: made once per options list and translator, so
 * that a long list (the ~250 countries) is neither translated again nor compared item by item on
 * every keystroke in the fields around it.
 */
const optionsOf = new WeakMap<FieldOptions, { t: PageContext['t']; made: FieldOptions }>();

function translatedOptions(options: FieldOptions, t: PageContext['t']): FieldOptions {
  let kept = optionsOf.get(options);
  if (kept?.t !== t) optionsOf.set(options, (kept = { t, made: options.map((o) => ({ value: o.value, label: t(o.label) })) }));
  return kept.made;
}

/** The upload of the document chosen for a record's file field, when there is one. */
function uploadOf(documents: readonly DocumentFile[], clientId: string): { upload?: DocumentUpload } {
  const upload = documents.find((d) => d.clientId === clientId)?.upload;
  return upload ? { upload } : {};
}

/** A field's errors with the server's refusal that concerns it (shown whether or not the field was visited). */
function refusalOf(ctx: PageContext, fieldId: string, errors: string[]): string[] {
  const refusal = ctx.refusalErrors?.[fieldId];
  return refusal === undefined || errors.includes(refusal) ? errors : [...errors, refusal];
}

/**
 * The fields of one model or record: each shown field's widget drawn from its view-model state
 * (runtime/core/view), in flow order, in a fieldset with the block's legend (or a plain group
 * without one); edits go to the store through core functions.
 */
export const ModelFields = memo(function ModelFields(props: FieldGroupProps) {
  const { ctx } = props;
  const store = useGroupAnswers(props);
  const group: DrawnFieldGroup = { ...props, store, scope: props.scopeOf(store) };
  const model = modelOfFields(store, props, 'CLIENT_ID_NOT_PROVIDED_BLOCK');
  const clientId = model.clientId;

  // Each field's props are kept with what they were computed from (once fieldInputs is in), and
  // computed again only when that changed: a keystroke computes the typed field and those reading it.
  const kept = useRef<KeptFields>(new Map());
  const shown: ComputedWidgetProps[] = [];
  for (const field of props.fields) {
    const computed = keptField ? keptField(kept.current, field, model, group, widgetProps) : widgetProps(field, model, group);
    if (computed) shown.push(computed);
  }

  // The handlers stay the same for the model (so memoized widgets keep theirs) and read the latest context.
  const ctxRef = useRef(ctx);
  ctxRef.current = ctx;

  // Errors revealed by a blur that a pointer press caused wait until the press has ended: shown
  // at once, they would move the pressed button or option away from under the pointer before the
  // click, and the click would be lost. Waiting ones are dropped when the fields go.
  const waitingBlurs = useRef(new Set<() => void>());
  useEffect(() => {
    watchPointerPresses(document);
    const waiting = waitingBlurs.current;
    return () => {
      for (const cancel of waiting) cancel();
      waiting.clear();
    };
  }, []);

  const handlers = useMemo<FieldHandlers>(
    () => ({
      onFieldChange(field, value) {
        const c = ctxRef.current;
        c.setStore(setFieldValue(c.store, clientId, field, value));
      },
      onFieldBlur(field) {
        const pageId = ctxRef.current.page.id;
        const waiting = waitingBlurs.current;
        let cancel: (() => void) | null = null;
        cancel = afterPointerPress(document, () => {
          if (cancel) waiting.delete(cancel);
          // A press that opened another page leaves that page's errors hidden.
          if (ctxRef.current.page.id === pageId) ctxRef.current.setErrorsShown(clientId, [field], true);
        });
        if (cancel) waiting.add(cancel);
      },
      onFile(field, file) {
        const c = ctxRef.current;
        const type = file.type === '' ? 'unknown' : file.type;
        c.setDocuments([...c.documents.filter((d) => d.clientId !== clientId), { clientId, name: file.name, size: file.size, type, data: file }]);
        c.setStore(setFileField(c.store, clientId, field, { name: file.name, size: file.size, type: file.type }));
        c.setErrorsShown(clientId, [field], true);
      },
    }),
    [clientId],
  );

  const content = shown.map((computed) => <FieldWidget key={computed.name} widgets={ctx.widgets} computed={computed} handlers={handlers} />);
  const legend = props.legendKey ? ctx.t(props.legendKey) : '';
  return (
    <div className="cf-model">
      {legend ? (
        <fieldset className="cf-fieldset">
          <legend className="cf-fieldset__legend">{legend}</legend>
          {content}
        </fieldset>
      ) : (
        <div className="cf-fields">{content}</div>
      )}
    </div>
  );
}, (a, b) => sameGroup?.(a, b) ?? false);

/**
 * The answers a group draws, read by the group itself: the same object while those its fields read
 * are the same (sameGroupAnswers), so that a change elsewhere does not draw it, and a change in it
 * draws it and not the block around it.
 */
function useGroupAnswers(props: FieldGroupProps): ModelStoreState {
  const drawn = useRef<ModelStoreState | null>(null);
  const read = () => {
    const next = props.source.get();
    const last = drawn.current;
    if (last !== null && (last === next || (sameAnswers?.(props, last, next) ?? false))) return last;
    drawn.current = next;
    return next;
  };
  return useSyncExternalStore(props.source.subscribe, read, read);
}

/**
 * When a group of fields may skip a render, and what each of its fields is computed from
 * (same-fields.ts, in a chunk of its own: no start page needs them). Until it is in
 * (loadSameFields, with the later pages' code), every render and every change of the answers
 * draws the group and computes its fields.
 */
let sameGroup: ((a: FieldGroupProps, b: FieldGroupProps) => boolean) | null = null;
let sameAnswers: typeof import('./same-fields').sameGroupAnswers | null = null;
let keptField: typeof import('./same-fields').keptField | null = null;

export function loadSameFields(): Promise<void> {
  return import('./same-fields').then((m) => {
    sameGroup = m.sameFieldGroup;
    sameAnswers = m.sameGroupAnswers;
    keptField = m.keptField;
  });
}
