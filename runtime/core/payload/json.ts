/**
 * The deepest a JSON part of the payload may nest objects and lists. The deepest the browser
 * sends is 3 (a list of models → fields → a value); a far deeper text is refused before it is
 * parsed, since walking it (checks, storage) could exhaust the stack.
 */
export const MAX_JSON_DEPTH = 16;

/** Whether a JSON text nests objects and lists deeper than `limit` (brackets inside strings do not count). */
export function jsonNestedDeeperThan(text: string, limit: number = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i += 1; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      depth += 1;
      if (depth > limit) return true;
    } else if (c === 0x7d || c === 0x5d) depth -= 1;
  }
  return false;
}
