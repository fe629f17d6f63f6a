/**
 * Generated from schemas/settlement/settings.schema.json by `npm run schemas:types` (scripts/schemas-types.ts).
 * Do not edit: change the schema, then run the command again.
 */

/**
 * refuse: answered 409 with a message telling the claimant to contact the Settlement Administrator, nothing stored; mark: stored, and the earlier submissions it repeats are listed with it (duplicateOf in export-submissions); allow: stored, nothing noted.
 *
 * This interface was referenced by `SettingsFile`'s JSON-Schema
 * via the `definition` "duplicateAction".
 */
export type DuplicateAction = 'refuse' | 'mark' | 'allow';

/**
 * Settings of one settlement deployment. The client part is embedded in the app page as <script id="app-settings">; uploads and pinAttempts stay on the server.
 */
export interface SettingsFile {
  $schema?: string;
  /**
   * Visual theme of the app.
   */
  theme: 'default' | 'ftc' | 'kontent';
  /**
   * First analytics tag id, or null.
   */
  analyticsTagId?: string | null;
  /**
   * Second analytics tag id, or null.
   */
  analyticsTagId2?: string | null;
  client: {
    /**
     * Minutes of inactivity after which the session expires (browser timer and server-side idle expiry).
     */
    minSessionDuration: number;
  };
  /**
   * Only honoured in development: outside development the captcha is always on.
   */
  captchaEnabled?: boolean;
  /**
   * Send the claimant to /error when a submit is refused. A refused sign-in (wrong PIN, VIN outside the class, too many attempts) always shows on the start page beside the fields to correct.
   */
  redirectOnError?: boolean;
  /**
   * Show the international address row and the country selector.
   */
  internationalAddresses?: boolean;
  /**
   * Limits on submitted documents.
   */
  uploads?: {
    /**
     * Largest document, in bytes (default 10 MB). A larger one is refused with 413 and the limits in the message.
     */
    maxFileBytes?: number;
    /**
     * All documents of one submission together, in bytes (default 50 MB); over it, 413.
     */
    maxTotalBytes?: number;
    /**
     * Documents per submission (default 20); more, or more than 20 other parts, is refused with 413.
     */
    maxFiles?: number;
    /**
     * The slowest upload the server waits for, in bytes per second on average (8192 is 64 kbit/s). A request body that arrives slower once 30 s have passed is refused (408); a submit may take as long as its largest allowed size needs at this rate.
     */
    minBytesPerSecond?: number;
  };
  /**
   * Wrong Notice ID/PIN limits, counted in fixed windows shared by every instance. A refused claimant is told how many minutes remain until the window ends and the lock lifts.
   */
  pinAttempts?: {
    /**
     * Wrong PINs for one notice ID, from any address, after which that notice ID is locked until the window ends. Other notice IDs on the same address are not affected.
     */
    max?: number;
    /**
     * Wrong PINs from one client address, for any notice IDs, after which that address is locked until the window ends. Keep it high: mobile carriers, libraries and legal-aid clinics put many claimants behind one address.
     */
    maxPerIp?: number;
    /**
     * Distinct notice IDs one client address may give wrong PINs for in a window; once reached, that address may not try another notice ID until the window ends (it may still retry the ones it tried). Stops one guess being sprayed over many notice IDs.
     */
    maxNoticeIdsPerIp?: number;
    /**
     * Length of the window the counts are kept for, in minutes; windows are fixed (aligned to the clock), so a lock lasts at most this long.
     */
    windowMinutes?: number;
  };
  /**
   * What happens to a submission that names a class member (Notice ID) or a vehicle (VIN) an earlier submission named. noticeId: earlier submissions with the same Notice ID; vin: with the same VIN. Only what the server authorized counts: the VIN, and the Notice ID when the claimant gave it with its PIN. Every rule defaults to "mark".
   */
  duplicates?: {
    noticeId?: DuplicateRule;
    vin?: DuplicateRule;
  };
}
/**
 * The rule for one identifier, per kind of earlier submission.
 *
 * This interface was referenced by `SettingsFile`'s JSON-Schema
 * via the `definition` "duplicateRule".
 */
export interface DuplicateRule {
  /**
   * An earlier submission of the same form (a second claim, a second exclusion request).
   */
  sameForm?: 'refuse' | 'mark' | 'allow';
  /**
   * An earlier submission of the other form (a claim after an exclusion request, or an exclusion request after a claim).
   */
  otherForm?: 'refuse' | 'mark' | 'allow';
}
