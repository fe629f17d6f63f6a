/** Narrowing helpers for values whose shape is not known statically (parsed JSON, caught errors). */

/** A plain object (not null, not an array): its properties can be read and checked one by one. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The property `key` of `value` when `value` is an object that has it (e.g. a caught error's `code`); undefined otherwise. */
export function propertyOf(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null && key in value ? Reflect.get(value, key) : undefined;
}

/** The keys of a record declared with literal keys, typed as those keys. */
export function keysOf<T extends object>(record: T): Array<keyof T & string> {
  return Object.keys(record).filter((key): key is keyof T & string => key in record);
}

/** A caught value's message: its `message` when it has one (an Error), else the value as text. */
export function messageOf(error: unknown): string {
  const message = propertyOf(error, 'message');
  return typeof message === 'string' ? message : String(error);
}

/** Whether `value` is one of the literals of `list`, narrowing it to their type. */
export function isOneOf<T extends string>(list: readonly T[], value: string): value is T {
  return list.some((item) => item === value);
}
