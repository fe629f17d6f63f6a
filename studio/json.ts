import { isRecord } from '../runtime/core/guards';
import type { FlowFile } from '../runtime/core/types';

/**
 * Narrowing helpers for JSON the studio did not type itself — files read from disk, request and
 * response bodies, documents being edited — shared by its server and its front end.
 */

/** A JSON object (not an array, not null): the runtime's guard, shared. */
export { isRecord };

/** The value when it is a JSON object, else an empty one. */
export const recordOr = (value: unknown): Record<string, unknown> => (isRecord(value) ? value : {});

/** The value when it is an array, else an empty one. */
export const arrayOr = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

export const isString = (value: unknown): value is string => typeof value === 'string';

/** The value when it is a string, else undefined. */
export const stringOr = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** The items of an array that pass the guard (none when it is not an array). */
export function itemsOf<T>(value: unknown, guard: (item: unknown) => item is T): T[] {
  return Array.isArray(value) ? value.filter(guard) : [];
}

/** The value when it is an array of strings, else undefined. */
export const stringArray = (value: unknown): string[] | undefined => (Array.isArray(value) && value.every(isString) ? value : undefined);

/** An object's string-valued members (a locale file's texts). */
export function stringMembers(value: unknown): Record<string, string> {
  const texts: Record<string, string> = {};
  for (const [key, text] of Object.entries(recordOr(value))) if (typeof text === 'string') texts[key] = text;
  return texts;
}

/** The item at `index`, or an error naming what was expected there. */
export function itemAt<T>(items: readonly T[], index: number, what: string): T {
  const item = items.at(index);
  if (item === undefined) throw new Error(`${what}: no item at ${index} of ${items.length}`);
  return item;
}

/**
 * A flow file on its surface (formType and pages): what the studio needs to read one it did not
 * write; the checker is what holds it to schemas/flow.schema.json.
 */
export const isFlowFile = (value: unknown): value is FlowFile => isRecord(value) && typeof value.formType === 'string' && Array.isArray(value.pages);
