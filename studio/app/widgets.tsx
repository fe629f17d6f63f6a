/**
 * The studio's own rjsf widgets: a localization key (pick an existing key, or create a new one
 * with its text in every culture), a condition (skip rules, dependencies) written as JSON, a
 * rule's target field offered from the model's fields, a rule kind, a JSON value, and a deadline
 * time zone.
 */
import { createContext, useContext, useId, useState } from 'react';
import { RULE_KINDS } from '../../runtime/core/rules/registry';
import type { FieldProps, WidgetProps } from '@rjsf/utils';
import { recordOr } from '../json';
import { cultureOf, localeText, useStudio, withLocaleKey } from './context';
import { t } from './texts';
import { TimeZonePicker } from './TimeZonePicker';

const KEY = /^LocKey_[A-Za-z0-9_]+$/;

export function LocaleKeyWidget(props: WidgetProps) {
  const { docs, localeIds, edit } = useStudio();
  const listId = useId();
  const value = typeof props.value === 'string' ? props.value : '';
  const [texts, setTexts] = useState<Record<string, string>>({});
  const firstLocale = localeIds[0];
  const allKeys = firstLocale ? Object.keys(recordOr(docs[firstLocale])).filter((k) => k !== '$schema') : [];
  const missingIn = localeIds.filter((id) => localeText(docs, id, value) === undefined);
  const isNew = KEY.test(value) && missingIn.length > 0;
  return (
    <div className="locale-key">
      <input
        id={props.id}
        className="locale-key-input"
        list={listId}
        value={value}
        required={props.required}
        disabled={props.disabled || props.readonly}
        aria-invalid={(props.rawErrors?.length ?? 0) > 0 || undefined}
        onChange={(e) => props.onChange(e.target.value === '' ? undefined : e.target.value)}
        onBlur={() => props.onBlur(props.id, props.value)}
        onFocus={() => props.onFocus(props.id, props.value)}
      />
      <datalist id={listId}>
        {allKeys.map((k) => (
          <option key={k} value={k} />
        ))}
      </datalist>
      {value && !isNew && (
        <dl className="locale-key-texts" aria-label={t('localeKeyTexts', { key: value })}>
          {localeIds.map((id) => (
            <div key={id}>
              <dt>{cultureOf(id)}</dt>
              <dd lang={cultureOf(id)}>{localeText(docs, id, value)}</dd>
            </div>
          ))}
        </dl>
      )}
      {isNew && (
        <fieldset className="new-key">
          <legend>{t('newKey', { key: value })}</legend>
          {missingIn.map((id) => {
            const culture = cultureOf(id);
            return (
              <label key={id}>
                {t('textIn', { culture })}
                <input lang={culture} value={texts[culture] ?? ''} onChange={(e) => setTexts({ ...texts, [culture]: e.target.value })} />
              </label>
            );
          })}
          <button
            type="button"
            disabled={missingIn.some((id) => !texts[cultureOf(id)]?.trim())}
            onClick={() => {
              edit((d) => withLocaleKey(d, missingIn, value, texts));
              setTexts({});
            }}
          >
            {t('addKey', { key: value })}
          </button>
        </fieldset>
      )}
    </div>
  );
}

/**
 * A form value typed as JSON text: the text as typed while it does not parse (with the parser's
 * message), the value itself once it does; an empty text leaves the value out.
 */
function useJsonText(props: FieldProps, shown: string) {
  const [draft, setDraft] = useState<{ text: string; error?: string } | null>(null);
  return {
    text: draft?.text ?? shown,
    errors: [...(draft?.error ? [draft.error] : []), ...(props.rawErrors ?? [])],
    change(next: string) {
      if (next.trim() === '') {
        setDraft({ text: next });
        props.onChange(undefined, props.fieldPathId.path);
        return;
      }
      try {
        const parsed: unknown = JSON.parse(next);
        setDraft({ text: next });
        props.onChange(parsed, props.fieldPathId.path);
      } catch (error) {
        setDraft({ text: next, error: t('conditionInvalid', { reason: error instanceof Error ? error.message : String(error) }) });
      }
    },
    blur: () => setDraft((d) => (d?.error ? d : null)),
  };
}

function JsonErrors({ id, errors }: { id: string; errors: string[] }) {
  if (errors.length === 0) return null;
  return (
    <ul className="field-errors" id={`${id}-errors`} role="alert">
      {errors.map((e) => (
        <li key={e}>{e}</li>
      ))}
    </ul>
  );
}

