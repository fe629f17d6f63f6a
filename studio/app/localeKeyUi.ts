/**
 * Which properties of a schema hold a localization key (a string whose pattern is `^LocKey_…`,
 * as site.json's link labels and banner lines are), as the uiSchema that gives each of them the
 * studio's locale-key picker. Read from the schema itself, through its `$ref`s, arrays and
 * oneOf/anyOf/allOf/if-then branches (rjsf gives a branch its parent's uiSchema), so a settlement file's
 * schema that gains a key property gets the picker without a list kept here.
 */
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { isRecord } from '../json';
import { isSchema } from './schemas';

const LOCALE_KEY_UI: UiSchema = { 'ui:widget': 'localeKey' };

/** The member `segment` of a JSON value (an array's item by its index), if it has one. */
const memberOf = (node: unknown, segment: string): unknown => (Array.isArray(node) ? node[Number(segment)] : isRecord(node) ? node[segment] : undefined);

/** The schema a local `$ref` (#/definitions/…) points at, else the schema itself. */
function resolved(schema: RJSFSchema, root: RJSFSchema): RJSFSchema {
  if (typeof schema.$ref !== 'string' || !schema.$ref.startsWith('#/')) return schema;
  const target = schema.$ref
    .slice(2)
    .split('/')
    .reduce<unknown>((node, segment) => memberOf(node, segment.replace(/~1/g, '/').replace(/~0/g, '~')), root);
  return isSchema(target) ? { ...target, ...Object.fromEntries(Object.entries(schema).filter(([k]) => k !== '$ref')) } : schema;
}

const isLocaleKey = (schema: RJSFSchema) => schema.type === 'string' && typeof schema.pattern === 'string' && schema.pattern.startsWith('^LocKey_');

/** The uiSchema giving each locale-key property of `schema` the picker; undefined when it has none. */
export function localeKeyUi(schema: RJSFSchema, root: RJSFSchema = schema, refs: readonly string[] = []): UiSchema | undefined {
  const node = schema;
  // A definition met again within itself is not followed (its uiSchema would never end).
  if (typeof node.$ref === 'string' && refs.includes(node.$ref)) return undefined;
  const seen = typeof node.$ref === 'string' ? [...refs, node.$ref] : refs;
  const own = resolved(node, root);
  if (isLocaleKey(own)) return LOCALE_KEY_UI;
  const ui: UiSchema = {};
  // A boolean schema (true, false) holds no key.
  for (const [name, property] of Object.entries(own.properties ?? {})) {
    const sub = isSchema(property) ? localeKeyUi(property, root, seen) : undefined;
    if (sub) ui[name] = sub;
  }
  if (isSchema(own.items)) {
    const sub = localeKeyUi(own.items, root, seen);
    if (sub) ui.items = sub;
  }
  for (const branch of [...(own.oneOf ?? []), ...(own.anyOf ?? []), ...(own.allOf ?? []), own.then, own.else].filter(isSchema)) {
    const sub = localeKeyUi(branch, root, seen);
    if (sub) Object.assign(ui, sub);
  }
  return Object.keys(ui).length > 0 ? ui : undefined;
}
