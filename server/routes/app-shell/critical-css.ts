/**
 * The part of a stylesheet a drawn page can use at its first paint: every rule except those whose
 * selectors all name a class or an id the page's markup does not hold. A compound selector that
 * requires `.x` matches no element without the class x, so a rule left out here cannot style any
 * element of the page as drawn; the whole stylesheet follows the page (app shell) and is in before
 * the app's scripts run and change the markup.
 *
 * Conservative by construction: a selector is read only for its required classes and ids (the
 * arguments of :not(), :is(), :where(), :has() and other functional pseudo-classes are ignored,
 * since they may match without them); rules inside @media, @supports and @layer blocks are
 * filtered the same way; every other at-rule (@font-face, @keyframes, @property, @import…) is kept.
 * A stylesheet this reader cannot split (unbalanced braces) is kept whole.
 */

/** The class names and ids present in an HTML text (its class and id attributes). */
export function markupNames(html: string): { classes: Set<string>; ids: Set<string> } {
  const classes = new Set<string>();
  const ids = new Set<string>();
  for (const match of html.matchAll(/\s(class|id)=(?:"([^"]*)"|'([^']*)'|([^\s>"']+))/gi)) {
    const value = match[2] ?? match[3] ?? match[4] ?? '';
    if (match[1]?.toLowerCase() === 'id') ids.add(value.trim());
    else for (const name of value.split(/\s+/)) if (name) classes.add(name);
  }
  return { classes, ids };
}

/** CSS escapes in an identifier undone (`\:` → `:`, `\31 ` → `1`). */
const unescapeIdent = (ident: string) =>
  ident.replace(/\\([0-9a-fA-F]{1,6}\s?|[^0-9a-fA-F])/g, (_m, escaped: string) => {
    if (!/^[0-9a-fA-F]/.test(escaped)) return escaped;
    const code = parseInt(escaped, 16);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '\uFFFD';
  });

/** A selector without the arguments of its functional pseudo-classes and without attribute selectors' values. */
function requiredPart(selector: string): string {
  let out = '';
  let depth = 0;
  for (let i = 0; i < selector.length; i++) {
    const ch = selector[i];
    if (ch === '\\' && depth === 0) {
      out += selector.slice(i, i + 2);
      i++;
    } else if (ch === '(' || ch === '[') depth++;
    else if (ch === ')' || ch === ']') depth = Math.max(0, depth - 1);
    else if (depth === 0) out += ch;
  }
  return out;
}

/** Whether one selector (of a comma-separated list) may match an element of the markup. */
function mayMatch(selector: string, names: { classes: Set<string>; ids: Set<string> }): boolean {
  for (const match of requiredPart(selector).matchAll(/([.#])((?:\\.|[\w-]|[^\p{ASCII}])+)/gu)) {
    const name = unescapeIdent(match[2] ?? '');
    if (match[1] === '.' ? !names.classes.has(name) : !names.ids.has(name)) return false;
  }
  return true;
}

/** Splits a selector list at its top-level commas. */
function selectorList(prelude: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < prelude.length; i++) {
    const ch = prelude[i];
    if (ch === '\\') i++;
    else if (ch === '(' || ch === '[') depth++;
    else if (ch === ')' || ch === ']') depth--;
    else if (ch === ',' && depth === 0) {
      parts.push(prelude.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(prelude.slice(start));
  return parts;
}

/**
 * The index of the first character from `from` that `stop` takes, strings, comments and escapes
 * skipped (`stop` sees every other character in order), or -1.
 */
function scan(css: string, from: number, stop: (ch: string) => boolean): number {
  for (let i = from; i < css.length; i++) {
    const ch = css.charAt(i);
    if (ch === '"' || ch === "'") {
      for (i++; i < css.length && css[i] !== ch; i++) if (css[i] === '\\') i++;
    } else if (ch === '/' && css[i + 1] === '*') {
      const end = css.indexOf('*/', i + 2);
      if (end < 0) return -1;
      i = end + 1;
    } else if (ch === '\\') i++;
    else if (stop(ch)) return i;
  }
  return -1;
}

/** The index of the `}` closing the block opened at `open`, or -1. */
function blockEnd(css: string, open: number): number {
  let depth = 0;
  return scan(css, open, (ch) => {
    if (ch === '{') depth++;
    return ch === '}' && --depth === 0;
  });
}

/** The index of the next `{` or `;` at the top level from `from`, or -1. */
function preludeEnd(css: string, from: number): number {
  return scan(css, from, (ch) => ch === '{' || ch === ';');
}

/** At-rules whose blocks hold style rules, filtered like the top level. */
const GROUPING = /^@(media|supports|layer|container|scope|document)\b/i;

/** The rules of `css` whose selectors may match an element named in `names`; null if it cannot be read. */
function filterRules(css: string, names: { classes: Set<string>; ids: Set<string> }): string | null {
  let out = '';
  let i = 0;
  while (i < css.length) {
    const end = preludeEnd(css, i);
    if (end < 0) {
      // Trailing whitespace or comments only.
      return css.slice(i).replace(/\/\*[\s\S]*?\*\//g, '').trim() === '' ? out : null;
    }
    const prelude = css.slice(i, end).replace(/\/\*[\s\S]*?\*\//g, '').trim();
    if (css[end] === ';') {
      // A statement at-rule (@import, @charset, @layer a, b;).
      out += `${prelude};`;
      i = end + 1;
      continue;
    }
    const close = blockEnd(css, end);
    if (close < 0) return null;
    const body = css.slice(end + 1, close);
    if (prelude.startsWith('@')) {
      if (GROUPING.test(prelude)) {
        const inner = filterRules(body, names);
        if (inner === null) return null;
        if (inner.trim() !== '') out += `${prelude}{${inner}}`;
      } else out += `${prelude}{${body}}`;
    } else {
      const kept = selectorList(prelude).filter((selector) => mayMatch(selector, names));
      // Nested rules (`&`) stay with their parent whole.
      if (kept.length > 0) out += `${kept.map((s) => s.trim()).join(',')}{${body}}`;
    }
    i = close + 1;
  }
  return out;
}

/** `css` cut to the rules the markup may use (see above); the whole text when it cannot be read. */
export function criticalCss(css: string, names: { classes: Set<string>; ids: Set<string> }): string {
  return filterRules(css, names) ?? css;
}