/** A condition as JSON text (ConditionBuilder's other face); the form's validator checks its shape against the flow schema. */
export function ConditionJson(props: FieldProps) {
  const id = props.fieldPathId.$id;
  const json = useJsonText(props, props.formData === undefined ? '' : JSON.stringify(props.formData, null, 2));
  const text = json.text;
  const errors = json.errors;
  return (
    <div className="condition-json-text">
      <label htmlFor={id}>
        {props.name === 'skipWhen' || props.name === 'when' ? `${props.name} — ${t('conditionJson')}` : t('conditionJson')}
      </label>
      <textarea
        id={id}
        rows={Math.min(12, Math.max(3, text.split('\n').length))}
        value={text}
        spellCheck={false}
        aria-describedby={`${id}-help${errors.length ? ` ${id}-errors` : ''}`}
        aria-invalid={errors.length > 0 || undefined}
        onChange={(e) => json.change(e.target.value)}
        onBlur={json.blur}
      />
      <JsonErrors id={id} errors={json.errors} />
    </div>
  );
}

/** The names a rule may point at (the model's fields, and model.field of the form's other models), for NameWidget. */
export const RuleTargetsContext = createContext<readonly string[]>([]);

/** A field name: typed freely, offered from the model's fields (RuleTargetsContext). */
export function NameWidget(props: WidgetProps) {
  const names = useContext(RuleTargetsContext);
  const listId = useId();
  return (
    <>
      <input
        id={props.id}
        list={listId}
        value={typeof props.value === 'string' ? props.value : ''}
        required={props.required}
        disabled={props.disabled || props.readonly}
        spellCheck={false}
        aria-invalid={(props.rawErrors?.length ?? 0) > 0 || undefined}
        onChange={(e) => props.onChange(e.target.value === '' ? undefined : e.target.value)}
        onBlur={() => props.onBlur(props.id, props.value)}
        onFocus={() => props.onFocus(props.id, props.value)}
      />
      <datalist id={listId}>
        {names.map((name) => (
          <option key={name} value={name} />
        ))}
      </datalist>
    </>
  );
}

/** A rule kind: one of those the rule registry knows. */
export function RuleKindWidget(props: WidgetProps) {
  const value = typeof props.value === 'string' ? props.value : '';
  const kinds: readonly string[] = RULE_KINDS.some((kind) => kind === value) || value === '' ? RULE_KINDS : [value, ...RULE_KINDS];
  return (
    <select id={props.id} value={value} required={props.required} aria-invalid={(props.rawErrors?.length ?? 0) > 0 || undefined} onChange={(e) => props.onChange(e.target.value || undefined)}>
      {value === '' && <option value="" />}
      {kinds.map((kind) => (
        <option key={kind} value={kind}>
          {kind}
        </option>
      ))}
    </select>
  );
}

/** A value of any JSON type (a rule's min, max or value: a number, a date text, null…) written as JSON. */
export function JsonValueField(props: FieldProps) {
  const id = props.fieldPathId.$id;
  const json = useJsonText(props, props.formData === undefined ? '' : JSON.stringify(props.formData));
  const text = json.text;
  const errors = json.errors;
  return (
    <div className="json-value-field">
      <label htmlFor={id}>{t('jsonValue', { name: props.schema.title ?? String(props.name) })}</label>
      {typeof props.schema.description === 'string' && (
        <p className="help" id={`${id}-help`}>
          {props.schema.description}
        </p>
      )}
      <input
        id={id}
        value={text}
        spellCheck={false}
        aria-describedby={`${id}-help${errors.length ? ` ${id}-errors` : ''}`}
        aria-invalid={errors.length > 0 || undefined}
        onChange={(e) => json.change(e.target.value)}
        onBlur={json.blur}
      />
      <JsonErrors id={id} errors={json.errors} />
    </div>
  );
}

/** A deadline time zone picked from a searchable list (the schema's "one of two shapes" would show as "Option 1 / Option 2"). */
export function TimeZoneField(props: FieldProps) {
  const id = props.fieldPathId.$id;
  return (
    <div className="time-zone-field">
      <TimeZonePicker id={id} label={props.schema.title ?? String(props.name)} required={props.required} value={typeof props.formData === 'string' ? props.formData : ''} onChange={(zone) => props.onChange(zone === '' ? undefined : zone, props.fieldPathId.path)} />
      {typeof props.schema.description === 'string' && <p className="help">{props.schema.description}</p>}
    </div>
  );
}
