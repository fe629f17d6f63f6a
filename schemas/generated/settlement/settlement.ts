/**
 * Generated from schemas/settlement/settlement.schema.json by `npm run schemas:types` (scripts/schemas-types.ts).
 * Do not edit: change the schema, then run the command again.
 */

/**
 * Optional file at the root of a settlement folder. With `extends`, the folder holds only what differs from another settlement folder: each JSON file it has is applied to that folder's file of the same name as a JSON Merge Patch (RFC 7386: objects merge, null deletes a member, arrays and other values replace; an object patching an array of named items — pages and forms by id, models by formType/dtoMapping — changes those items by name), any other file (a CSV class list, a logo) replaces the other folder's, and every file it lacks is the other folder's.
 */
export interface SettlementFile {
  $schema?: string;
  /**
   * The settlement folder this one extends, relative to this folder (e.g. "../../../server-fixtures"). It may extend another folder in turn; a cycle is refused.
   */
  extends?: string;
}
