/**
 * The header and the banner draw the settlement's site chrome from the app settings: its links
 * (labels and titles translated, new-tab links said so), its logo, its languages (one → no
 * selector) and its banner when enabled.
 */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { resolveSiteChrome, type SiteFile } from '../../../runtime/core/site/chrome';
import { ServicesProvider } from '../../../runtime/app/context';
import { Banner } from '../../../runtime/app/layouts/Banner';
import { Header, type LayoutVariant } from '../../../runtime/app/layouts/Header';
import { SiteLinksInCulture } from '../../../runtime/app/App';
import { SETTINGS, testServices } from './fixtures';

const TEXTS: Record<string, string> = {
  LocKey_Site_Url: 'https://www.example-settlement.test',
  LocKey_Site_LogoAlt: 'Example Motors Settlement',
  LocKey_Site_Title: 'Battery Rebate Program',
  LocKey_Brand_Alt: 'Battery Rebate Settlement home',
  LocKey_Nav_Label: 'Settlement website',
  LocKey_Nav_Menu: 'Menu',
  LocKey_Nav_OpensInNewTab: '(opens in a new tab)',
  LocKey_Nav_Home: 'Home',
  LocKey_Nav_Faq: 'FAQ',
  LocKey_Nav_FaqAlt: 'Frequently asked questions',
  LocKey_Nav_Rebate: 'File a rebate claim',
  LocKey_Nav_WouldLikeTo: 'I would like to',
  LocKey_Nav_CheckClaimStatus: 'Check Claim Status',
  LocKey_Language_Label: 'Language',
  LocKey_Language_English: 'English',
  LocKey_Language_Spanish: 'Español',
  LocKey_Promo_Title: 'Battery Rebate Settlement',
  LocKey_Promo_Line1: 'Owners of 2019–2022 hybrids may claim a rebate.',
  LocKey_Promo_Line2: 'File before October 31, 2027.',
};

const FORMS = new Map([['Automotive', '/rebate']]);

function renderChrome(site: SiteFile, { variant = 'standard', culture = 'en' }: { variant?: LayoutVariant; culture?: string } = {}) {
  const chrome = resolveSiteChrome(site, FORMS, null);
  const services = testServices({ state: { settings: { ...SETTINGS, site: chrome }, culture, localizations: TEXTS, banner: chrome.banner } });
  const location = memoryLocation({ path: '/rebate', record: true });
  render(
    <ServicesProvider value={services}>
      <Router hook={location.hook} searchHook={location.searchHook}>
        <SiteLinksInCulture>
          <Header variant={variant} themeLogoSrc="/theme-logo.svg" />
          <Banner />
        </SiteLinksInCulture>
      </Router>
    </ServicesProvider>,
  );
  return { location };
}

