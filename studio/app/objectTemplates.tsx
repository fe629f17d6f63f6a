/**
 * How a generated form lays out an object's properties: those that apply first (a flow field's
 * properties for its widget: a select's options, a textarea's rows), the rarely needed ones under
 * "More". A property that holds a value is always shown, so nothing in the file is hidden away.
 */
import type { ObjectFieldTemplateProps } from '@rjsf/utils';
import { recordOr } from '../json';
import { t } from './texts';

export interface PropertyGroups {
  /** Properties seldom set: drawn under "More". */
  rare: readonly string[];
  /** The properties that apply to this value (by its kind), or undefined when all do. */
  applies?: (value: Readonly<Record<string, unknown>>) => ReadonlySet<string> | undefined;
}

export function groupedObjectTemplate({ rare, applies }: PropertyGroups) {
  return function GroupedObject(props: ObjectFieldTemplateProps) {
    const value = recordOr(props.formData);
    const only = applies?.(value);
    const shown = props.properties.filter((property) => !property.hidden && (!only || only.has(property.name) || value[property.name] !== undefined));
    const common = shown.filter((property) => !rare.includes(property.name));
    const more = shown.filter((property) => rare.includes(property.name));
    return (
      <div className="object-properties">
        {common.map((property) => (
          <div key={property.name}>{property.content}</div>
        ))}
        {more.length > 0 && (
          <details className="more-properties">
            <summary>{t('moreProperties', { count: more.length })}</summary>
            {more.map((property) => (
              <div key={property.name}>{property.content}</div>
            ))}
          </details>
        )}
      </div>
    );
  };
}

/** The properties of a flow field that apply to each widget, besides those every field has. */
const WIDGET_PROPERTIES: Readonly<Record<string, readonly string[]>> = {
  text: ['placeholder', 'maskName', 'secret', 'autocomplete', 'inputType', 'inputMode', 'inputGroupConfig', 'statusHelpKey'],
  textarea: ['placeholder', 'rows', 'autocomplete'],
  date: ['placeholder', 'autocomplete'],
  select: ['options', 'placeholderKey', 'autocomplete'],
  radio: ['options'],
  checkbox: [],
  file: [],
  hidden: [],
};
const EVERY_FIELD = ['key', 'widget', 'label', 'helpKey', 'defaultValue', 'validations', 'messages', 'prepopulatedDataKey', 'overrideEverDirtyFieldConstraint', 'disableRequiredStyling', 'dependencies'];

/** A flow field's form: the properties of its widget, the rare ones under "More". */
export const FlowFieldTemplate = groupedObjectTemplate({
  rare: ['defaultValue', 'messages', 'overrideEverDirtyFieldConstraint', 'disableRequiredStyling', 'secret', 'autocomplete', 'inputType', 'inputMode', 'inputGroupConfig', 'statusHelpKey'],
  applies: (field) => {
    const own = typeof field.widget === 'string' ? WIDGET_PROPERTIES[field.widget] : undefined;
    return own ? new Set([...EVERY_FIELD, ...own]) : undefined;
  },
});

/** Each settlement file's rarely changed properties, drawn under "More". */
export const SETTLEMENT_FILE_TEMPLATES: Readonly<Record<string, ReturnType<typeof groupedObjectTemplate>>> = {
  'settings.json': groupedObjectTemplate({ rare: ['analyticsTagId2', 'captchaEnabled', 'redirectOnError', 'pinAttempts', 'mail', 'fraud'] }),
  'captcha.json': groupedObjectTemplate({ rare: ['class', 'emulator', 'url', 'verifyUrl', 'hostnames', 'timeoutMs'] }),
  'site.json': groupedObjectTemplate({ rare: ['contentHeader', 'wouldLikeTo'] }),
};
