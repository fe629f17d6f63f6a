/**
 * Generated from schemas/api/characters-whitelist.schema.json by `npm run schemas:types` (scripts/schemas-types.ts).
 * Do not edit: change the schema, then run the command again.
 */

/**
 * GET /api/characters-whitelist
 */
export interface CharactersWhitelistRoute {
  response: {
    '200': CharactersWhitelistAnswer;
  };
}
export interface CharactersWhitelistAnswer {
  /**
   * JSON text of a string holding every allowed character
   */
  allowedCharacters: string;
}
