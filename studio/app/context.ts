import { createContext, useContext } from 'react';
import { recordOr } from '../json';
import type { Documents } from './api';

/** What the editors share: the working documents and the one way to change them (recorded for undo). */
export interface StudioContextValue {
  docs: Documents;
  /** The locale files' ids (locales/en.json…) and their cultures (en…), in the same order. */
  localeIds: string[];
  cultures: string[];
  edit(change: (docs: Documents) => Documents): void;
}

export const StudioContext = createContext<StudioContextValue | null>(null);

export function useStudio(): StudioContextValue {
  const value = useContext(StudioContext);
  if (!value) throw new Error('useStudio needs a StudioContext provider');
  return value;
}

export const cultureOf = (localeId: string): string => localeId.replace(/^locales\//, '').replace(/\.json$/, '');

/** The text of a key in a culture's locale file of the working documents, if it has one. */
export function localeText(docs: Documents, localeId: string, key: string): string | undefined {
  const value = recordOr(docs[localeId])[key];
  return typeof value === 'string' ? value : undefined;
}

/** The documents with `key` set to `texts[culture]` in each locale file that lacks it. */
export function withLocaleKey(docs: Documents, localeIds: readonly string[], key: string, texts: Readonly<Record<string, string>>): Documents {
  const next = { ...docs };
  for (const id of localeIds) {
    const text = texts[cultureOf(id)];
    if (text === undefined) continue;
    next[id] = { ...recordOr(docs[id]), [key]: text };
  }
  return next;
}
