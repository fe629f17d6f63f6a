/**
 * "Did you mean" for every kind of name the checker reports (masks, widgets, rule types, blocks,
 * models, fields, option values, page ids, class-list columns): the known name nearest by edit
 * distance, so a misspelling is answered with its correction and not with a name that merely
 * shares a part ("currency" for "currencyDecimal").
 */

/** Optimal-string-alignment distance: insertions, deletions, substitutions and swaps of two neighbours. */
export function editDistance(a: string, b: string): number {
  // Row i holds the distances from a's first i letters to each of b's beginnings; two rows back
  // are kept for the swaps. (Every index read is within its row: the `?? 0` are never taken.)
  let twoBack: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min((previous[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, (twoBack[j - 2] ?? 0) + 1);
      row.push(d);
    }
    twoBack = previous;
    previous = row;
  }
  return previous[b.length] ?? 0;
}

/**
 * The known name nearest to `name`, ignoring case, when it is close enough to be a misspelling of
 * it: at most a third of the longer name's letters differ (at least one, at most three may).
 */
export function nearestName(name: string, candidates: readonly string[]): string | undefined {
  const lower = name.toLowerCase();
  let best: { name: string; distance: number } | undefined;
  for (const candidate of candidates) {
    const distance = editDistance(lower, candidate.toLowerCase());
    if (!best || distance < best.distance) best = { name: candidate, distance };
  }
  if (!best) return undefined;
  const allowed = Math.min(3, Math.max(1, Math.floor(Math.max(name.length, best.name.length) / 3)));
  return best.distance <= allowed ? best.name : undefined;
}

const list = (names: Iterable<string>) => [...names].map((n) => `"${n}"`).join(', ');

/** The hint for an unknown name: the nearest known one when there is one, and every known name. */
export function didYouMean(name: string, candidates: readonly string[]): string {
  const near = nearestName(name, candidates);
  return near ? `did you mean "${near}"? Known: ${list(candidates)}` : `use one of: ${list(candidates)}`;
}
