import { camelCase } from '../models/config';

/** DOM id of a field's input: '<model>-<field>' for single models, '<model>-<clientId>-<field>' for records. */
export function fieldDomId(model: string, clientId: string | null, field: string): string {
  const dto = camelCase(model);
  return clientId ? `${dto}-${clientId}-${field}` : `${dto}-${field}`;
}

/** DOM id of a records block (its messages, and the error summary's link target). */
export function recordsDomId(model: string, fixedValues?: Record<string, unknown>): string {
  const suffix = fixedValues ? Object.values(fixedValues).map(String).join('-') : '';
  return `records-${camelCase(model)}${suffix ? `-${suffix}` : ''}`;
}

/** DOM id of the line a records block shows for a parent record missing its children (a receipt per expense). */
export function missingChildrenDomId(recordsId: string, parentClientId: string): string {
  return `${recordsId}-for-${parentClientId}`;
}
