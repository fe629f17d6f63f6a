/**
 * Text a database can store: PostgreSQL refuses a NUL character in text (and SQLite would keep it,
 * cutting the value short for most readers), and a UTF-16 surrogate without its pair is not
 * Unicode at all. Shared by the browser and the server, which refuses such text before storage.
 */
export function isStorableText(text: string): boolean {
  // A loop rather than a regular expression: lookbehind is missing from older mobile browsers.
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (c === 0) return false;
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return false;
      i += 1;
    } else if (c >= 0xdc00 && c <= 0xdfff) return false;
  }
  return true;
}

/** The message for a value holding such text. */
export const UNSTORABLE_TEXT = 'contains a character that cannot be stored (a NUL byte or a broken Unicode character).';

/** Whether a plain JSON value holds unstorable text anywhere (the walk of unstorableTextPaths, without naming paths). */
function holdsUnstorableText(value: unknown): boolean {
  if (typeof value === 'string') return !isStorableText(value);
  if (Array.isArray(value)) return value.some(holdsUnstorableText);
  if (typeof value !== 'object' || value === null || Object.getPrototypeOf(value) !== Object.prototype) return false;
  for (const [key, item] of Object.entries(value)) if (!isStorableText(key) || holdsUnstorableText(item)) return true;
  return false;
}

/**
 * Where a plain JSON value holds unstorable text, in a string or a property name, as `path`s
 * ('claimantInfo.fields.firstName'). Binary values (a file's bytes) are not text and are skipped.
 * The paths are spelled out only when there is one to name: every request's answers are checked,
 * and nearly all of them hold none.
 */
export function unstorableTextPaths(value: unknown, path: string, out: string[] = []): string[] {
  if (!holdsUnstorableText(value)) return out;
  if (typeof value === 'string') {
    out.push(path);
  } else if (Array.isArray(value)) {
    value.forEach((item, i) => unstorableTextPaths(item, `${path}[${i}]`, out));
  } else if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      const shown = isStorableText(key) ? key : '?';
      if (shown === '?') out.push(`${path}.${shown}`);
      unstorableTextPaths(item, `${path}.${shown}`, out);
    }
  }
  return out;
}
