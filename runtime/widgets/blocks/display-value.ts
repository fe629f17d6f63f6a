import { camelCase } from '../../core/models/config';
import type { FieldConfig, FieldValue, PageConfig } from '../../core/types';
import type { Translate } from '../types';
import { addressFields } from './address-fields';
import { COUNTRIES } from './address-lists';

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
  return String(value);
}

/** The field config of a model's field as some page of the flow shows it (the edit page first). */
export function findFieldConfig(pages: PageConfig[], preferPage: string | null, model: string, key: string): FieldConfig | undefined {
  const wanted = camelCase(model);
  const ordered = [...pages.filter((p) => p.id === preferPage), ...pages.filter((p) => p.id !== preferPage)];
  for (const page of ordered) {
    for (const block of page.blocks) {
      if (!('model' in block) || camelCase(block.model) !== wanted) continue;
      const fields =
        block.block === 'address'
          ? addressFields(true, COUNTRIES.map((c) => ({ value: c.code, label: c.label })))
          : block.block === 'model' || block.block === 'records'
            ? block.fields
            : [];
      const found = fields.find((f) => f.key === key);
      if (found) return found;
    }
  }
  return undefined;
}
