/**
 * JSON Merge Patch (RFC 7386): how an extending settlement folder's JSON file changes its
 * parent's. Objects merge member by member, null deletes a member, anything else (arrays
 * included) replaces the value whole — with one addition: an object patching an array changes its
 * named items by name (pages, blocks and forms by `id`, models by `formType/dtoMapping`, a block's
 * fields by `key`, the model field they edit), so that a folder changing one model, page, block or
 * field need not copy the others. RFC 7386 would replace the array by an object there, which no
 * settlement file can hold.
 */
import { pointerSegment } from '../runtime/core/flow/issues.js';

export type JsonObject = { [key: string]: unknown };

export const isJsonObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The name an item of an array goes by in a patch: a page's, a block's or a form's `id`, a model's
 * `formType/dtoMapping`, a field's `key`.
 */
export function itemName(item: unknown): string | undefined {
  if (!isJsonObject(item)) return undefined;
  if (typeof item.id === 'string') return item.id;
  const { metadata } = item;
  if (isJsonObject(metadata) && typeof metadata.formType === 'string' && typeof metadata.dtoMapping === 'string') return `${metadata.formType}/${metadata.dtoMapping}`;
  if (typeof item.key === 'string') return item.key;
  return undefined;
}

/**
 * The names of an array's items (undefined for an item without one), when some item has a name
 * and no name is used twice.
 */
function namesOf(value: unknown): Array<string | undefined> | undefined {
  if (!Array.isArray(value)) return undefined;
  const names = value.map(itemName);
  const named = names.filter((n) => n !== undefined);
  return named.length > 0 && new Set(named).size === named.length ? names : undefined;
}

/** A member of a patch that names no item of the array it patches, at its path in the patch. */
export interface UnknownItem {
  path: Array<string | number>;
  name: string;
  /** The member is null: it removes an item that is not there. */
  removing: boolean;
}

/** Where applyMergePatch tells of the members that name no item; none by default. */
export type OnUnknownItem = (unknown: UnknownItem) => void;

/**
 * An object patch over an array, member by member: null removes the item of that name, an object
 * patches it, and an item the array lacks — written whole, its own name included — is inserted
 * after the item the member before it named (at the start when none did). Items without a name
 * stay where they are. A member naming no item that is not a whole new item is told to `onUnknown`.
 */
function applyNamedPatch(target: readonly unknown[], patch: JsonObject, onUnknown: OnUnknownItem | undefined, at: Array<string | number>): unknown[] {
  const items = [...target];
  let next = 0;
  for (const [name, value] of Object.entries(patch)) {
    const index = items.findIndex((item) => itemName(item) === name);
    if (value === null) {
      if (index < 0) {
        onUnknown?.({ path: [...at, name], name, removing: true });
        continue;
      }
      items.splice(index, 1);
      if (index < next) next--;
    } else if (index >= 0) {
      items[index] = applyMergePatch(items[index], value, onUnknown, [...at, name]);
      next = index + 1;
    } else if (itemName(value) === name) {
      items.splice(next, 0, applyMergePatch(undefined, value, onUnknown, [...at, name]));
      next++;
    } else {
      onUnknown?.({ path: [...at, name], name, removing: false });
    }
  }
  return items;
}

/**
 * RFC 7386 §2 MergePatch(target, patch), and named items patched by name. Neither argument is
 * changed. `onUnknown` hears of each member naming an item the array does not have (`at`: where
 * `patch` is in the whole patch).
 */
export function applyMergePatch(target: unknown, patch: unknown, onUnknown?: OnUnknownItem, at: Array<string | number> = []): unknown {
  if (!isJsonObject(patch)) return patch;
  if (Array.isArray(target)) return applyNamedPatch(target, patch, onUnknown, at);
  const result: JsonObject = isJsonObject(target) ? { ...target } : {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete result[key];
    else result[key] = applyMergePatch(result[key], value, onUnknown, [...at, key]);
  }
  return result;
}

/** Equal JSON, whatever the order of objects' members (which a merge patch keeps as the target has them). */
function sameJson(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, i) => sameJson(item, b[i]));
  if (isJsonObject(a) && isJsonObject(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((key) => Object.hasOwn(b, key) && sameJson(a[key], b[key]));
  }
  return a === b;
}

/**
 * The patch by name between two arrays of named items, when the items both keep stay in the same
 * order and the items without a name are the same ones, in the same order: the items removed
 * (null), changed (their patch), added (whole), and an unchanged item named (`{}`) where an added
 * one follows it.
 */
