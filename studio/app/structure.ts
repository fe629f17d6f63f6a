/**
 * The shape of a flow as the studio changes it: a page or a block added, removed or moved. Each
 * function returns a new value and leaves its arguments as they were (the history keeps them).
 * A new page or block starts as the smallest thing the flow schema accepts; the localization keys
 * it names are new, and the editor asks for their texts in every culture.
 */
import { isRecord } from '../json';

/** A block as it is being edited: its kind is fixed; a property or a field's key may be cleared in its form. */
export interface BlockValue {
  block: string;
  model?: string;
  fields?: Array<Record<string, unknown>>;
  [name: string]: unknown;
}

/** A page as it is being edited: its id, route or title key may be cleared in its form (the checker then says so). */
export interface PageValue {
  id?: string;
  path?: string;
  titleKey?: string;
  blocks: BlockValue[];
  [name: string]: unknown;
}

export interface FlowValue {
  formType: string;
  models?: string[];
  pages: PageValue[];
  [name: string]: unknown;
}

/** The model configs of models.json, as far as the studio reads them here. */
export interface ModelsValue {
  models: Array<{ metadata: { formType: string; dtoMapping: string }; fields: Record<string, unknown> }>;
}

const isOptionalString = (value: unknown) => value === undefined || typeof value === 'string';

const isBlockValue = (value: unknown): value is BlockValue =>
  isRecord(value) && typeof value.block === 'string' && isOptionalString(value.model) && (value.fields === undefined || (Array.isArray(value.fields) && value.fields.every(isRecord)));

const isPageValue = (value: unknown): value is PageValue =>
  isRecord(value) && isOptionalString(value.id) && isOptionalString(value.path) && isOptionalString(value.titleKey) && Array.isArray(value.blocks) && value.blocks.every(isBlockValue);

/** A flow document with the shape the page editor changes. */
export const isFlowValue = (value: unknown): value is FlowValue =>
  isRecord(value) &&
  typeof value.formType === 'string' &&
  (value.models === undefined || (Array.isArray(value.models) && value.models.every((model) => typeof model === 'string'))) &&
  Array.isArray(value.pages) &&
  value.pages.every(isPageValue);

/** A page's settings as its form gives them back (its blocks are edited apart). */
export function pageSettingsOf(formData: unknown): Omit<PageValue, 'blocks'> {
  if (!isRecord(formData)) return {};
  const { id, path, titleKey, blocks: _blocks, ...rest } = formData;
  return { ...rest, ...(typeof id === 'string' && { id }), ...(typeof path === 'string' && { path }), ...(typeof titleKey === 'string' && { titleKey }) };
}

/** A block's own properties as its form gives them back (its kind and fields are kept apart). */
export function blockPropertiesOf(formData: unknown): Omit<BlockValue, 'block'> {
  if (!isRecord(formData)) return {};
  const { model, block: _block, fields: _fields, ...rest } = formData;
  return { ...rest, ...(typeof model === 'string' && { model }) };
}

const PAGE_ID = /^[a-z][a-z0-9-]*$/;

/** vehicle-use → VehicleUse: the area of a page's localization keys. */
export const keyArea = (pageId: string): string =>
  pageId
    .split('-')
    .filter(Boolean)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');

/** `items` with the item at `from` moved to `to`. */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  const moved = next.splice(from, 1);
  next.splice(to, 0, ...moved);
  return next;
}

/** Why `id` cannot name a new page (its pattern, or a page of any flow has it), or undefined when it can. */
export function pageIdProblem(id: string, flows: readonly FlowValue[]): 'pattern' | 'taken' | undefined {
  if (!PAGE_ID.test(id)) return 'pattern';
  if (flows.some((flow) => flow.pages.some((page) => page.id === id))) return 'taken';
  return undefined;
}

/**
 * A new page `id` for a flow, placed after the page `after`: its route beside that page's (or
 * under the form's first route), a title key of its own shown by a heading, and the next button.
 */
export function newPage(flow: FlowValue, after: number, id: string): PageValue {
  const beside = flow.pages[after] ?? flow.pages[0];
  const besidePath = beside?.path ?? '';
  const base = besidePath.split('/').length > 2 ? besidePath.replace(/\/[^/]*$/, '') : besidePath.replace(/\/$/, '');
  const titleKey = `LocKey_${keyArea(id)}_Title`;
  return {
    id,
    path: `${base}/${id}`,
    titleKey,
    requiresAuthorization: true,
    sessionTimeout: true,
    action: 'next',
    blocks: [{ block: 'header', element: 'h1', textKey: titleKey }],
  };
}

/** The flow with `page` inserted at `index`. */
export const withPage = (flow: FlowValue, index: number, page: PageValue): FlowValue => ({ ...flow, pages: [...flow.pages.slice(0, index), page, ...flow.pages.slice(index)] });

/** The flow without its page at `index`. */
export const withoutPage = (flow: FlowValue, index: number): FlowValue => ({ ...flow, pages: flow.pages.filter((_, i) => i !== index) });

/** The flow with its page at `index` changed by `change`. */
export const withPageChanged = (flow: FlowValue, index: number, change: (page: PageValue) => PageValue): FlowValue => ({
  ...flow,
  pages: flow.pages.map((page, i) => (i === index ? change(page) : page)),
});

/** The kinds of block a page may have (the flow schema's `block` values). */
export const BLOCK_KINDS = ['header', 'copy', 'model', 'address', 'records', 'feedback', 'captcha', 'summary', 'confirmation', 'lookupResult'] as const;
export type BlockKind = (typeof BLOCK_KINDS)[number];

/**
 * A new block of `kind` for page `page` of `flow`: the smallest the schema accepts, on the flow's
 * first model and that model's first field where it needs them (models.json), with new keys
 * named after the page (LocKey_<Page>_Heading…).
 */
export function newBlock(kind: BlockKind, flow: FlowValue, page: PageValue, models: ModelsValue | undefined): BlockValue {
  const area = keyArea(page.id ?? '');
  const model = flow.models?.[0] ?? 'Model';
  const config = models?.models.find((m) => m.metadata.formType === flow.formType && m.metadata.dtoMapping === model);
  const fieldKey = Object.keys(config?.fields ?? {})[0] ?? 'value';
  const field = { key: fieldKey, widget: 'text', label: `LocKey_${area}_${keyArea(fieldKey.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`))}` };
  switch (kind) {
    case 'header':
      return { block: kind, element: 'h2', textKey: `LocKey_${area}_Heading` };
    case 'copy':
      return { block: kind, paragraphs: [`LocKey_${area}_Intro`] };
    case 'model':
      return { block: kind, model, fields: [field] };
    case 'address':
      return { block: kind, model, international: false };
    case 'records':
      return { block: kind, model, fields: [field], displayFields: [fieldKey] };
    case 'feedback':
      return { block: kind, variant: 'default', textKey: `LocKey_${area}_Notice` };
    case 'captcha':
      return { block: kind };
    case 'summary':
      return { block: kind, groups: [{ titleKey: `LocKey_${area}_Summary`, editPage: flow.pages[0]?.id ?? page.id ?? '', model, fields: [fieldKey] }] };
    case 'confirmation':
      return { block: kind, textKey: `LocKey_${area}_Confirmation` };
    case 'lookupResult':
      return { block: kind, successKey: `LocKey_${area}_Success`, warningKey: `LocKey_${area}_Warning` };
  }
}
