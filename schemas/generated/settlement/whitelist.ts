/**
 * Generated from schemas/settlement/whitelist.schema.json by `npm run schemas:types` (scripts/schemas-types.ts).
 * Do not edit: change the schema, then run the command again.
 */

/**
 * Characters allowed in free text (characterSetRestriction rule), served by GET /api/characters-whitelist. Line breaks and tabs in text areas are always allowed.
 */
export interface WhitelistFile {
  $schema?: string;
  description?: string;
  /**
   * Groups of allowed characters; each string lists characters (not a pattern).
   *
   * @minItems 1
   */
  allowedCharacters: string[];
}
