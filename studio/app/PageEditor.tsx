/**
 * The editor of one page: its settings (title key, route, skip rule, action…), each block's own
 * properties and its fields, in forms @rjsf/core generates from schemas/flow.schema.json's own
 * subschemas, validated as you type by ajv (with ajv-formats) through @rjsf/validator-ajv8; and
 * the page's place in its flow and its blocks: moved, removed, added.
 */
import { useEffect, useRef, useState } from 'react';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import flowSchema from '../../schemas/flow.schema.json';
import { useStudio } from './context';
import { FlowFieldTemplate } from './objectTemplates';
import { SchemaForm } from './SchemaForm';
import { isRecord, itemsOf } from '../json';
import { definedJson } from './formData';
import { definitionOf, definitionsOf } from './schemas';
import {
  BLOCK_KINDS,
  blockPropertiesOf,
  isFlowValue,
  moveItem,
  newBlock,
  newPage,
  pageIdProblem,
  pageSettingsOf,
  withoutPage,
  withPage,
  withPageChanged,
  type BlockKind,
  type BlockValue,
  type FlowValue,
  type PageValue,
} from './structure';
import { ConditionField, ConditionTargetsContext } from './ConditionBuilder';
import { conditionTargets, modelsDocOf } from './conditions';
import { JsonValueField, LocaleKeyWidget } from './widgets';
import { t } from './texts';

const definitions = definitionsOf(flowSchema);

/** The page's schema without its blocks (edited block by block below). */
const pageSettingsSchema: RJSFSchema = (() => {
  const page = definitionOf(definitions, 'page');
  const { blocks: _blocks, ...properties } = page.properties ?? {};
  return { ...page, properties, required: (page.required ?? []).filter((name) => name !== 'blocks'), definitions };
})();

const fieldsSchema: RJSFSchema = { type: 'array', minItems: 1, items: { $ref: '#/definitions/field' }, definitions };

const localeKey = { 'ui:widget': 'localeKey' };
/** A condition is one builder (or JSON text): it replaces rjsf's choice between the condition's oneOf shapes. */
const condition = { 'ui:field': 'condition', 'ui:fieldReplacesAnyOrOneOf': true };
const noSubmit = { 'ui:submitButtonOptions': { norender: true } };

// inFlow is true when absent: a select shows "absent" as such, where a checkbox would show false.
const pageSettingsUi: UiSchema = { ...noSubmit, titleKey: localeKey, actionLabelKey: localeKey, skipWhen: condition, inFlow: { 'ui:widget': 'select' } };
const fieldsUi: UiSchema = {
  ...noSubmit,
  items: {
    'ui:ObjectFieldTemplate': FlowFieldTemplate,
    label: localeKey,
    helpKey: localeKey,
    statusHelpKey: localeKey,
    placeholder: localeKey,
    placeholderKey: localeKey,
    options: { items: { label: localeKey } },
    dependencies: { items: { when: condition } },
  },
};

/** The form adds nothing the file does not say: no defaults, no empty items for minItems. */

const widgets = { localeKey: LocaleKeyWidget };
const fields = { condition: ConditionField, jsonValue: JsonValueField };

/** The block's own properties, without its kind (fixed) and its fields (edited in their own form). */
function blockSchema(kind: string): RJSFSchema | undefined {
  const block = definitions[`${kind}Block`];
  if (!block) return undefined;
  const { block: _kind, fields: _fields, ...properties } = block.properties ?? {};
  if (Object.keys(properties).length === 0) return undefined;
  return { ...block, properties, required: (block.required ?? []).filter((name) => name !== 'block' && name !== 'fields'), definitions };
}

const blockUi: UiSchema = {
  ...noSubmit,
  when: condition,
  textKey: localeKey,
  legendKey: localeKey,
  headerKey: localeKey,
  successKey: localeKey,
  warningKey: localeKey,
  paragraphs: { items: localeKey },
  groups: { items: { titleKey: localeKey } },
  minimumInstances: { when: condition },
  // A records block's required: true, or an object naming its message key (one of two shapes) as JSON.
  required: { 'ui:field': 'jsonValue', 'ui:fieldReplacesAnyOrOneOf': true },
};

/** Focuses the first element one of `selectors` finds, in their order, once React has drawn the change that put it there. */
const focusSoon = (...selectors: string[]) =>
  requestAnimationFrame(() => {
    for (const selector of selectors) {
      const element = document.querySelector<HTMLElement>(selector);
      if (element) return element.focus();
    }
  });

