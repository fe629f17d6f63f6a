/**
 * The settlement's other files — settings, deadlines, site chrome, captcha, forms, whitelist —
 * each edited in a form @rjsf/core generates from its schema (schemas/settlement/), validated as
 * you type; saved like every other edit: checked first, written path by path.
 */
import { useRef, useState } from 'react';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import captchaSchema from '../../schemas/settlement/captcha.schema.json';
import deadlinesLegacySchema from '../../schemas/settlement/deadlines.legacy.schema.json';
import deadlinesSchema from '../../schemas/settlement/deadlines.schema.json';
import formsSchema from '../../schemas/settlement/forms.schema.json';
import settingsSchema from '../../schemas/settlement/settings.schema.json';
import siteSchema from '../../schemas/settlement/site.schema.json';
import statusesSchema from '../../schemas/settlement/statuses.schema.json';
import whitelistSchema from '../../schemas/settlement/whitelist.schema.json';
import { useStudio } from './context';
import { definedJson, withoutAddedHollowObjects } from './formData';
import { localeKeyUi } from './localeKeyUi';
import { SchemaForm } from './SchemaForm';
import { isSchema } from './schemas';
import { t } from './texts';
import { SETTLEMENT_FILE_TEMPLATES } from './objectTemplates';
import { LocaleKeyWidget, TimeZoneField } from './widgets';

/** Each settlement file's schema (as tooling/flow/check-folder's SETTLEMENT_FILES pairs them), without its $id: rjsf resolves its references within it. */
const SCHEMAS: Record<string, RJSFSchema> = Object.fromEntries(
  Object.entries({
    'deadlines.json': deadlinesSchema,
    'deadlines.legacy.json': deadlinesLegacySchema,
    'captcha.json': captchaSchema,
    'settings.json': settingsSchema,
    'site.json': siteSchema,
    'forms.json': formsSchema,
    'whitelist.json': whitelistSchema,
    'statuses.json': statusesSchema,
  }).flatMap(([name, schema]): Array<[string, RJSFSchema]> => {
    if (!isSchema(schema)) return [];
    const { $id: _id, ...rest } = schema;
    return [[name, rest]];
  }),
);

const ui: UiSchema = { 'ui:submitButtonOptions': { norender: true }, $schema: { 'ui:widget': 'hidden' } };
/** deadlines.json's time zone (a spec name or an IANA name) is picked from a searchable list. */
const OWN_UIS: Record<string, UiSchema> = {
  'deadlines.json': { timeZone: { 'ui:field': 'timeZone', 'ui:fieldReplacesAnyOrOneOf': true } },
};
/**
 * Each file's uiSchema: a locale key (site.json's link labels, banner lines…) gets the page
 * editor's picker, a time zone its list, and the rarely changed properties go under "More".
 */
const UIS: Record<string, UiSchema> = Object.fromEntries(
  Object.entries(SCHEMAS).map(([name, schema]) => {
    const template = SETTLEMENT_FILE_TEMPLATES[name];
    return [name, { ...ui, ...localeKeyUi(schema), ...OWN_UIS[name], ...(template ? { 'ui:ObjectFieldTemplate': template } : {}) }];
  }),
);
const widgets = { localeKey: LocaleKeyWidget };
const fields = { timeZone: TimeZoneField };

export function SettlementFiles({ ids }: { ids: readonly string[] }) {
  const { docs, edit } = useStudio();
  const editable = ids.filter((id) => SCHEMAS[id] !== undefined);
  const [selected, setSelected] = useState(editable[0]);
  const heading = useRef<HTMLHeadingElement>(null);
  const id = selected && editable.includes(selected) ? selected : editable[0];
  const schema = id === undefined ? undefined : SCHEMAS[id];
  if (!id || !schema) return <p>{t('noSettlementFiles')}</p>;
  return (
    <div className="models-view">
      <nav className="model-list" aria-labelledby="settlement-files-heading">
        <h2 id="settlement-files-heading">{t('settlementFiles')}</h2>
        <ul>
          {editable.map((name) => (
            <li key={name}>
              <button
                type="button"
                aria-current={name === id ? 'true' : undefined}
                onClick={() => {
                  setSelected(name);
                  requestAnimationFrame(() => heading.current?.focus());
                }}
              >
                {name}
              </button>
            </li>
          ))}
        </ul>
      </nav>
      <section className="model-editor editor" aria-labelledby="settlement-file-heading">
        <h2 id="settlement-file-heading" tabIndex={-1} ref={heading}>
          {id}
        </h2>
        <SchemaForm
          key={id}
          idPrefix={`settlement_${id.replace(/\W/g, '_')}`}
          schema={schema}
          uiSchema={UIS[id]}
          widgets={widgets}
          fields={fields}
          formData={docs[id]}
          onChange={(e) => edit((d) => ({ ...d, [id]: withoutAddedHollowObjects(definedJson(e.formData), d[id]) }))}
        />
      </section>
    </div>
  );
}
