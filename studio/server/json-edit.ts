/**
 * Writes a changed JSON value back into its file's text as a few jsonc-parser edits, one per
 * changed path, so the rest of the file — `$schema`, key order, indentation, line ends — stays as
 * it was and `git diff` shows only what changed.
 */
import { applyEdits, findNodeAtLocation, modify, parse, parseTree, type Edit, type JSONPath, type Node } from 'jsonc-parser';
import { indentOf, insertionIndex } from '../../tooling/locales/add-key';

/**
 * One change: the value at `path` becomes `value` (undefined removes the property or the array
 * item); with `insert`, `value` goes into the array before the item at `path` (or at its end).
 */
export interface PathChange {
  path: JSONPath;
  value: unknown;
  insert?: true;
  /** The property at `path` keeps its place and value and takes this name (`value` unused). */
  renameTo?: string;
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

/** The pairs (i, j) of a longest run of items with `match(before[i], after[j])`, in order. */
function longestRun(before: readonly unknown[], after: readonly unknown[], match: (a: unknown, b: unknown) => boolean): Array<[number, number]> {
  const n = before.length;
  const m = after.length;
  // lcs(i, j): length of the longest run of before[i..] and after[j..], kept row by row in one array.
  const table = new Array<number>((n + 1) * (m + 1)).fill(0);
  const lcs = (i: number, j: number): number => table[i * (m + 1) + j] ?? 0;
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) table[i * (m + 1) + j] = match(before[i], after[j]) ? lcs(i + 1, j + 1) + 1 : Math.max(lcs(i + 1, j), lcs(i, j + 1));
  }
  const pairs: Array<[number, number]> = [];
  for (let i = 0, j = 0; i < n && j < m; ) {
    if (match(before[i], after[j]) && lcs(i, j) === lcs(i + 1, j + 1) + 1) pairs.push([i++, j++]);
    else if (lcs(i + 1, j) >= lcs(i, j + 1)) i++;
    else j++;
  }
  return pairs;
}

/** What names an item among its siblings: a page's id, a field's key, a block's kind and model. */
const IDENTITY = ['id', 'key', 'type', 'block', 'model', 'dataType'] as const;

/** Two versions of one item: objects that agree on the identifying properties they have (at least one). */
function sameItem(a: unknown, b: unknown): boolean {
  if (!isObject(a) || !isObject(b)) return false;
  const named = IDENTITY.filter((k) => k in a || k in b);
  if (named.length > 0) return named.every((k) => sameJson(a[k], b[k]));
  return Object.keys(a).some((k) => k in b && sameJson(a[k], b[k]));
}

/**
 * How the items of `before` line up with those of `after`: the longest run of equal items stays
 * in place; between two of them, the versions of one item (sameItem) are paired and edited where
 * they stand (or all of them in order when as many are there after as before), and the rest
 * removed or inserted. A moved item is removed where it was and inserted
 * where it goes.
 */
function alignItems(before: readonly unknown[], after: readonly unknown[]): { paired: Array<[number, number]>; removed: number[]; inserted: number[] } {
  const paired: Array<[number, number]> = [];
  const removed: number[] = [];
  const inserted: number[] = [];
  const gap = (fromI: number, toI: number, fromJ: number, toJ: number) => {
    const b = before.slice(fromI, toI);
    const a = after.slice(fromJ, toJ);
    // Versions of one item pair up; failing that, a gap of as many items after as before is edited item by item.
    const byItem = longestRun(b, a, sameItem);
    const run = byItem.length === 0 && b.length === a.length ? b.map((_, k): [number, number] => [k, k]) : byItem;
    const pairs = run.map(([i, j]): [number, number] => [i + fromI, j + fromJ]);
    paired.push(...pairs);
    for (let i = fromI; i < toI; i++) if (!pairs.some(([pi]) => pi === i)) removed.push(i);
    for (let j = fromJ; j < toJ; j++) if (!pairs.some(([, pj]) => pj === j)) inserted.push(j);
  };
  let i = 0;
  let j = 0;
  const end: [number, number] = [before.length, after.length];
  for (const [ki, kj] of [...longestRun(before, after, sameJson), end]) {
    gap(i, ki, j, kj);
    i = ki + 1;
    j = kj + 1;
  }
  return { paired, removed, inserted };
}

/**
 * The smallest set of path changes that turns `before` into `after`, in the order they apply:
 * objects are compared member by member; arrays item by item, an added item inserted where it
 * goes, a removed one removed, a moved one removed and inserted; anything else is replaced where
 * it stands.
 */
export function changedPaths(before: unknown, after: unknown, at: JSONPath = []): PathChange[] {
  if (sameJson(before, after)) return [];
  if (isObject(before) && isObject(after)) {
    // A property that took a new name in its own place (a field renamed) is renamed where it stands.
    const beforeKeys = Object.keys(before).filter((k) => before[k] !== undefined);
    const afterKeys = Object.keys(after).filter((k) => after[k] !== undefined);
    const renamed = new Map<string, string>();
    if (beforeKeys.length === afterKeys.length)
      beforeKeys.forEach((k, i) => {
        const inItsPlace = afterKeys[i];
        if (!(k in after) && inItsPlace !== undefined && !(inItsPlace in before)) renamed.set(k, inItsPlace);
      });
    const renamedTo = new Set(renamed.values());
    const renames = [...renamed].flatMap(([from, to]): PathChange[] => [{ path: [...at, from], value: undefined, renameTo: to }, ...changedPaths(before[from], after[to], [...at, to])]);
    const removed = Object.keys(before)
      .filter((k) => (!(k in after) || after[k] === undefined) && !renamed.has(k))
      .map((k) => ({ path: [...at, k], value: undefined }));
    const changed = afterKeys.filter((k) => !renamedTo.has(k)).flatMap((k) => changedPaths(before[k], after[k], [...at, k]));
    return [...renames, ...removed, ...changed];
  }
  if (Array.isArray(before) && Array.isArray(after)) {
    const { paired, removed, inserted } = alignItems(before, after);
    // Edits first, while every item is where it was; then removals from the end, so the indices
    // still to remove hold; then insertions from the start, each at its final place.
    return [
      ...paired.flatMap(([from, to]) => changedPaths(before[from], after[to], [...at, from])),
      ...removed.reverse().map((index) => ({ path: [...at, index], value: undefined })),
      ...inserted.map((index): PathChange => ({ path: [...at, index], value: after[index], insert: true })),
    ];
  }
  return [{ path: at, value: after }];
}

