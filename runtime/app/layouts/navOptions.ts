/** A header link (spec §3 nav option). Labels and alt texts are localization keys. */
export interface NavOption {
  label: string;
  headerLinkAlt?: string;
  /** A plain URL or a template whose {0} is the project site root. */
  headerLinkUrl: string;
  /** Default '_blank' (a new tab); local links open in the same tab. */
  headerLinkTarget?: '_blank' | '_self';
}

/** Spec §1 header links. VIN Lookup and Exclude Yourself are pages of this app. */
export const STANDARD_NAV: NavOption[] = [
  { label: 'LocKey_Nav_Home', headerLinkUrl: '{0}/' },
  { label: 'LocKey_Nav_KeyDates', headerLinkUrl: '{0}/dates' },
  { label: 'LocKey_Nav_ImportantDocuments', headerLinkUrl: '{0}/documents' },
  { label: 'LocKey_Nav_Faq', headerLinkUrl: '{0}/faq' },
  { label: 'LocKey_Nav_FileAClaim', headerLinkUrl: '{0}/claim' },
  { label: 'LocKey_Nav_VinLookup', headerLinkUrl: '/vinlookup', headerLinkTarget: '_self' },
  { label: 'LocKey_Nav_ExcludeYourself', headerLinkUrl: '/exclusion', headerLinkTarget: '_self' },
];

/** The content-style header lists only these four. */
export const CONTENT_NAV: NavOption[] = [
  { label: 'LocKey_Nav_Home', headerLinkUrl: '{0}/' },
  { label: 'LocKey_Nav_KeyDates', headerLinkUrl: '{0}/dates' },
  { label: 'LocKey_Nav_Faq', headerLinkUrl: '{0}/faq' },
  { label: 'LocKey_Nav_ImportantDocuments', headerLinkUrl: '{0}/documents' },
];

/** The optional 'would like to' dropdown. */
export const WOULD_LIKE_TO: NavOption[] = [
  { label: 'LocKey_Nav_CheckClaimStatus', headerLinkUrl: '{0}/claim/status' },
  { label: 'LocKey_Nav_UploadDocuments', headerLinkUrl: '{0}/documents' },
  { label: 'LocKey_Nav_ChangeMyAddress', headerLinkUrl: '{0}/coa' },
];

export const LANGUAGES: Array<{ culture: string; labelKey: string }> = [
  { culture: 'en', labelKey: 'LocKey_Language_English' },
  { culture: 'es', labelKey: 'LocKey_Language_Spanish' },
];

/** Fills a link template: {0} is the site root without a trailing slash. */
export function linkUrl(option: NavOption, siteRoot: string): string {
  return option.headerLinkUrl.replace('{0}', siteRoot.replace(/\/$/, ''));
}

export function linkTarget(option: NavOption): '_blank' | '_self' {
  return option.headerLinkTarget ?? '_blank';
}
