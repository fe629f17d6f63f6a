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
   * First analytics tag id, a Google tag id (G-…, UA-…-…, AW-…), or null (the default): without one the page loads no analytics script and sends nothing.
   */
  analyticsTagId?: string | null;
  /**
   * Second analytics tag id (configured through the first one's tag script), or null (the default).
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
    /**
     * When the server scans documents (CLAMD_URL is set) and the scanner cannot be reached, is too slow or answers with an error: "refuse" (the default) refuses the document with 503 and Retry-After, nothing stored; "acceptUnscanned" stores it marked unscanned (shown in the export) so that claimants are not held up.
     */
    scanUnavailable?: 'refuse' | 'acceptUnscanned';
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
  /**
   * Claims in progress kept by the server (saved on each Next and record save, resumed after re-authorizing with the same credentials, deleted when the claim is submitted).
   */
  drafts?: {
    /**
     * Days a claim in progress is kept after its last save; it is purged then, or at the form's deadline if that comes first (the housekeeping and `npm run admin -- drafts --purge`). Default 30.
     */
    retentionDays?: number;
  };
  /**
   * E-mail sent through the outbox (receipts, resume links).
   */
  mail?: {
    /**
     * Days the body, subject and recipient of an e-mail are kept after it was sent (or given up as failed); the housekeeping and `npm run admin -- outbox --purge` empty them after. Its delivery facts stay (kind, status, attempts, sent time, Message-ID, the key that keeps it from being queued twice). Default 30.
     */
    retentionDays?: number;
  };
  /**
   * Fraud and bot screening: each claim is given reason codes with their evidence, a risk score (the sum of the weights of its reasons) and a disposition (accepted, flagged for review, held). Nothing the claimant sees changes: a flagged or held claim gets its reference code and receipt like any other. By default claims are only flagged, never held.
   */
  fraud?: {
    /**
     * Days the client address, network, user agent and fill time of a claim are kept (for velocity and the fraud view); the housekeeping and `npm run admin -- fraud-purge` remove them after. Scores and reason codes stay with the claim. Default 180.
     */
    retentionDays?: number;
    /**
     * The fewest seconds between authorize and submit a person needs; a faster submit gets fast_fill. Keyed by form kind (`claim`, `exclusion`, as forms.json declares them; the spec's Automotive is a claim, Exclusion an exclusion) or by a form's id, which wins over its kind (`{ "Claim": 45 }`). Forms named neither way use 20. Default claim 90, exclusion 20.
     */
    minFillSeconds?: {
      [k: string]: number;
    };
    /**
     * The window velocity is counted in, in minutes (claims per address, network and session). Default 60.
     */
    windowMinutes?: number;
    /**
     * Claims from one client address (or at one mailing address) that are normal, a household's: the ones within it get only shared_address; from the next one on, velocity_address (duplicate_mailing_address). Default 3.
     */
    householdAllowance?: number;
    /**
     * Claims from one network (IPv4 /24, IPv6 /64) within windowMinutes before velocity_network. Default 20. At most 1000: the screening counts up to 1000 earlier claims per value.
     */
    networkAllowance?: number;
    /**
     * Claims from one browser session within windowMinutes before velocity_session. Default 2.
     */
    sessionAllowance?: number;
    /**
     * A captcha score (reCAPTCHA v3, hCaptcha Enterprise) below this gets low_captcha_score. Default 0.5.
     */
    minCaptchaScore?: number;
    /**
     * A risk score at or above this flags the claim for review. Default 30.
     */
    flagAt?: number;
    /**
     * A risk score at or above this holds the claim (kept, with its reference code, for review before payment); null never holds. Default null.
     */
    holdAt?: number | null;
    /**
     * Submits faster than minFillSeconds are counted per client address and per network in windowMinutes; past these counts they are refused with 429 before the claim is read. Submits at a person's pace are never counted or refused.
     */
    fastSubmits?: {
      /**
       * Fast submits from one client address. Default 20.
       */
      perAddress?: number;
      /**
       * Fast submits from one network (IPv4 /24, IPv6 /64). Default 60.
       */
      perNetwork?: number;
    };
    /**
     * Points each reason code adds to the risk score; 0 records the reason without scoring it.
     */
    weights?: {
      /**
       * The form's hidden field, which people never see and assistive technology skips, came back filled in. Default 60.
       */
      honeypot?: number;
      /**
       * The form was submitted sooner after authorize than minFillSeconds allows for its form. Default 40.
       */
      fast_fill?: number;
      /**
       * More claims than householdAllowance came from the client's address within windowMinutes. Default 30.
       */
      velocity_address?: number;
      /**
       * More claims than networkAllowance came from the client's network (IPv4 /24, IPv6 /64) within windowMinutes. Default 20.
       */
      velocity_network?: number;
      /**
       * More claims than sessionAllowance came from one browser session within windowMinutes. Default 40.
       */
      velocity_session?: number;
      /**
       * Another claim (up to householdAllowance) came from the same client address within windowMinutes, or gave the same mailing address: normal for a household. Default 5.
       */
      shared_address?: number;
      /**
       * An earlier claim gave the same Notice ID. Default 30.
       */
      duplicate_notice_id?: number;
      /**
       * An earlier claim gave the same VIN. Default 20.
       */
      duplicate_vin?: number;
      /**
       * An earlier claim gave the same e-mail address (case, Gmail dots and +tags ignored). Default 30.
       */
      duplicate_email?: number;
      /**
       * An earlier claim gave the same phone number (punctuation and country code ignored). Default 25.
       */
      duplicate_phone?: number;
      /**
       * At least householdAllowance earlier claims gave the same mailing address (abbreviations, unit, case ignored). Default 10.
       */
      duplicate_mailing_address?: number;
      /**
       * An earlier claim gave the same payment account. Default 30.
       */
      duplicate_payment_account?: number;
      /**
       * An earlier claim gave the same answers about the claim (details and transactions, case and punctuation ignored). Default 25.
       */
      duplicate_answers?: number;
      /**
       * An earlier claim uploaded a byte-identical document. Default 35.
       */
      duplicate_document?: number;
      /**
       * The user agent names a headless browser, an automation tool or an HTTP library. Default 40.
       */
      headless_agent?: number;
      /**
       * Headers every current browser sends (User-Agent, Accept-Language, Sec-Fetch-Site or Origin) were missing. Default 20.
       */
      missing_browser_headers?: number;
      /**
       * The captcha provider scored the request below minCaptchaScore (providers that give a score only). Default 30.
       */
      low_captcha_score?: number;
      /**
       * The e-mail address is at a disposable (throwaway) domain, from the disposable-email-domains list. Default 20.
       */
      disposable_email?: number;
    };
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
