import type { Translate } from '../widgets/types';

/**
 * The project site the header and footer link to. A settlement sets it by the LocKey_Site_Url
 * localization; without it the links stay on this host.
 */
export function siteRoot(t: Translate): string {
  const value = t('LocKey_Site_Url');
  return value === 'LocKey_Site_Url' ? '' : value.replace(/\/$/, '');
}

/** The privacy policy (LocKey_Site_PrivacyPolicyUrl), else the project site's /privacy. */
export function privacyPolicyUrl(t: Translate): string {
  const value = t('LocKey_Site_PrivacyPolicyUrl');
  return value === 'LocKey_Site_PrivacyPolicyUrl' ? `${siteRoot(t)}/privacy` : value;
}
