/**
 * Generated from schemas/settlement/deadlines.legacy.schema.json by `npm run schemas:types` (scripts/schemas-types.ts).
 * Do not edit: change the schema, then run the command again.
 */

/**
 * Each deadline with its own time zone and an MM/dd/yyyy date. Used when the folder has no deadlines.json. Served as is by GET /api/deadlines.
 */
export interface DeadlinesLegacyFile {
  $schema?: string;
  deadlines: {
    globalDeadline: Deadline;
    lookupFilingDeadline?: Deadline;
    exclusionFilingDeadline?: Deadline;
    claimFilingDeadline?: Deadline;
  };
}
/**
 * This interface was referenced by `DeadlinesLegacyFile`'s JSON-Schema
 * via the `definition` "deadline".
 */
export interface Deadline {
  /**
   * The deadline's time zone: one of spec §5's names (Pacific, Mountain, Central, Eastern, Atlantic, Newfoundland, Alaskan, Hawaii-Aleutian, Aleutian, Yukon, Arizona, Indiana East, Saskatchewan) or an IANA zone name such as America/New_York. A name the zone rules do not know is refused at start-up with 'Unknown time zone'.
   */
  timeZone:
    | (
        | 'Pacific'
        | 'Mountain'
        | 'Central'
        | 'Eastern'
        | 'Atlantic'
        | 'Newfoundland'
        | 'Alaskan'
        | 'Hawaii-Aleutian'
        | 'Aleutian'
        | 'Yukon'
        | 'Arizona'
        | 'Indiana East'
        | 'Saskatchewan'
      )
    | string;
  /**
   * MM/dd/yyyy
   */
  deadline: string;
  redirectUrl?: string | null;
}