describe('the header', () => {
  it('shows the links of the settings in order: the site root filled in, a form\'s first page in the same tab, titles from their alt keys', () => {
    renderChrome({
      header: [
        { labelKey: 'LocKey_Nav_Home', url: '{0}/' },
        { labelKey: 'LocKey_Nav_Faq', url: '{0}/faq', altKey: 'LocKey_Nav_FaqAlt' },
        { labelKey: 'LocKey_Nav_Rebate', form: 'Automotive' },
        { labelKey: 'LocKey_Nav_CheckClaimStatus', form: 'Lookup' },
      ],
    });
    const nav = screen.getByRole('navigation', { name: 'Settlement website' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href'), a.getAttribute('target')])).toEqual([
      ['Home (opens in a new tab)', 'https://www.example-settlement.test/', '_blank'],
      ['FAQ (opens in a new tab)', 'https://www.example-settlement.test/faq', '_blank'],
      ['File a rebate claim', '/rebate', '_self'],
    ]);
    expect(links[1]?.getAttribute('title')).toBe('Frequently asked questions');
    expect(links[0]?.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('keeps a Spanish page\'s culture in the links to a form (opened afresh), not in those to the settlement\'s website', () => {
    renderChrome({ header: [{ labelKey: 'LocKey_Nav_Faq', url: '{0}/faq' }, { labelKey: 'LocKey_Nav_Rebate', form: 'Automotive' }] }, { culture: 'es' });
    const links = within(screen.getByRole('navigation', { name: 'Settlement website' })).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['https://www.example-settlement.test/faq', '/rebate?culture=es']);
  });

  it('shows the settlement\'s logo with its text alternative, linked to the site root; else the theme\'s', () => {
    const chrome = resolveSiteChrome({ logo: { file: 'logo.png', altKey: 'LocKey_Brand_Alt' } }, FORMS, '/site/logo.png?v=abc');
    const services = testServices({ state: { settings: { ...SETTINGS, site: chrome }, culture: 'en', localizations: TEXTS } });
    const location = memoryLocation({ path: '/rebate' });
    render(
      <ServicesProvider value={services}>
        <Router hook={location.hook} searchHook={location.searchHook}>
          <Header variant="ftc" themeLogoSrc="/theme-logo.svg" />
        </Router>
      </ServicesProvider>,
    );
    const logo = screen.getByRole('img', { name: 'Battery Rebate Settlement home' });
    expect(logo?.getAttribute('src')).toBe('/site/logo.png?v=abc');
    expect(logo.closest('a')?.getAttribute('href')).toBe('https://www.example-settlement.test/');
  });

  it('shows the theme\'s mark and the settlement\'s own title when the settlement has no logo', () => {
    renderChrome({});
    // The mark carries no words of any settlement: the title names the link.
    const home = screen.getByRole('link', { name: 'Battery Rebate Program' });
    expect(home.getAttribute('href')).toBe('https://www.example-settlement.test/');
    expect(home.querySelector('img')?.getAttribute('src')).toBe('/theme-logo.svg');
    expect(home.querySelector('img')?.getAttribute('alt')).toBe('');
  });

  it('offers no language selector when the settlement offers one language, in any header', () => {
    renderChrome({ languages: [{ culture: 'es', labelKey: 'LocKey_Language_Spanish' }] }, { variant: 'kontent', culture: 'es' });
    expect(screen.queryByRole('button', { name: /Language/ })).toBeNull();
    expect(screen.queryByRole('link', { name: 'English' })).toBeNull();
  });

  it('offers only the listed languages in the content-style globe menu, a disclosure that Escape closes', async () => {
    renderChrome({ languages: [{ culture: 'en', labelKey: 'LocKey_Language_English' }, { culture: 'es', labelKey: 'LocKey_Language_Spanish' }] }, { variant: 'kontent', culture: 'es' });
    const toggle = screen.getByRole('button', { name: 'Language: Español' });
    await userEvent.click(toggle);
    expect(toggle?.getAttribute('aria-expanded')).toBe('true');
    const menu = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(within(menu).getAllByRole('link').map((a) => [a.textContent, a.getAttribute('lang')])).toEqual([
      ['English', 'en'],
      ['Español', 'es'],
    ]);
    await userEvent.keyboard('{Escape}');
    expect(toggle?.getAttribute('aria-expanded')).toBe('false');
  });

  it('links back to English on the standard header of a Spanish page', () => {
    renderChrome({}, { culture: 'es' });
    expect(screen.getByRole('link', { name: 'English' })?.getAttribute('href')).toBe('/rebate?culture=en');
  });

  it('shows the "would like to" menu on the content-style header only when it lists links', () => {
    renderChrome({ wouldLikeTo: [] }, { variant: 'kontent' });
    expect(screen.queryByRole('button', { name: 'I would like to' })).toBeNull();
  });

  it('lists the "would like to" links of the settings', async () => {
    renderChrome({ wouldLikeTo: [{ labelKey: 'LocKey_Nav_CheckClaimStatus', url: '{0}/status' }] }, { variant: 'kontent' });
    await userEvent.click(screen.getByRole('button', { name: 'I would like to' }));
    expect(screen.getByRole('link', { name: /^Check Claim Status/ })?.getAttribute('href')).toBe('https://www.example-settlement.test/status');
  });
});

describe('the banner', () => {
  it('shows its title and two lines, translated, when the settings enable it', () => {
    renderChrome({ banner: { enabled: true, headerKey: 'LocKey_Promo_Title', line1Key: 'LocKey_Promo_Line1', line2Key: 'LocKey_Promo_Line2' } });
    const banner = screen.getByRole('region', { name: 'Battery Rebate Settlement' });
    expect(within(banner).getByText('Owners of 2019–2022 hybrids may claim a rebate.')).toBeTruthy();
    expect(within(banner).getByText('File before October 31, 2027.')).toBeTruthy();
  });

  it('is not there when the settings leave it off', () => {
    renderChrome({ banner: { enabled: false, headerKey: 'LocKey_Promo_Title', line1Key: 'LocKey_Promo_Line1', line2Key: 'LocKey_Promo_Line2' } });
    expect(screen.queryByText('Battery Rebate Settlement')).toBeNull();
  });
});