interface Props {
  flowId: string;
  pageIndex: number;
  onClose(): void;
  /** Opens the editor of another page of the same flow (a page moved or added). */
  onSelectPage(pageIndex: number): void;
  /** The page was removed from its flow. */
  onRemoved(pageId: string): void;
}

export function PageEditor({ flowId, pageIndex, onClose, onSelectPage, onRemoved }: Props) {
  const { docs, edit } = useStudio();
  const heading = useRef<HTMLHeadingElement>(null);
  const flowDoc = docs[flowId];
  const flow = isFlowValue(flowDoc) ? flowDoc : undefined;
  const page = flow?.pages[pageIndex];
  const [newId, setNewId] = useState('');
  const [newIdProblem, setNewIdProblem] = useState<string | null>(null);
  const [kind, setKind] = useState<BlockKind>('copy');

  // A page opened (or added) brings the focus to its heading; one moved keeps it on the button moved.
  useEffect(() => heading.current?.focus(), [flowId, page?.id]);

  // The map opens only pages of a flow; a flow file the editor cannot change is left to the checker's problems.
  if (!flow || !page) return null;
  const { blocks, ...settings } = page;
  const pageId = page.id ?? '';
  const modelsDoc = modelsDocOf(docs['models.json']);

  const changeFlow = (change: (flow: FlowValue) => FlowValue) =>
    edit((d) => {
      const current = d[flowId];
      return isFlowValue(current) ? { ...d, [flowId]: change(current) } : d;
    });
  const changePage = (change: (page: PageValue) => PageValue) => changeFlow((f) => withPageChanged(f, pageIndex, change));
  const changeBlocks = (change: (blocks: BlockValue[]) => BlockValue[]) => changePage((p) => ({ ...p, blocks: change(p.blocks) }));

  const movePage = (to: number) => {
    changeFlow((f) => ({ ...f, pages: moveItem(f.pages, pageIndex, to) }));
    onSelectPage(to);
  };
  const addPage = () => {
    const id = newId.trim();
    const flows = Object.entries(docs)
      .filter(([fileId]) => fileId.startsWith('flows/'))
      .map(([, json]) => json)
      .filter(isFlowValue);
    const problem = pageIdProblem(id, flows);
    if (problem) {
      setNewIdProblem(problem === 'pattern' ? t('pageIdPattern') : t('pageIdTaken', { id }));
      focusSoon('#new-page-id');
      return;
    }
    changeFlow((f) => withPage(f, pageIndex + 1, newPage(f, pageIndex, id)));
    setNewId('');
    setNewIdProblem(null);
    onSelectPage(pageIndex + 1);
  };
  const moveBlock = (from: number, to: number, button: 'up' | 'down') => {
    changeBlocks((b) => moveItem(b, from, to));
    focusSoon(`[data-block-index="${to}"] .move-${button}:not(:disabled)`, `[data-block-index="${to}"] .block-heading`);
  };
  const removeBlock = (index: number) => {
    changeBlocks((b) => b.filter((_, i) => i !== index));
    focusSoon('#blocks-heading');
  };
  const addBlock = () => {
    changeBlocks((b) => [...b, newBlock(kind, flow, page, modelsDoc)]);
    focusSoon(`[data-block-index="${blocks.length}"] .block-heading`);
  };

  const idBase = `${flowId.replace(/\W/g, '_')}_${pageIndex}`;
  const pageTargets = conditionTargets(flow, modelsDoc);
  return (
    <section className="editor" aria-labelledby="editor-heading" onKeyDown={(e) => e.key === 'Escape' && onClose()}>
      <div className="editor-head">
        <h2 id="editor-heading" tabIndex={-1} ref={heading}>
          {t('editPage', { id: pageId })}
        </h2>
        <button type="button" onClick={onClose}>
          {t('close')}
        </button>
      </div>
      <div className="item-tools" role="group" aria-label={t('pageTools', { id: pageId })}>
        <button type="button" className="move-up" disabled={pageIndex === 0} onClick={() => movePage(pageIndex - 1)}>
          {t('movePageUp')}
        </button>
        <button type="button" className="move-down" disabled={pageIndex === flow.pages.length - 1} onClick={() => movePage(pageIndex + 1)}>
          {t('movePageDown')}
        </button>
        <button
          type="button"
          className="remove"
          disabled={flow.pages.length === 1}
          onClick={() => {
            changeFlow((f) => withoutPage(f, pageIndex));
            onRemoved(pageId);
          }}
        >
          {t('removePage')}
        </button>
      </div>
      <form
        className="add-page"
        onSubmit={(e) => {
          e.preventDefault();
          addPage();
        }}
      >
        <label htmlFor="new-page-id">{t('newPageId', { id: pageId })}</label>
        <div className="inline">
          <input
            id="new-page-id"
            value={newId}
            spellCheck={false}
            aria-invalid={newIdProblem ? true : undefined}
            aria-describedby={newIdProblem ? 'new-page-id-problem' : undefined}
            onChange={(e) => setNewId(e.target.value)}
          />
          <button type="submit">{t('addPage')}</button>
        </div>
        {newIdProblem && (
          <p id="new-page-id-problem" className="field-errors">
            {newIdProblem}
          </p>
        )}
      </form>
      <h3>{t('pageSettings')}</h3>
      <ConditionTargetsContext.Provider value={pageTargets}>
        <SchemaForm
          key={`${idBase}-settings`}
          idPrefix={`${idBase}_page`}
          schema={pageSettingsSchema}
          uiSchema={pageSettingsUi}
          formData={settings}
          widgets={widgets}
          fields={fields}
          onChange={(e) => changePage((p) => ({ ...pageSettingsOf(definedJson(e.formData)), blocks: p.blocks }))}
        />
      </ConditionTargetsContext.Provider>
      <h3 id="blocks-heading" tabIndex={-1}>
        {t('blocks')}
      </h3>
      {blocks.map((block, blockIndex) => {
        const { block: blockKind, fields: blockFields, ...props } = block;
        const schema = blockSchema(blockKind);
        const headingId = `${idBase}-block-${blockIndex}-heading`;
        const replaceBlock = (next: (b: BlockValue) => BlockValue) => changeBlocks((b) => b.map((item, i) => (i === blockIndex ? next(item) : item)));
        return (
          <ConditionTargetsContext.Provider key={`${idBase}-block-${blockIndex}-${blockKind}`} value={block.model ? conditionTargets(flow, modelsDoc, block.model) : pageTargets}>
            <section className="block" data-block-index={blockIndex} aria-labelledby={headingId}>
              <h4 id={headingId} className="block-heading" tabIndex={-1}>
                {block.model ? t('blockOfModel', { n: blockIndex + 1, kind: blockKind, model: block.model }) : t('blockOf', { n: blockIndex + 1, kind: blockKind })}
              </h4>
              <div className="item-tools" role="group" aria-labelledby={headingId}>
                <button type="button" className="move-up" disabled={blockIndex === 0} aria-describedby={headingId} onClick={() => moveBlock(blockIndex, blockIndex - 1, 'up')}>
                  {t('moveUp')}
                </button>
                <button
                  type="button"
                  className="move-down"
                  disabled={blockIndex === blocks.length - 1}
                  aria-describedby={headingId}
                  onClick={() => moveBlock(blockIndex, blockIndex + 1, 'down')}
                >
                  {t('moveDown')}
                </button>
                <button type="button" className="remove" disabled={blocks.length === 1} aria-describedby={headingId} onClick={() => removeBlock(blockIndex)}>
                  {t('remove')}
                </button>
              </div>
              {schema && (
                <SchemaForm
                  idPrefix={`${idBase}_props${blockIndex}`}
                  schema={schema}
                  uiSchema={blockUi}
                  formData={props}
                  widgets={widgets}
                  fields={fields}
                  onChange={(e) => replaceBlock((b) => ({ block: b.block, ...blockPropertiesOf(definedJson(e.formData)), ...(b.fields ? { fields: b.fields } : {}) }))}
                />
              )}
              {blockFields && (
                <div className="block-fields">
                  <h5>{t('fieldsOf', { n: blockIndex + 1, model: block.model ?? blockKind })}</h5>
                  <SchemaForm
                    idPrefix={`${idBase}_block${blockIndex}`}
                    schema={fieldsSchema}
                    uiSchema={fieldsUi}
                    formData={blockFields}
                    widgets={widgets}
                    fields={fields}
                    onChange={(e) => replaceBlock((b) => ({ ...b, fields: itemsOf(definedJson(e.formData), isRecord) }))}
                  />
                </div>
              )}
            </section>
          </ConditionTargetsContext.Provider>
        );
      })}
      <div className="add-block inline">
        <label htmlFor="new-block-kind">{t('newBlockKind')}</label>
        <select id="new-block-kind" value={kind} onChange={(e) => setKind(BLOCK_KINDS.find((k) => k === e.currentTarget.value) ?? kind)}>
          {BLOCK_KINDS.map((k) => (
            <option key={k} value={k}>
              {k}
            </option>
          ))}
        </select>
        <button type="button" onClick={addBlock}>
          {t('addBlock')}
        </button>
      </div>
    </section>
  );
}
