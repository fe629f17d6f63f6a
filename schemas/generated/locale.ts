/**
 * Generated from schemas/locale.schema.json by `npm run schemas:types` (scripts/schemas-types.ts).
 * Do not edit: change the schema, then run the command again.
 */

/**
 * Localized texts of one culture (locales/en.json, locales/es.json), served by GET /api/culture/content. Flat: localization key to text. Every locale has the same keys. Texts use numbered placeholders ({0}, {1}) and may contain inline HTML, but no p, li, ul or ol tags. Check with `npm run flows:check`.
 */
export interface LocaleFile {
  /**
   * Path of this JSON Schema, so editors complete and check the file.
   */
  $schema?: string;
  /**
   * The text of this key in this culture.
   *
   * This interface was referenced by `LocaleFile`'s JSON-Schema definition
   * via the `patternProperty` "^LocKey_[A-Za-z0-9_]+$".
   */
  [k: string]: string | undefined;
}
