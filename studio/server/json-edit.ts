/**
 * Writes a changed JSON value back into its file's text as a few jsonc-parser edits, one per
 * changed path, so the rest of the file — `$schema`, key order, indentation, line ends — stays as
 * it was and `git diff` shows only what changed.
 */
import { applyEdits, modify, parse, type JSONPath } from 'jsonc-parser';
import { indentOf, insertionIndex } from '../../tooling/locales/add-key';

/** One change: the value at `path` becomes `value` (undefined removes the property). */
export interface PathChange {
  path: JSONPath;
  value: unknown;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, i) => sameJson(item, b[i]));
  if (isObject(a) && isObject(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((k) => k in b && sameJson(a[k], b[k]));
  }
  return false;
}

/**
 * The smallest set of path changes that turns `before` into `after`: objects and arrays of the
 * same length are compared member by member; anything else is replaced where it stands.
 */
export function changedPaths(before: unknown, after: unknown, at: JSONPath = []): PathChange[] {
  if (sameJson(before, after)) return [];
  if (isObject(before) && isObject(after)) {
    const removed = Object.keys(before)
      .filter((k) => !(k in after) || after[k] === undefined)
      .map((k) => ({ path: [...at, k], value: undefined }));
    const changed = Object.keys(after)
      .filter((k) => after[k] !== undefined)
      .flatMap((k) => changedPaths(before[k], after[k], [...at, k]));
    return [...removed, ...changed];
  }
  if (Array.isArray(before) && Array.isArray(after) && before.length === after.length) {
    return after.flatMap((item, i) => changedPaths(before[i], item, [...at, i]));
  }
  return [{ path: at, value: after }];
}

export interface EditOptions {
  /** Locale files: a new key takes its sorted place (or follows its area), as `npm run locales:add` places it. */
  localeFile?: boolean;
}

/**
 * The text of `text` changed to hold `after`. A new property goes where `after` has it (after the
 * property it follows there), or in a locale file where `npm run locales:add` would put it.
 */
export function editJsonText(text: string, after: unknown, options: EditOptions = {}): string {
  const before = parse(text) as unknown;
  const formattingOptions = indentOf(text);
  let result = text;
  for (const change of changedPaths(before, after)) {
    const parentPath = change.path.slice(0, -1);
    const key = change.path[change.path.length - 1];
    const parentAfter = parentPath.reduce<unknown>((node, segment) => (node as Record<string | number, unknown> | undefined)?.[segment], after);
    const edits = modify(result, change.path, change.value, {
      formattingOptions,
      getInsertionIndex: (properties) => {
        if (options.localeFile && typeof key === 'string') return insertionIndex(properties, key);
        if (!isObject(parentAfter) || typeof key !== 'string') return properties.length;
        const order = Object.keys(parentAfter);
        // After the nearest property that precedes the new one in `after` and exists in the file.
        for (let i = order.indexOf(key) - 1; i >= 0; i--) {
          const at = properties.indexOf(order[i]!);
          if (at >= 0) return at + 1;
        }
        return 0;
      },
    });
    result = applyEdits(result, edits);
  }
  return result;
}
