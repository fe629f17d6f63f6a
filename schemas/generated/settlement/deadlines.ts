/**
 * Generated from schemas/settlement/deadlines.schema.json by `npm run schemas:types` (scripts/schemas-types.ts).
 * Do not edit: change the schema, then run the command again.
 */

/**
 * The project time zone: one of spec §5's names (Pacific, Mountain, Central, Eastern, Atlantic, Newfoundland, Alaskan, Hawaii-Aleutian, Aleutian, Yukon, Arizona, Indiana East, Saskatchewan) or an IANA zone name such as America/New_York. A name the zone rules do not know is refused at start-up with 'Unknown time zone'.
 *
 * This interface was referenced by `DeadlinesFile`'s JSON-Schema
 * via the `definition` "timeZone".
 */
export type TimeZone =
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
 * Deadlines in the project time zone, each with redirect targets per culture plus 'default'. Served as is by GET /api/deadlines.
 */
export interface DeadlinesFile {
  $schema?: string;
  timeZone: TimeZone;
  deadlines: {
    globalDeadline: Deadline;
    lookupFilingDeadline?: Deadline;
    exclusionFilingDeadline?: Deadline;
    claimFilingDeadline?: Deadline;
  };
}
/**
 * This interface was referenced by `DeadlinesFile`'s JSON-Schema
 * via the `definition` "deadline".
 */
export interface Deadline {
  /**
   * Local date-time in the project time zone, e.g. 2027-06-30T23:59:59.
   */
  deadlineDateTime: string;
  /**
   * culture -> URL, plus 'default'. A relative '/deadline' stays in the app.
   */
  redirectUrl: {
    [k: string]: string;
  } | null;
}
