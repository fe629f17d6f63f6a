import { useEffect, useId, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { useLocation, useSearch } from 'wouter';
import { Icon, type IconName } from '../../widgets/Icon';
import { useCulture, useT } from '../context';
import { siteRoot } from '../site';
import { CONTENT_NAV, LANGUAGES, STANDARD_NAV, WOULD_LIKE_TO, linkTarget, linkUrl, type NavOption } from './navOptions';

export type LayoutVariant = 'standard' | 'ftc' | 'kontent';

interface HeaderProps {
  variant: LayoutVariant;
  logoSrc: string;
}

function NavLink({ option, root }: { option: NavOption; root: string }) {
  const t = useT();
  const target = linkTarget(option);
  const label = t(option.label);
  return (
    <a
      className="cf-header__link"
      href={linkUrl(option, root)}
      target={target}
      rel={target === '_blank' ? 'noopener noreferrer' : undefined}
      title={option.headerLinkAlt ? t(option.headerLinkAlt) : undefined}
    >
      {label}
      {target === '_blank' ? <span className="cf-sr-only"> {t('LocKey_Nav_OpensInNewTab')}</span> : null}
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

function LanguageLinks({ variant }: { variant: LayoutVariant }) {
  const t = useT();
  const culture = useCulture();
  const hrefFor = useCultureHref();
  const [, navigate] = useLocation();
  const go = (e: React.MouseEvent, href: string) => {
    e.preventDefault();
    navigate(href);
  };
  if (variant === 'kontent') {
    const current = LANGUAGES.find((l) => l.culture === culture) ?? LANGUAGES[0]!;
    return (
      <Dropdown className="cf-language cf-language--globe cf-header__language" icon="language" label={`${t('LocKey_Language_Label')}: ${t(current.labelKey)}`}>
        {LANGUAGES.map((l) => (
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
  if (culture === 'en') return null;
  return (
    <div className="cf-language cf-header__language">
      <a className="cf-language__link" href={hrefFor('en')} lang="en" onClick={(e) => go(e, hrefFor('en'))}>
        English
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

/** Spec §1 header: logo to the site root, links, the optional 'would like to' dropdown, language. */
export function Header({ variant, logoSrc }: HeaderProps) {
  const t = useT();
  const root = siteRoot(t);
  const [menuOpen, setMenuOpen] = useState(false);
  const navId = useId();
  const options = variant === 'kontent' ? CONTENT_NAV : STANDARD_NAV;
  const wouldLikeTo = variant === 'kontent';
  const innerRef = useRef<HTMLDivElement>(null);
  const compact = useCompactNav(innerRef, options.map((o) => t(o.label)).join('|'));
  return (
    <header className={`cf-header cf-header--${variant}${compact ? ' cf-header--compact' : ''}`}>
      <div className="cf-header__inner" ref={innerRef}>
        <a className="cf-header__logo" href={`${root}/`}>
          <img src={logoSrc} alt={t('LocKey_Site_LogoAlt')} width="220" height="48" />
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
              {options.map((o) => (
                <li key={o.label}>
                  <NavLink option={o} root={root} />
                </li>
              ))}
            </ul>
          </nav>
          {wouldLikeTo ? (
            <Dropdown className="cf-would-like" label={t('LocKey_Nav_WouldLikeTo')}>
              {WOULD_LIKE_TO.map((o) => (
                <li key={o.label}>
                  <a className="cf-dropdown__item" href={linkUrl(o, root)} target="_blank" rel="noopener noreferrer">
                    {t(o.label)}
                    <span className="cf-sr-only"> {t('LocKey_Nav_OpensInNewTab')}</span>
                  </a>
                </li>
              ))}
            </Dropdown>
          ) : null}
        </div>
        {/* Outside the menu: the way back to English is always on screen (spec §1). */}
        <LanguageLinks variant={variant} />
      </div>
    </header>
  );
}
