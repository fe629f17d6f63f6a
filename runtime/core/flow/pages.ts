import type { BlockConfig, FieldConfig, FlowFile, PageConfig } from '../types';

/** The pages next and back walk through, in order (pages with inFlow false are left out). */
export function inFlowPages(flow: FlowFile): PageConfig[] {
  return flow.pages.filter((p) => p.inFlow !== false);
}

/** The page with this id, or undefined. */
export function findPage(flow: FlowFile, id: string): PageConfig | undefined {
  return flow.pages.find((p) => p.id === id);
}

/** Whether the page signs the claimant in (its press authorizes, or looks the VIN up). */
export function signsIn(page: PageConfig | undefined): boolean {
  return page?.action === 'authorize' || page?.action === 'lookup';
}

/** Every route of a page: its path and its aliases. */
export function pageRoutes(page: PageConfig): string[] {
  return [page.path, ...(page.aliases ?? [])];
}

/** The pages of all flows whose path or alias is exactly `path`, with their flow. */
export function pagesForPath(flows: readonly FlowFile[], path: string): Array<{ flow: FlowFile; page: PageConfig }> {
  const found: Array<{ flow: FlowFile; page: PageConfig }> = [];
  for (const flow of flows) for (const page of flow.pages) if (pageRoutes(page).includes(path)) found.push({ flow, page });
  return found;
}

/** The field configs of a block, with the model they belong to (model and records blocks only). */
export function blockFields(block: BlockConfig): { model: string; fields: FieldConfig[] } | null {
  if (block.block === 'model' || block.block === 'records') return { model: block.model, fields: block.fields };
  return null;
}

/** Every field config of a page with its block's model, in page order. */
export function pageFields(page: PageConfig): Array<{ model: string; field: FieldConfig }> {
  const out: Array<{ model: string; field: FieldConfig }> = [];
  for (const block of page.blocks) {
    const owned = blockFields(block);
    if (owned) for (const field of owned.fields) out.push({ model: owned.model, field });
  }
  return out;
}

/** The label key of a model's field as the flow states it (first page that shows it), for summaries. */
export function fieldLabelKey(flow: FlowFile, model: string, field: string): string | undefined {
  for (const page of flow.pages) for (const f of pageFields(page)) if (f.model === model && f.field.key === field) return f.field.label;
  return undefined;
}

/** Every localization key a flow uses (any string value starting with LocKey_), with its JSON pointer. */
export function localizationKeysOf(value: unknown, at = ''): Array<{ key: string; pointer: string }> {
  const out: Array<{ key: string; pointer: string }> = [];
  const walk = (v: unknown, ptr: string) => {
    if (typeof v === 'string') {
      if (v.startsWith('LocKey_')) out.push({ key: v, pointer: ptr });
    } else if (Array.isArray(v)) {
      v.forEach((item, i) => walk(item, `${ptr}/${i}`));
    } else if (v && typeof v === 'object') {
      for (const [k, item] of Object.entries(v)) walk(item, `${ptr}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`);
    }
  };
  walk(value, at);
  return out;
}
