import { useT } from '../context';
import { privacyPolicyUrl, siteRoot } from '../site';
import type { LayoutVariant } from './Header';

const ADDRESS_LINES = ['LocKey_Footer_MailingAddressLine1', 'LocKey_Footer_MailingAddressLine2', 'LocKey_Footer_MailingAddressLine3'];

/**
 * Spec §1 footer: a call to visit the website, phone, e-mail and mailing address (all from
 * localization keys), copyright with the current year, privacy policy in a new tab.
 */
export function Footer({ variant, now = new Date() }: { variant: LayoutVariant; now?: Date }) {
  const t = useT();
  const root = siteRoot(t);
  const newTab = <span className="cf-sr-only"> {t('LocKey_Nav_OpensInNewTab')}</span>;
  const phone = t('LocKey_Footer_PhoneNumber');
  const email = t('LocKey_Footer_EmailAddress');
  const [phoneBefore, phoneAfter] = t('LocKey_Footer_Phone', '\u0000').split('\u0000');
  const [emailBefore, emailAfter] = t('LocKey_Footer_Email', '\u0000').split('\u0000');
  return (
    <footer className={`cf-footer cf-footer--${variant}`}>
      <div className="cf-footer__inner">
        <div className="cf-footer__brand">
          <p className="cf-footer__site">{t('LocKey_Site_Title')}</p>
          <p className="cf-footer__cta">
            <a href={`${root}/`} target="_blank" rel="noopener noreferrer">
              {t('LocKey_Footer_CallToAction')}
              {newTab}
            </a>
          </p>
        </div>
        <ul className="cf-footer__contact">
          <li className="cf-footer__item cf-footer__item--phone">
            {phoneBefore}
            <a href={`tel:${phone.replace(/[^\d+]/g, '')}`}>{phone}</a>
            {phoneAfter}
          </li>
          <li className="cf-footer__item cf-footer__item--email">
            {emailBefore}
            <a href={`mailto:${email}`}>{email}</a>
            {emailAfter}
          </li>
        </ul>
        <div className="cf-footer__address">
          <p className="cf-footer__heading">{t('LocKey_Footer_MailingAddressHeading')}</p>
          <address>
            {ADDRESS_LINES.map((key) => (
              <span className="cf-footer__address-line" key={key}>
                {t(key)}
              </span>
            ))}
          </address>
        </div>
      </div>
      <div className="cf-footer__legal">
        <p className="cf-footer__copyright">{t('LocKey_Footer_Copyright', now.getFullYear())}</p>
        <a className="cf-footer__privacy" href={privacyPolicyUrl(t)} target="_blank" rel="noopener noreferrer">
          {t('LocKey_Footer_PrivacyPolicy')}
          {newTab}
        </a>
      </div>
    </footer>
  );
}
