import { useContext, useEffect, useId, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { useLocation, useSearch } from 'wouter';
import { Icon, type IconName } from '../../widgets/Icon';
import { isSitePath } from '../../core/i18n/culture';
import { SiteLinkContext } from '../../widgets/site-links';
import { linkHref, type ResolvedLink, type SiteLanguage } from '../../core/site/chrome';
import { useApp, useCulture, useT } from '../context';
import { siteRoot } from '../site';

export type LayoutVariant = 'standard' | 'ftc' | 'kontent';

interface HeaderProps {
  variant: LayoutVariant;
  /** The theme's mark, shown beside the settlement's title when the settlement has no logo of its own. */
  themeLogoSrc: string;
}

/** A link of the site chrome (settings.site): a new tab unless it says otherwise. */
function ChromeLink({ link, root, className }: { link: ResolvedLink; root: string; className: string }) {
  const t = useT();
  const sitePath = useContext(SiteLinkContext);
  const newTab = link.target === '_blank';
  const href = linkHref(link, root);
  return (
    <a
      className={className}
      href={isSitePath(href) ? sitePath(href) : href}
      target={link.target}
      rel={newTab ? 'noopener noreferrer' : undefined}
      title={link.altKey ? t(link.altKey) : undefined}
    >
      {t(link.labelKey)}
      {newTab ? <span className="cf-sr-only"> {t('LocKey_Nav_OpensInNewTab')}</span> : null}
    </a>
  );
}

/** A disclosure menu: a button that shows a list of links; Escape and a click outside close it. */
function Dropdown({ label, icon, className, children }: { label: string; icon?: IconName; className: string; children: React.ReactNode }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const onDoc = (e: MouseEvent) => {
      if (ref.current && !ref.current.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    document.addEventListener('mousedown', onDoc);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDoc);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);
  return (
    <div className={`cf-dropdown ${className}`} ref={ref}>
      <button type="button" className="cf-dropdown__toggle" aria-expanded={open} aria-controls={id} onClick={() => setOpen((o) => !o)}>
        {icon ? (
          <span className="cf-dropdown__icon" aria-hidden="true">
            <Icon name={icon} size={18} />
          </span>
        ) : null}
        {label}
        <span className="cf-dropdown__caret" aria-hidden="true" />
      </button>
      <ul className="cf-dropdown__menu" id={id} hidden={!open}>
        {children}
      </ul>
    </div>
  );
}

/** Current address with another culture in its query: the culture guard picks it up. */
function useCultureHref(): (culture: string) => string {
  const [location] = useLocation();
  const search = useSearch();
  return (culture) => {
    const query = new URLSearchParams(search);
    query.set('culture', culture);
    return `${location}?${query.toString()}`;
  };
}

/**
 * Spec §1 language selector over the settlement's languages (settings.site.languages; one → none):
 * the content-style header's globe dropdown lists them all; the others show, on a page in any other
 * culture, a link to the first one listed (English by default).
 */
function LanguageLinks({ variant, languages }: { variant: LayoutVariant; languages: readonly SiteLanguage[] }) {
  const t = useT();
  const culture = useCulture();
  const hrefFor = useCultureHref();
  const [, navigate] = useLocation();
  const go = (e: React.MouseEvent, href: string) => {
    e.preventDefault();
    navigate(href);
  };
  const first = languages[0];
  if (!first || languages.length < 2) return null;
  if (variant === 'kontent') {
    const current = languages.find((l) => l.culture === culture) ?? first;
    return (
      <Dropdown className="cf-language cf-language--globe cf-header__language" icon="language" label={`${t('LocKey_Language_Label')}: ${t(current.labelKey)}`}>
        {languages.map((l) => (
          <li key={l.culture}>
            <a
              className="cf-dropdown__item"
              href={hrefFor(l.culture)}
              lang={l.culture}
              aria-current={l.culture === culture ? 'true' : undefined}
              onClick={(e) => go(e, hrefFor(l.culture))}
            >
              {t(l.labelKey)}
            </a>
          </li>
        ))}
      </Dropdown>
    );
  }
  if (culture === first.culture) return null;
  return (
    <div className="cf-language cf-header__language">
      <a className="cf-language__link" href={hrefFor(first.culture)} lang={first.culture} onClick={(e) => go(e, hrefFor(first.culture))}>
        {t(first.labelKey)}
      </a>
    </div>
  );
}

/**
 * Whether the header links would wrap onto a second line on a wide screen (long labels in some
 * languages): then the header keeps the menu button, as on a phone. Measured before paint, again
 * after each resize and when the labels change.
 */
function useCompactNav(inner: RefObject<HTMLDivElement | null>, labels: string): boolean {
  const [compact, setCompact] = useState(false);
  const [width, setWidth] = useState(() => (typeof window === 'undefined' ? 0 : window.innerWidth));
  useEffect(() => {
    const onResize = () => setWidth(window.innerWidth);
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  // A new width or new labels: measure the full row again.
  useLayoutEffect(() => setCompact(false), [width, labels]);
  useLayoutEffect(() => {
    const root = inner.current;
    if (compact || !root) return;
    const toggle = root.querySelector<HTMLElement>('.cf-header__menu-toggle');
    const links = root.querySelector<HTMLElement>('.cf-header__links');
    const first = links?.querySelector<HTMLElement>('.cf-header__link');
    // The phone layout already shows the menu button.
    if (!toggle || !links || !first || getComputedStyle(toggle).display !== 'none') return;
    if (links.getBoundingClientRect().height > first.getBoundingClientRect().height * 1.5) setCompact(true);
  }, [compact, width, labels, inner]);
  return compact;
}

/**
 * Spec §1 header: logo to the site root, links, the optional 'would like to' dropdown, language.
 * The logo, links and languages are the settlement's site chrome (settings.site).
 */
export function Header({ variant, themeLogoSrc }: HeaderProps) {
  const t = useT();
  const site = useApp((s) => s.settings.site);
  const root = siteRoot(t);
  const [menuOpen, setMenuOpen] = useState(false);
  const navId = useId();
  const links = variant === 'kontent' ? site.contentHeader : site.header;
  // Only the content-style header has the dropdown, and only when it lists something.
  const wouldLikeTo = variant === 'kontent' && site.wouldLikeTo.length > 0;
  const innerRef = useRef<HTMLDivElement>(null);
  const compact = useCompactNav(innerRef, links.map((l) => t(l.labelKey)).join('|'));
  const ownLogo = site.logo.src;
  return (
    <header className={`cf-header cf-header--${variant}${compact ? ' cf-header--compact' : ''}`}>
      <div className="cf-header__inner" ref={innerRef}>
        <a className="cf-header__logo" href={`${root}/`}>
          {ownLogo ? (
            <img src={ownLogo} alt={t(site.logo.altKey)} />
          ) : (
            // The theme's mark carries no words: the settlement's own title names the link.
            <>
              <img src={themeLogoSrc} alt="" width="40" height="48" />
              <span className="cf-header__brand">{t('LocKey_Site_Title')}</span>
            </>
          )}
        </a>
        <button
          type="button"
          className="cf-header__menu-toggle"
          aria-expanded={menuOpen}
          aria-controls={navId}
          onClick={() => setMenuOpen((o) => !o)}
        >
          <span className="cf-header__menu-bars" aria-hidden="true" />
          {t('LocKey_Nav_Menu')}
        </button>
        <div className={`cf-header__collapse${menuOpen ? ' cf-header__collapse--open' : ''}`} id={navId}>
          <nav className="cf-header__nav" aria-label={t('LocKey_Nav_Label')}>
            <ul className="cf-header__links">
              {links.map((link) => (
                <li key={`${link.labelKey} ${link.url}`}>
                  <ChromeLink link={link} root={root} className="cf-header__link" />
                </li>
              ))}
            </ul>
          </nav>
          {wouldLikeTo ? (
            <Dropdown className="cf-would-like" label={t('LocKey_Nav_WouldLikeTo')}>
              {site.wouldLikeTo.map((link) => (
                <li key={`${link.labelKey} ${link.url}`}>
                  <ChromeLink link={link} root={root} className="cf-dropdown__item" />
                </li>
              ))}
            </Dropdown>
          ) : null}
        </div>
        {/* Outside the menu: the way back to English is always on screen (spec §1). */}
        <LanguageLinks variant={variant} languages={site.languages} />
      </div>
    </header>
  );
}