/** The node at `path` in the text's syntax tree, if the text parses and has one there. */
function nodeAt(text: string, path: JSONPath): Node | undefined {
  const root = parseTree(text);
  return root && findNodeAtLocation(root, path);
}

/**
 * The edit that takes item `index` out of the array at `arrayPath` with its own text only: up to
 * the next item, or from the end of the one before when it is the last, so its neighbours keep
 * their formatting (jsonc-parser's formatter would re-lay them).
 */
function arrayItemRemoval(text: string, arrayPath: JSONPath, index: number): Edit[] | undefined {
  const array = nodeAt(text, arrayPath);
  const items = array?.type === 'array' ? (array.children ?? []) : [];
  const item = items[index];
  if (!array || !item) return undefined;
  const next = items[index + 1];
  const previous = items[index - 1];
  if (next) return [{ offset: item.offset, length: next.offset - item.offset, content: '' }];
  if (previous) return [{ offset: previous.offset + previous.length, length: item.offset + item.length - (previous.offset + previous.length), content: '' }];
  return [{ offset: array.offset + 1, length: array.length - 2, content: '' }];
}

/** The whitespace that starts the line `offset` is on. */
function lineIndent(text: string, offset: number): string {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  return /^[ \t]*/.exec(text.slice(lineStart))?.[0] ?? '';
}

/**
 * The edit that puts `value` into the array at `arrayPath` before item `index` (or after its last
 * item), laid out like its neighbours — one per line at their indentation, or on their line when
 * they share one — leaving them as they are. An empty array is left to jsonc-parser.
 */
function arrayItemInsertion(text: string, arrayPath: JSONPath, index: number, value: unknown, options: { insertSpaces: boolean; tabSize: number; eol: string }): Edit[] | undefined {
  const array = nodeAt(text, arrayPath);
  if (array?.type !== 'array') return undefined;
  const items = array.children ?? [];
  const anchor = items[Math.min(index, items.length - 1)];
  if (anchor === undefined) return undefined;
  const other = items.length > 1 ? items[index > 0 ? Math.min(index, items.length - 1) - 1 : 1] : undefined;
  const between = other ? text.slice(Math.min(other.offset + other.length, anchor.offset + anchor.length), Math.max(other.offset, anchor.offset)) : text.slice(array.offset, anchor.offset);
  const indent = lineIndent(text, anchor.offset);
  const separator = between.includes('\n') ? `,${options.eol}${indent}` : ', ';
  const unit = options.insertSpaces ? ' '.repeat(options.tabSize) : '\t';
  const valueText = JSON.stringify(value, null, unit).split('\n').join(`${options.eol}${indent}`);
  if (index < items.length) return [{ offset: anchor.offset, length: 0, content: `${valueText}${separator}` }];
  return [{ offset: anchor.offset + anchor.length, length: 0, content: `${separator}${valueText}` }];
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
  const before: unknown = parse(text);
  const formattingOptions = indentOf(text);
  let result = text;
  for (const change of changedPaths(before, after)) {
    if (change.renameTo !== undefined) {
      // The property's name only: its value and the text around it stay.
      const name = nodeAt(result, change.path)?.parent?.children?.[0];
      if (name) {
        result = applyEdits(result, [{ offset: name.offset, length: name.length, content: JSON.stringify(change.renameTo) }]);
        continue;
      }
    }
    const parentPath = change.path.slice(0, -1);
    const key = change.path[change.path.length - 1];
    const parentAfter = parentPath.reduce<unknown>((node, segment) => (Array.isArray(node) ? node[Number(segment)] : isObject(node) ? node[segment] : undefined), after);
    const own =
      typeof key !== 'number'
        ? undefined
        : change.insert
          ? arrayItemInsertion(result, parentPath, key, change.value, formattingOptions)
          : change.value === undefined
            ? arrayItemRemoval(result, parentPath, key)
            : undefined;
    const edits = own ?? modify(result, change.path, change.value, {
      formattingOptions,
      isArrayInsertion: change.insert ?? false,
      getInsertionIndex: (properties) => {
        if (options.localeFile && typeof key === 'string') return insertionIndex(properties, key);
        if (!isObject(parentAfter) || typeof key !== 'string') return properties.length;
        const order = Object.keys(parentAfter);
        // After the nearest property that precedes the new one in `after` and exists in the file.
        for (let i = order.indexOf(key) - 1; i >= 0; i--) {
          const preceding = order[i];
          const at = preceding === undefined ? -1 : properties.indexOf(preceding);
          if (at >= 0) return at + 1;
        }
        return 0;
      },
    });
    result = applyEdits(result, edits);
  }
  return result;
}
