import rosetta from 'rosetta';
import { DEFAULT_CULTURE, type Culture } from '../types';
import { formatTemplate } from './format';

export type Dictionary = Record<string, string>;

/** Localized texts of every loaded culture, with the culture in use (spec §3 localization state). */
export interface Translator {
  /** The culture in use. */
  culture(): Culture;
  /** Switches the culture; texts of a culture not yet loaded show their keys. */
  setCulture(culture: Culture): void;
  /** Adds or replaces texts of a culture (static content or dynamic deadline keys). */
  extend(culture: Culture, dictionary: Dictionary): void;
  /** Whether the key has a text in the culture (default: the one in use). */
  has(key: string, culture?: Culture): boolean;
  /** The text with {0}, {1} … filled; a missing key shows the key itself. */
  t(key: string, ...args: Array<string | number>): string;
  /** The text, or undefined when the key is missing (lets callers fall back to a default). */
  lookup(key: string, ...args: Array<string | number>): string | undefined;
}

/** A translator over rosetta; keys are flat (LocKey_Area_Name), placeholders are numbered. */
export function createTranslator(options: { culture?: Culture; dictionaries?: Record<Culture, Dictionary> } = {}): Translator {
  const store = rosetta<Dictionary>();
  for (const [culture, dictionary] of Object.entries(options.dictionaries ?? {})) store.set(culture, { ...dictionary });
  store.locale(options.culture ?? DEFAULT_CULTURE);

  const raw = (key: string, culture: Culture): string | undefined => {
    const table = store.table(culture);
    if (!table || !Object.hasOwn(table, key)) return undefined;
    const value = table[key];
    return typeof value === 'string' ? value : undefined;
  };

  const lookup = (key: string, ...args: Array<string | number>): string | undefined => {
    const template = raw(key, store.locale());
    return template === undefined ? undefined : formatTemplate(template, ...args);
  };

  return {
    culture: () => store.locale(),
    setCulture: (culture) => void store.locale(culture),
    extend: (culture, dictionary) => store.set(culture, { ...dictionary }),
    has: (key, culture) => raw(key, culture ?? store.locale()) !== undefined,
    lookup,
    t: (key, ...args) => lookup(key, ...args) ?? key,
  };
}
