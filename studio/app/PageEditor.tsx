/**
 * The editor of one page: its settings (title key, route, skip rule, action…) and the fields of
 * each block that has fields, in forms @rjsf/core generates from schemas/flow.schema.json's own
 * subschemas, validated as you type by ajv (with ajv-formats) through @rjsf/validator-ajv8.
 */
import { useEffect, useRef } from 'react';
import Form from '@rjsf/core';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';
import flowSchema from '../../schemas/flow.schema.json';
import { useStudio } from './context';
import { ConditionField, LocaleKeyWidget } from './widgets';
import { t } from './texts';

const definitions = flowSchema.definitions as Record<string, RJSFSchema>;

/** The page's schema without its blocks (edited block by block below). */
const pageSettingsSchema: RJSFSchema = (() => {
  const page = definitions.page as RJSFSchema & { properties: Record<string, RJSFSchema>; required: string[] };
  const { blocks: _blocks, ...properties } = page.properties;
  return { ...page, properties, required: page.required.filter((name) => name !== 'blocks'), definitions };
})();

const fieldsSchema: RJSFSchema = { type: 'array', minItems: 1, items: { $ref: '#/definitions/field' }, definitions };

const localeKey = { 'ui:widget': 'localeKey' };
/** A condition is one JSON text: it replaces rjsf's choice between the condition's oneOf shapes. */
const condition = { 'ui:field': 'condition', 'ui:fieldReplacesAnyOrOneOf': true };
const noSubmit = { 'ui:submitButtonOptions': { norender: true } };

// inFlow is true when absent: a select shows "absent" as such, where a checkbox would show false.
const pageSettingsUi: UiSchema = { ...noSubmit, titleKey: localeKey, actionLabelKey: localeKey, skipWhen: condition, inFlow: { 'ui:widget': 'select' } };
const fieldsUi: UiSchema = {
  ...noSubmit,
  items: {
    label: localeKey,
    helpKey: localeKey,
    placeholder: localeKey,
    placeholderKey: localeKey,
    options: { items: { label: localeKey } },
    dependencies: { items: { when: condition } },
  },
};

/** The form adds nothing the file does not say: no defaults, no empty items for minItems. */
const noDefaults = { arrayMinItems: { populate: 'never' }, emptyObjectFields: 'skipDefaults', allOf: 'skipDefaults', constAsDefaults: 'never' } as const;

const widgets = { localeKey: LocaleKeyWidget };
const fields = { condition: ConditionField };

interface Block {
  block: string;
  model?: string;
  fields?: unknown[];
}
interface Page {
  id: string;
  blocks: Block[];
  [name: string]: unknown;
}
interface Flow {
  pages: Page[];
}

/** Drops the properties rjsf leaves undefined, so they are not taken for changes. */
function defined<T>(value: T): T {
  return JSON.parse(JSON.stringify(value ?? null)) as T;
}

export function PageEditor({ flowId, pageIndex, onClose }: { flowId: string; pageIndex: number; onClose(): void }) {
  const { docs, edit } = useStudio();
  const heading = useRef<HTMLHeadingElement>(null);
  const flow = docs[flowId] as Flow;
  const page = flow.pages[pageIndex]!;
  const { blocks, ...settings } = page;

  useEffect(() => heading.current?.focus(), [flowId, pageIndex]);

  const changePage = (next: (page: Page) => Page) =>
    edit((d) => {
      const current = d[flowId] as Flow;
      const pages = current.pages.map((p, i) => (i === pageIndex ? next(p) : p));
      return { ...d, [flowId]: { ...current, pages } };
    });

  const idBase = `${flowId.replace(/\W/g, '_')}_${pageIndex}`;
  return (
    <section className="editor" aria-labelledby="editor-heading" onKeyDown={(e) => e.key === 'Escape' && onClose()}>
      <div className="editor-head">
        <h2 id="editor-heading" tabIndex={-1} ref={heading}>
          {t('editPage', { id: page.id })}
        </h2>
        <button type="button" onClick={onClose}>
          {t('close')}
        </button>
      </div>
      <h3>{t('pageSettings')}</h3>
      <Form
        key={`${idBase}-settings`}
        idPrefix={`${idBase}_page`}
        schema={pageSettingsSchema}
        uiSchema={pageSettingsUi}
        formData={settings}
        validator={validator}
        widgets={widgets}
        fields={fields}
        liveValidate="onChange"
        showErrorList={false}
        noHtml5Validate
        experimental_defaultFormStateBehavior={noDefaults}
        onChange={(e) => changePage((p) => ({ ...defined(e.formData as Record<string, unknown>), blocks: p.blocks }) as Page)}
      />
      {blocks.map((block, blockIndex) =>
        block.fields ? (
          <div key={`${idBase}-block-${blockIndex}`} className="block-fields">
            <h3>{t('fieldsOf', { n: blockIndex + 1, model: block.model ?? block.block })}</h3>
            <Form
              idPrefix={`${idBase}_block${blockIndex}`}
              schema={fieldsSchema}
              uiSchema={fieldsUi}
              formData={block.fields}
              validator={validator}
              widgets={widgets}
              fields={fields}
              liveValidate="onChange"
              showErrorList={false}
              noHtml5Validate
              experimental_defaultFormStateBehavior={noDefaults}
              onChange={(e) =>
                changePage((p) => ({ ...p, blocks: p.blocks.map((b, i) => (i === blockIndex ? { ...b, fields: defined(e.formData as unknown[]) } : b)) }))
              }
            />
          </div>
        ) : null,
      )}
    </section>
  );
}
