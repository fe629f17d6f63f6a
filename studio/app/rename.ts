/**
 * Renaming a model field everywhere the settlement names it, as one edit: the field in models.json,
 * the rules that point at it (otherProperty, startDateProperty, properties, a nestedRequiredIf's
 * conditions), and in the flows of its form the fields that show it, the conditions that read it
 * (skip rules, dependencies, blocks' conditions), the summaries that list it and the records'
 * fixed values, display fields and linked-record labels. A name is read as the model's own ('isCurrentOwner') inside that model's blocks
 * and rules, and as 'claimDetails.isCurrentOwner' anywhere in the form. The folder's flow fixtures
 * of the form follow too (answers, records, expected errors, values and payload), so they still
 * play after the rename.
 */
import { qualifiedName } from '../../runtime/core/flow/condition-agreement';
import { camelCase } from '../../runtime/core/models/config';
import type { Documents } from './api';

/** Which field: the form, its model (PascalCase dtoMapping) and the field's old and new names. */
export interface FieldRename {
  formType: string;
  model: string;
  from: string;
  to: string;
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The object with key `from` called `to`, in the same place among its keys. */
const renamedKey = (object: Json, from: string, to: string): Json => Object.fromEntries(Object.entries(object).map(([k, v]) => [k === from ? to : k, v]));

/** A name that points at the field (own or qualified), renamed; any other name as it was. */
function renamedName(name: unknown, rename: FieldRename, own: string | undefined): unknown {
  if (typeof name !== 'string') return name;
  if (name === qualifiedName(rename.model, rename.from)) return qualifiedName(rename.model, rename.to);
  if (own === rename.model && name === rename.from) return rename.to;
  return name;
}

/** Every condition within `value` (any depth) with the field's scope renamed, read from `own`'s fields. */
function renamedConditions(value: unknown, rename: FieldRename, own: string | undefined): unknown {
  if (Array.isArray(value)) return value.map((item) => renamedConditions(item, rename, own));
  return isObject(value) ? renamedMemberConditions(value, rename, own) : value;
}

/** renamedConditions of an object's members. */
function renamedMemberConditions(value: Json, rename: FieldRename, own: string | undefined): Json {
  const out: Json = {};
  for (const [key, item] of Object.entries(value)) {
    out[key] = key === 'scope' && isObject(value.schema) ? renamedName(item, rename, own) : renamedConditions(item, rename, own);
  }
  return out;
}

function renamedBlock(block: Json, rename: FieldRename): Json {
  const own = typeof block.model === 'string' ? block.model : undefined;
  let next = renamedMemberConditions(block, rename, own);
  if (own === rename.model) {
    if (Array.isArray(next.fields)) next = { ...next, fields: next.fields.map((f) => (isObject(f) && f.key === rename.from ? { ...f, key: rename.to } : f)) };
    for (const map of ['fixedValues', 'prepopulatedDataKeys']) if (isObject(next[map])) next = { ...next, [map]: renamedKey(next[map], rename.from, rename.to) };
    if (Array.isArray(next.displayFields)) next = { ...next, displayFields: next.displayFields.map((f) => (f === rename.from ? rename.to : f)) };
    if (isObject(next.linkOptions) && next.linkOptions.field === rename.from) next = { ...next, linkOptions: { ...next.linkOptions, field: rename.to } };
  }
  // A records block's select of another model's saved records labels them with that model's fields.
  if (isObject(next.linkOptions) && next.linkOptions.model === rename.model && Array.isArray(next.linkOptions.labelFields)) {
    next = { ...next, linkOptions: { ...next.linkOptions, labelFields: next.linkOptions.labelFields.map((f) => (f === rename.from ? rename.to : f)) } };
  }
  if (Array.isArray(next.groups)) {
    next = {
      ...next,
      groups: next.groups.map((group) => {
        if (!isObject(group) || group.model !== rename.model) return group;
        const fields = Array.isArray(group.fields) ? group.fields.map((f) => (f === rename.from ? rename.to : f)) : group.fields;
        return { ...group, fields, ...(isObject(group.fixedValues) ? { fixedValues: renamedKey(group.fixedValues, rename.from, rename.to) } : {}) };
      }),
    };
  }
  return next;
}

function renamedRule(rule: unknown, rename: FieldRename, own: string): unknown {
  if (!isObject(rule)) return rule;
  const next: Json = { ...rule };
  for (const key of ['otherProperty', 'startDateProperty']) if (key in next) next[key] = renamedName(next[key], rename, own);
  if (Array.isArray(next.properties)) next.properties = next.properties.map((p) => renamedName(p, rename, own));
  if (Array.isArray(next.conditions)) next.conditions = next.conditions.map((c) => (isObject(c) && 'otherProperty' in c ? { ...c, otherProperty: renamedName(c.otherProperty, rename, own) } : c));
  return next;
}

/** The ids of the pages of the form that show the field (a block of its model with a field of that key): their errors name it by its key. */
function pagesShowing(docs: Documents, rename: FieldRename): Set<string> {
  const pages = new Set<string>();
  for (const [id, flow] of Object.entries(docs)) {
    if (!id.startsWith('flows/') || !isObject(flow) || flow.formType !== rename.formType || !Array.isArray(flow.pages)) continue;
    for (const page of flow.pages) {
      if (!isObject(page) || !Array.isArray(page.blocks)) continue;
      const shows = page.blocks.some((b) => isObject(b) && b.model === rename.model && Array.isArray(b.fields) && b.fields.some((f) => isObject(f) && f.key === rename.from));
      if (shows) pages.add(String(page.id));
    }
  }
  return pages;
}

/** `map` with the model's field renamed in `map[model]` (answers, expected values: model -> field -> value). */
function renamedInModel(map: unknown, model: string, rename: FieldRename): unknown {
  if (!isObject(map) || !isObject(map[model])) return map;
  return { ...map, [model]: renamedKey(map[model], rename.from, rename.to) };
}

/** An expected payload model ({ fields: {...} }, partially) with the field renamed among its fields. */
function renamedPayloadModel(expected: unknown, rename: FieldRename): unknown {
  if (Array.isArray(expected)) return expected.map((item) => renamedPayloadModel(item, rename));
  return isObject(expected) && isObject(expected.fields) ? { ...expected, fields: renamedKey(expected.fields, rename.from, rename.to) } : expected;
}

/**
 * A flow fixture of the form with the field renamed where it names it: the answers and expected
 * values of its model, its records (and their expected errors), the errors expected on a page that
 * shows it, and the expected payload's model. The authorize answer's prepopulatedData is keyed by
 * the wire name (prepopulatedDataKeys' values), which a rename leaves as it is.
 */
function renamedFixture(fixture: Json, rename: FieldRename, showing: ReadonlySet<string>): Json {
  const model = camelCase(rename.model);
  const next: Json = { ...fixture };
  if (Array.isArray(fixture.steps)) {
    next.steps = fixture.steps.map((step) => {
      if (!isObject(step)) return step;
      const out: Json = { ...step };
      for (const key of ['answers', 'expectValues']) if (key in out) out[key] = renamedInModel(out[key], model, rename);
      if (isObject(out.records) && Array.isArray(out.records[model])) {
        const records = out.records[model].map((record) => {
          if (!isObject(record)) return record;
          const renamed = renamedKey(record, rename.from, rename.to);
          return isObject(renamed.$expectErrors) ? { ...renamed, $expectErrors: renamedKey(renamed.$expectErrors, rename.from, rename.to) } : renamed;
        });
        out.records = { ...out.records, [model]: records };
      }
      if (isObject(out.expectErrors) && showing.has(String(out.page))) out.expectErrors = renamedKey(out.expectErrors, rename.from, rename.to);
      return out;
    });
  }
  if (isObject(fixture.expectPayload) && model in fixture.expectPayload) {
    next.expectPayload = { ...fixture.expectPayload, [model]: renamedPayloadModel(fixture.expectPayload[model], rename) };
  }
  return next;
}

/** The documents with the field renamed everywhere they name it; the documents as they were when nothing names it. */
export function renameField(docs: Documents, rename: FieldRename): Documents {
  const next: Documents = { ...docs };
  const models = docs['models.json'];
  if (isObject(models) && Array.isArray(models.models)) {
    next['models.json'] = {
      ...models,
      models: models.models.map((config) => {
        if (!isObject(config) || !isObject(config.metadata) || config.metadata.formType !== rename.formType || !isObject(config.fields)) return config;
        const own = String(config.metadata.dtoMapping);
        const fields = own === rename.model ? renamedKey(config.fields, rename.from, rename.to) : config.fields;
        return {
          ...config,
          fields: Object.fromEntries(Object.entries(fields).map(([name, field]) => [name, isObject(field) && Array.isArray(field.validations) ? { ...field, validations: field.validations.map((r) => renamedRule(r, rename, own)) } : field])),
        };
      }),
    };
  }
  for (const [id, fixture] of Object.entries(docs)) {
    if (id.startsWith('fixtures/') && isObject(fixture) && fixture.formType === rename.formType) next[id] = renamedFixture(fixture, rename, pagesShowing(docs, rename));
  }
  for (const [id, flow] of Object.entries(docs)) {
    if (!id.startsWith('flows/') || !isObject(flow) || flow.formType !== rename.formType || !Array.isArray(flow.pages)) continue;
    next[id] = {
      ...flow,
      pages: flow.pages.map((page) => {
        if (!isObject(page)) return page;
        const { blocks, ...settings } = page;
        return { ...renamedMemberConditions(settings, rename, undefined), ...(Array.isArray(blocks) ? { blocks: blocks.map((b) => (isObject(b) ? renamedBlock(b, rename) : b)) } : {}) };
      }),
    };
  }
  return next;
}
