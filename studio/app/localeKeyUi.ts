/**
 * Which properties of a schema hold a localization key (a string whose pattern is `^LocKey_…`,
 * as site.json's link labels and banner lines are), as the uiSchema that gives each of them the
 * studio's locale-key picker. Read from the schema itself, through its `$ref`s, arrays and
 * oneOf/anyOf/allOf/if-then branches (rjsf gives a branch its parent's uiSchema), so a settlement file's
 * schema that gains a key property gets the picker without a list kept here.
 */
import type { RJSFSchema, UiSchema } from '@rjsf/utils';

const LOCALE_KEY_UI: UiSchema = { 'ui:widget': 'localeKey' };

type Schema = RJSFSchema & Record<string, unknown>;

/** The schema a local `$ref` (#/definitions/…) points at, else the schema itself. */
function resolved(schema: Schema, root: Schema): Schema {
  if (typeof schema.$ref !== 'string' || !schema.$ref.startsWith('#/')) return schema;
  const target = schema.$ref
    .slice(2)
    .split('/')
    .reduce<unknown>((node, segment) => (node as Record<string, unknown> | undefined)?.[segment.replace(/~1/g, '/').replace(/~0/g, '~')], root);
  return typeof target === 'object' && target !== null ? { ...(target as Schema), ...Object.fromEntries(Object.entries(schema).filter(([k]) => k !== '$ref')) } : schema;
}

const isLocaleKey = (schema: Schema) => schema.type === 'string' && typeof schema.pattern === 'string' && schema.pattern.startsWith('^LocKey_');

/** The uiSchema giving each locale-key property of `schema` the picker; undefined when it has none. */
export function localeKeyUi(schema: RJSFSchema, root: RJSFSchema = schema, refs: readonly string[] = []): UiSchema | undefined {
  const node = schema as Schema;
  // A definition met again within itself is not followed (its uiSchema would never end).
  if (typeof node.$ref === 'string' && refs.includes(node.$ref)) return undefined;
  const seen = typeof node.$ref === 'string' ? [...refs, node.$ref] : refs;
  const own = resolved(node, root as Schema);
  if (isLocaleKey(own)) return LOCALE_KEY_UI;
  const ui: UiSchema = {};
  for (const [name, property] of Object.entries((own.properties ?? {}) as Record<string, RJSFSchema>)) {
    const sub = localeKeyUi(property, root, seen);
    if (sub) ui[name] = sub;
  }
  if (typeof own.items === 'object' && !Array.isArray(own.items)) {
    const sub = localeKeyUi(own.items as RJSFSchema, root, seen);
    if (sub) ui.items = sub;
  }
  const conditional = [own.then, own.else].filter((s): s is RJSFSchema => typeof s === 'object' && s !== null);
  for (const branch of [...((own.oneOf ?? []) as RJSFSchema[]), ...((own.anyOf ?? []) as RJSFSchema[]), ...((own.allOf ?? []) as RJSFSchema[]), ...conditional]) {
    const sub = localeKeyUi(branch, root, seen);
    if (sub) Object.assign(ui, sub);
  }
  return Object.keys(ui).length > 0 ? ui : undefined;
}
