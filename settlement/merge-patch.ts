/**
 * JSON Merge Patch (RFC 7386): how an extending settlement folder's JSON file changes its
 * parent's. Objects merge member by member, null deletes a member, anything else (arrays
 * included) replaces the value whole.
 */
import { pointerSegment } from '../runtime/core/flow/issues.js';

export type JsonObject = { [key: string]: unknown };

export const isJsonObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/** RFC 7386 §2 MergePatch(target, patch). Neither argument is changed. */
export function applyMergePatch(target: unknown, patch: unknown): unknown {
  if (!isJsonObject(patch)) return patch;
  const result: JsonObject = isJsonObject(target) ? { ...target } : {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete result[key];
    else result[key] = applyMergePatch(result[key], value);
  }
  return result;
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
  if (JSON.stringify(before) === JSON.stringify(after)) return undefined;
  // A null inside an object deletes; a value that is an object replacing a non-object is written whole.
  return after;
}

/**
 * Whether a patch wrote the value at `segments` (or replaced one of its ancestors whole): the
 * layer a value came from is the last one whose patch wrote it.
 */
export function patchWrites(patch: unknown, segments: ReadonlyArray<string | number>): boolean {
  let at: unknown = patch;
  for (const segment of segments) {
    if (!isJsonObject(at)) return true;
    const key = String(segment);
    if (!Object.hasOwn(at, key)) return false;
    at = at[key];
  }
  return true;
}

/** '/a/b' for ['a', 'b']. */
export const pointerOf = (segments: ReadonlyArray<string | number>) => segments.map((s) => `/${pointerSegment(s)}`).join('');
