import type { Translate } from './types';

/** The translation of a key, or the given text while the key is missing (the translator shows the key). */
export function translateOr(t: Translate, key: string, fallback: string, ...args: Array<string | number>): string {
  const text = t(key, ...args);
  return text === key ? fallback : text;
}
