/**
 * Generated from schemas/api/deadlines.schema.json by `npm run schemas:types` (scripts/schemas-types.ts).
 * Do not edit: change the schema, then run the command again.
 */

/**
 * Per-culture shape (timeZone + deadlineDateTime/redirectUrl) or legacy shape (timeZone + deadline per entry), as the settlement folder holds.
 */
export type DeadlinesAnswer = PerCultureDeadlines | LegacyDeadlines;

/**
 * GET /api/deadlines
 */
export interface DeadlinesRoute {
  response: {
    '200': DeadlinesAnswer;
  };
}
export interface PerCultureDeadlines {
  timeZone: string;
  deadlines: {
    [k: string]: {
      deadlineDateTime: string;
      redirectUrl: {
        [k: string]: string;
      } | null;
    };
  };
}
export interface LegacyDeadlines {
  deadlines: {
    [k: string]: {
      timeZone: string;
      deadline: string;
      redirectUrl?: string | null;
    };
  };
}
