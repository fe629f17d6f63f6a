/**
 * The site chrome of a settlement (its optional site.json): the logo, the header's links, the
 * content-style header's links, the 'would like to' dropdown, the cultures offered and the banner.
 * The server resolves it once (form links become the form's first page) and embeds the result in
 * the app settings; the checker and the server share the defaults below.
 */

/** A link to a page of the project site, or anywhere: `url` is plain or a template whose {0} is the site root. */
export interface SiteUrlLink {
  labelKey: string;
  url: string;
  altKey?: string;
  /** Default '_blank' (a new tab). */
  target?: '_blank' | '_self';
}

/** A link to a form of this app: its first page, in the same tab. */
export interface SiteFormLink {
  labelKey: string;
  form: string;
  altKey?: string;
}

export type SiteLink = SiteUrlLink | SiteFormLink;

export interface SiteLanguage {
  culture: string;
  labelKey: string;
}

export interface SiteBanner {
  enabled: boolean;
  headerKey: string;
  line1Key: string;
  line2Key: string;
}

/** site.json as written (schemas/settlement/site.schema.json); every part optional. */
export interface SiteFile {
  $schema?: string;
  logo?: { file: string; altKey: string };
  header?: SiteLink[];
  contentHeader?: SiteLink[];
  wouldLikeTo?: SiteLink[];
  languages?: SiteLanguage[];
  banner?: SiteBanner;
}

/** A link as the app draws it. `url` may still hold {0}, filled with the site root of the culture. */
export interface ResolvedLink {
  labelKey: string;
  url: string;
  altKey?: string;
  target: '_blank' | '_self';
}

/** The chrome embedded in the app settings (AppSettings.site). */
export interface SiteChrome {
  /** The settlement's logo, or null for the theme's. */
  logo: { src: string | null; altKey: string };
  header: ResolvedLink[];
  contentHeader: ResolvedLink[];
  wouldLikeTo: ResolvedLink[];
  languages: SiteLanguage[];
  banner: SiteBanner;
}

/** The image types a settlement logo may have, by file extension. */
export const LOGO_TYPES = { svg: 'image/svg+xml', png: 'image/png', webp: 'image/webp' } as const;
export type LogoExtension = keyof typeof LOGO_TYPES;

export const DEFAULT_LOGO_ALT_KEY = 'LocKey_Site_LogoAlt';

/** Spec §1 header links; VIN Lookup and Exclude Yourself are forms of this app. */
export const DEFAULT_HEADER: readonly SiteLink[] = [
  { labelKey: 'LocKey_Nav_Home', url: '{0}/' },
  { labelKey: 'LocKey_Nav_KeyDates', url: '{0}/dates' },
  { labelKey: 'LocKey_Nav_ImportantDocuments', url: '{0}/documents' },
  { labelKey: 'LocKey_Nav_Faq', url: '{0}/faq' },
  { labelKey: 'LocKey_Nav_FileAClaim', url: '{0}/claim' },
  { labelKey: 'LocKey_Nav_VinLookup', form: 'Lookup' },
  { labelKey: 'LocKey_Nav_ExcludeYourself', form: 'Exclusion' },
];

/** The content-style header lists only these four. */
export const DEFAULT_CONTENT_HEADER: readonly SiteLink[] = [
  { labelKey: 'LocKey_Nav_Home', url: '{0}/' },
  { labelKey: 'LocKey_Nav_KeyDates', url: '{0}/dates' },
  { labelKey: 'LocKey_Nav_Faq', url: '{0}/faq' },
  { labelKey: 'LocKey_Nav_ImportantDocuments', url: '{0}/documents' },
];

/** The content-style header's 'would like to' dropdown. */
export const DEFAULT_WOULD_LIKE_TO: readonly SiteLink[] = [
  { labelKey: 'LocKey_Nav_CheckClaimStatus', url: '{0}/claim/status' },
  { labelKey: 'LocKey_Nav_UploadDocuments', url: '{0}/documents' },
  { labelKey: 'LocKey_Nav_ChangeMyAddress', url: '{0}/coa' },
];

export const DEFAULT_LANGUAGES: readonly SiteLanguage[] = [
  { culture: 'en', labelKey: 'LocKey_Language_English' },
  { culture: 'es', labelKey: 'LocKey_Language_Spanish' },
];

export const DEFAULT_BANNER: SiteBanner = { enabled: false, headerKey: 'LocKey_Banner_Header', line1Key: 'LocKey_Banner_Line1', line2Key: 'LocKey_Banner_Line2' };

export const isFormLink = (link: SiteLink): link is SiteFormLink => 'form' in link;

/** The forms of the settlement a link can name: form type → the path of its first page. */
export type FormEntryPaths = ReadonlyMap<string, string>;

/**
 * The chrome the app draws. Parts site.json leaves out take the defaults; a default link to a
 * form the settlement does not have is left out (the checker refuses such a link in site.json,
 * so one there is left out too rather than sent to a page that does not exist). `languages` are
 * those offered when site.json lists none (the server passes defaultLanguages of its locale files).
 */
export function resolveSiteChrome(
  site: SiteFile | undefined,
  forms: FormEntryPaths,
  logoSrc: string | null = null,
  languages: readonly SiteLanguage[] = DEFAULT_LANGUAGES,
): SiteChrome {
  const resolveList = (links: readonly SiteLink[]): ResolvedLink[] =>
    links.flatMap((link): ResolvedLink[] => {
      const alt = link.altKey ? { altKey: link.altKey } : {};
      if (!isFormLink(link)) return [{ labelKey: link.labelKey, url: link.url, ...alt, target: link.target ?? '_blank' }];
      const path = forms.get(link.form);
      return path === undefined ? [] : [{ labelKey: link.labelKey, url: path, ...alt, target: '_self' }];
    });
  return {
    logo: { src: site?.logo ? logoSrc : null, altKey: site?.logo?.altKey ?? DEFAULT_LOGO_ALT_KEY },
    header: resolveList(site?.header ?? DEFAULT_HEADER),
    contentHeader: resolveList(site?.contentHeader ?? DEFAULT_CONTENT_HEADER),
    wouldLikeTo: resolveList(site?.wouldLikeTo ?? DEFAULT_WOULD_LIKE_TO),
    languages: [...(site?.languages ?? languages)],
    banner: { ...(site?.banner ?? DEFAULT_BANNER) },
  };
}

/** Fills a link's template: {0} is the site root without a trailing slash. */
export function linkHref(link: Pick<ResolvedLink, 'url'>, siteRoot: string): string {
  return link.url.replace('{0}', siteRoot.replace(/\/$/, ''));
}

/** The extension of a logo file name when it is an allowed image type. */
export function logoExtension(file: string): LogoExtension | undefined {
  const ext = /\.([a-z]+)$/i.exec(file)?.[1]?.toLowerCase();
  return ext === 'svg' || ext === 'png' || ext === 'webp' ? ext : undefined;
}

/**
 * Whether the bytes are what the extension says: PNG and WebP by their signatures, SVG by an
 * <svg element near the start (after any XML declaration, comments or doctype).
 */
export function isLogoImage(ext: LogoExtension, bytes: Uint8Array): boolean {
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  switch (ext) {
    case 'png':
      return bytes.length > 8 && bytes[0] === 0x89 && ascii(1, 4) === 'PNG';
    case 'webp':
      return bytes.length > 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP';
    case 'svg':
      return /<svg[\s>]/.test(new TextDecoder().decode(bytes.subarray(0, 4096)));
  }
}
