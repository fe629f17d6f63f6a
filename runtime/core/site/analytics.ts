/**
 * The analytics tags of the spec's app settings (settings.json `analyticsTagId`,
 * `analyticsTagId2`): Google tags, loaded only when one is configured. The page then loads
 * Google's tag script (gtag.js) for the first id and the settlement's own configuration script,
 * which names each id; the security policy allows Google's tag hosts, and only then.
 */

/** A Google tag id: G-… (Google Analytics 4), UA-…-… (Universal Analytics) or AW-… (Google Ads). */
export const ANALYTICS_TAG_PATTERN = '^(G-[A-Z0-9]{4,20}|UA-[0-9]{4,12}-[0-9]{1,4}|AW-[0-9]{6,14})$';

/** What the checker says of an id that does not match. */
export const ANALYTICS_TAG_HINT = 'use a Google tag id such as "G-AB12CD34EF" (Google Analytics 4), "UA-12345678-1" or "AW-123456789", or null for none';

/** The tag script's address for an id. */
export const gtagScriptUrl = (id: string): string => `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(id)}`;

/**
 * The origins the security policy adds when a tag is configured (Google's published policy for its
 * tag: the script from the tag manager, measurements sent to the analytics hosts).
 */
export const ANALYTICS_CSP = {
  scriptSrc: ['https://*.googletagmanager.com'],
  connectSrc: ['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://*.googletagmanager.com'],
  imgSrc: ['https://*.google-analytics.com', 'https://*.googletagmanager.com'],
} as const;

/** The ids configured, first then second, without the empty ones. */
export function analyticsTagIds(settings: { analyticsTagId: string | null; analyticsTagId2: string | null }): string[] {
  return [settings.analyticsTagId, settings.analyticsTagId2].filter((id): id is string => typeof id === 'string' && id !== '');
}