function namedPatchBetween(before: readonly unknown[], after: readonly unknown[]): JsonObject | undefined {
  const beforeNames = namesOf(before);
  const afterNames = after.length === 0 ? [] : namesOf(after);
  if (!beforeNames || !afterNames) return undefined;
  const unnamedBefore = before.filter((_, i) => beforeNames[i] === undefined);
  const unnamedAfter = after.filter((_, i) => afterNames[i] === undefined);
  if (!sameJson(unnamedBefore, unnamedAfter)) return undefined;
  const kept = afterNames.filter((n) => n !== undefined && beforeNames.includes(n));
  if (kept.join('\n') !== beforeNames.filter((n) => n !== undefined && afterNames.includes(n)).join('\n')) return undefined;
  const patch: JsonObject = {};
  for (const name of beforeNames) if (name !== undefined && !afterNames.includes(name)) patch[name] = null;
  after.forEach((item, i) => {
    const name = afterNames[i];
    if (name === undefined) return;
    const was = beforeNames.indexOf(name);
    if (was < 0) {
      patch[name] = item;
      return;
    }
    const change = mergePatchBetween(before[was], item);
    const following = afterNames[i + 1];
    const nextIsAdded = following !== undefined && !beforeNames.includes(following);
    if (change !== undefined) patch[name] = change;
    else if (nextIsAdded) patch[name] = {};
  });
  // Names that look like numbers, items holding nulls, or unnamed items an added one lands next to
  // would not come back the same: those arrays are written whole.
  return sameJson(applyMergePatch(before, patch), after) ? patch : undefined;
}

/**
 * The merge patch that turns `before` into `after` (what a child file holds for that change):
 * undefined when they are equal.
 */
export function mergePatchBetween(before: unknown, after: unknown): unknown {
  if (isJsonObject(before) && isJsonObject(after)) {
    const patch: JsonObject = {};
    for (const key of Object.keys(before)) if (!Object.hasOwn(after, key)) patch[key] = null;
    for (const [key, value] of Object.entries(after)) {
      const change = mergePatchBetween(before[key], value);
      if (change !== undefined) patch[key] = change;
    }
    return Object.keys(patch).length > 0 ? patch : undefined;
  }
  if (sameJson(before, after)) return undefined;
  if (Array.isArray(before) && Array.isArray(after)) {
    // By name when that is shorter than the array written whole.
    const named = namedPatchBetween(before, after);
    if (named && JSON.stringify(named).length < JSON.stringify(after).length) return named;
  }
  // A null inside an object deletes; a value that is an object replacing a non-object is written whole.
  return after;
}

/**
 * The member of an object patch over an array that gave an item the name `name` by changing its
 * `id` or its metadata (the sample's `Automotive/Signature` patched into `Claim/Signature`).
 */
function renamingMember(patch: JsonObject, name: string): string | undefined {
  return Object.keys(patch).find((member) => {
    const value = patch[member];
    if (!isJsonObject(value)) return false;
    if (typeof value.id === 'string') return value.id === name && member !== name;
    const { metadata } = value;
    if (!isJsonObject(metadata)) return false;
    const [formType, dtoMapping] = member.split('/');
    const renamed = `${typeof metadata.formType === 'string' ? metadata.formType : formType}/${typeof metadata.dtoMapping === 'string' ? metadata.dtoMapping : dtoMapping}`;
    return renamed === name && member !== name;
  });
}

/**
 * Where a patch wrote the value at `segments` of the merged value `merged` (or replaced one of its
 * ancestors whole): the path inside the patch (an item of a named array by its name), or
 * undefined when the patch left it alone. The layer a value came from is the last one whose
 * patch wrote it.
 */
export function pathInPatch(patch: unknown, segments: ReadonlyArray<string | number>, merged: unknown): Array<string | number> | undefined {
  let at: unknown = patch;
  let value: unknown = merged;
  const written: Array<string | number> = [];
  for (const segment of segments) {
    // An array the patch wrote whole is the merged one: its items are at the same places.
    if (Array.isArray(at) && at[Number(segment)] !== undefined) {
      at = at[Number(segment)];
      value = Array.isArray(value) ? value[Number(segment)] : undefined;
      written.push(Number(segment));
      continue;
    }
    if (!isJsonObject(at)) return written;
    let key = String(segment);
    let inArray = false;
    if (Array.isArray(value)) {
      inArray = true;
      const item: unknown = value[Number(segment)];
      const name = itemName(item);
      // An item without a name is not the patch's to write.
      if (name === undefined) return undefined;
      key = name;
      value = item;
    } else {
      value = isJsonObject(value) ? value[key] : undefined;
    }
    const member = Object.hasOwn(at, key) ? key : inArray ? renamingMember(at, key) : undefined;
    if (member === undefined) return undefined;
    at = at[member];
    written.push(member);
  }
  return written;
}

/**
 * The path in a file that was patched (`original`) of the value at `segments` of the merged value:
 * the same path, but an item of a named array at its index in the original.
 */
export function pathInOriginal(original: unknown, segments: ReadonlyArray<string | number>, merged: unknown): Array<string | number> {
  let at: unknown = original;
  let value: unknown = merged;
  const path: Array<string | number> = [];
  for (const segment of segments) {
    let step: string | number = segment;
    if (Array.isArray(value) && Array.isArray(at)) {
      const name = itemName(value[Number(segment)]);
      const index = name === undefined ? -1 : at.findIndex((item) => itemName(item) === name);
      if (index >= 0) step = index;
    }
    path.push(step);
    value = Array.isArray(value) ? value[Number(segment)] : isJsonObject(value) ? value[String(segment)] : undefined;
    at = Array.isArray(at) ? at[Number(step)] : isJsonObject(at) ? at[String(step)] : undefined;
  }
  return path;
}

/** '/a/b' for ['a', 'b']. */
export const pointerOf = (segments: ReadonlyArray<string | number>) => segments.map((s) => `/${pointerSegment(s)}`).join('');
