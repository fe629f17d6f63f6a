/**
 * What a generated form gives back, kept to what the author wrote: rjsf fills an absent optional
 * object it draws (site.json's `logo`, `banner`) with `{}` once anything in the form changes, and
 * such an object, empty or holding only empty objects, is no one's edit — and often invalid (a logo
 * without its file). It is dropped where the document did not have it.
 */
type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** True for {} and for objects holding only such objects. */
const isHollow = (v: unknown): boolean => isObject(v) && Object.values(v).every(isHollow);

/** `after` without the hollow objects that `before` did not have at their place. */
export function withoutAddedHollowObjects(after: unknown, before: unknown): unknown {
  if (!isObject(after)) return after;
  const was = isObject(before) ? before : {};
  return Object.fromEntries(
    Object.entries(after)
      .filter(([key, value]) => !(isHollow(value) && !(key in was)))
      .map(([key, value]) => [key, withoutAddedHollowObjects(value, was[key])]),
  );
}

/** A form's data without the properties rjsf leaves undefined, so they are not taken for changes. */
export const definedJson = (formData: unknown): unknown => JSON.parse(JSON.stringify(formData ?? null));
