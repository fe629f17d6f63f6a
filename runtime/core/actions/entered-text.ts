import { getMask, conformEdit } from '../masks';
import type { FieldConfig } from '../types';

/**
 * The text a field shows when a claimant types or pastes `text` into it: its mask in force (a date
 * field's date mask) keeps what it can take and drops the rest. A fixture's answer that differs
 * from this is one no claimant can give.
 */
export function enteredText(field: FieldConfig, maskName: string | null, text: string): string {
  const name = maskName ?? (field.widget === 'date' ? 'date' : null);
  return name === null ? text : conformEdit(getMask(name), text, '').value;
}
