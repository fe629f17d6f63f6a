import { camelCase } from '../models/config';
import type { FieldConfig, FieldValue, PageConfig } from '../types';
import { addressFields, countryOptions } from './address-fields';
import type { Translate } from './types';

export const YES_NO_KEYS = { yes: 'LocKey_Common_Yes', no: 'LocKey_Common_No' } as const;

const orFallback = (t: Translate, key: string, fallback: string) => {
  const text = t(key);
  return text === key ? fallback : text;
};

/** A stored value as the claimant reads it: option labels, Yes/No, '' for empty. */
export function displayValue(field: FieldConfig | undefined, value: FieldValue | undefined, t: Translate): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'boolean' || field?.widget === 'checkbox') {
    const yes = value === true || value === 'true';
    return yes ? orFallback(t, YES_NO_KEYS.yes, 'Yes') : orFallback(t, YES_NO_KEYS.no, 'No');
  }
  const option = field?.options?.find((o) => o.value === String(value));
  if (option) return t(option.label);
  // The input group's text belongs to the value ('$' before an amount).
  const group = field?.inputGroupConfig;
  return `${group?.prepend ? t(group.prepend) : ''}${String(value)}${group?.append ? ` ${t(group.append)}` : ''}`;
}

/** What a file field writes onto its model beside the file (spec §3): shown under the file field's label. */
export const FILE_METADATA_FIELDS: ReadonlySet<string> = new Set(['name']);

/** The field config shown for a key of a block's fields: the field itself, or the file field for the file's name. */
export function fieldForKey(fields: FieldConfig[], key: string): FieldConfig | undefined {
  return fields.find((f) => f.key === key) ?? (FILE_METADATA_FIELDS.has(key) ? fields.find((f) => f.widget === 'file') : undefined);
}

// Answers by the flow's pages (its configs do not change in place; live preview replaces them).
const found = new WeakMap<PageConfig[], Map<string, FieldConfig | undefined>>();

/** The field config of a model's field as some page of the flow shows it (the edit page first). */
export function findFieldConfig(pages: PageConfig[], preferPage: string | null, model: string, key: string, culture = 'en'): FieldConfig | undefined {
  let known = found.get(pages);
  if (!known) found.set(pages, (known = new Map()));
  const cacheKey = `${preferPage ?? ''}\n${model}\n${key}\n${culture}`;
  if (known.has(cacheKey)) return known.get(cacheKey);
  const field = searchFieldConfig(pages, preferPage, model, key, culture);
  known.set(cacheKey, field);
  return field;
}

function searchFieldConfig(pages: PageConfig[], preferPage: string | null, model: string, key: string, culture: string): FieldConfig | undefined {
  const wanted = camelCase(model);
  const ordered = [...pages.filter((p) => p.id === preferPage), ...pages.filter((p) => p.id !== preferPage)];
  for (const page of ordered) {
    for (const block of page.blocks) {
      if (!('model' in block) || camelCase(block.model) !== wanted) continue;
      const fields =
        block.block === 'address'
          ? addressFields(true, countryOptions(culture))
          : block.block === 'model' || block.block === 'records'
            ? block.fields
            : [];
      const found = fieldForKey(fields, key);
      if (found) return found;
    }
  }
  return undefined;
}
