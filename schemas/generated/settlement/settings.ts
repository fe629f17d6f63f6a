/**
 * Generated from schemas/settlement/settings.schema.json by `npm run schemas:types` (scripts/schemas-types.ts).
 * Do not edit: change the schema, then run the command again.
 */

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
   * Send the claimant to /error when authorize or submit fails.
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
   * Wrong Notice ID/PIN attempts allowed per client IP and per notice ID in a window.
   */
  pinAttempts?: {
    max?: number;
    windowMinutes?: number;
  };
}
