/**
 * Generated from schemas/settlement/site.schema.json by `npm run schemas:types` (scripts/schemas-types.ts).
 * Do not edit: change the schema, then run the command again.
 */

/**
 * A link: to an address (url), or to a form of this app (form).
 *
 * This interface was referenced by `SiteFile`'s JSON-Schema
 * via the `definition` "link".
 */
export type Link = FormLink | UrlLink;
/**
 * This interface was referenced by `SiteFile`'s JSON-Schema
 * via the `definition` "locKey".
 */
export type LocKey = string;

/**
 * The settlement's logo, header links, content-style header links, 'would like to' dropdown, languages offered and banner. Optional: without this file (or for a part it leaves out) the app shows the default chrome, leaving out links to forms the settlement does not have. Every *Key is a localization key present in every locale file.
 */
export interface SiteFile {
  $schema?: string;
  /**
   * The header logo, linking to the site root. Absent: the theme's logo.
   */
  logo?: {
    /**
     * An image in the settlement folder (svg, png or webp), e.g. "logo.svg" or "assets/logo.png"; served at /site/logo.<extension>.
     */
    file: string;
    /**
     * The logo's text alternative.
     */
    altKey: string;
  };
  /**
   * The links of the standard and ftc headers, in order. Absent: Home, Key Dates, Important Documents, FAQ, File a Claim on the site root, then VIN Lookup and Exclude Yourself when the settlement has those forms.
   */
  header?: Link[];
  /**
   * The links of the content-style (kontent theme) header. Absent: Home, Key Dates, FAQ, Important Documents.
   */
  contentHeader?: Link[];
  /**
   * The content-style header's 'I would like to' dropdown; an empty list shows no dropdown. Absent: Check Claim Status, Upload Documents, Change My Address.
   */
  wouldLikeTo?: Link[];
  /**
   * The cultures the language selector offers, each with a locale file. One culture: no selector. Absent: English and Spanish.
   *
   * @minItems 1
   */
  languages?: {
    /**
     * The culture, as its locale file is named ("en" for en.json).
     */
    culture: string;
    /**
     * The language's name as the selector shows it.
     */
    labelKey: string;
  }[];
  /**
   * The banner under the header: a title and two lines. Absent: off.
   */
  banner?: {
    /**
     * Whether the banner shows.
     */
    enabled: boolean;
    /**
     * The banner's title.
     */
    headerKey: string;
    /**
     * The first line of copy.
     */
    line1Key: string;
    /**
     * The second line of copy.
     */
    line2Key: string;
  };
}
/**
 * This interface was referenced by `SiteFile`'s JSON-Schema
 * via the `definition` "formLink".
 */
export interface FormLink {
  /**
   * The link's text.
   */
  labelKey: string;
  /**
   * The form type of one of the settlement's flows ("Lookup", "Exclusion"): the link opens the form's first page, in the same tab.
   */
  form: string;
  /**
   * A longer description, shown as the link's title.
   */
  altKey?: string;
}
/**
 * This interface was referenced by `SiteFile`'s JSON-Schema
 * via the `definition` "urlLink".
 */
export interface UrlLink {
  /**
   * The link's text.
   */
  labelKey: string;
  /**
   * A plain address ("https://example.com/faq", "/vinlookup") or a template whose {0} is the site root (the LocKey_Site_Url text): "{0}/faq".
   */
  url: string;
  /**
   * A longer description, shown as the link's title.
   */
  altKey?: string;
  /**
   * _blank (default) opens a new tab; _self the same tab.
   */
  target?: '_blank' | '_self';
}
