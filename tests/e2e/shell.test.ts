import { describe, expect, it } from 'vitest';
import { PAGE_CHUNKS, readManifest, themeStylesheets } from '../../server/routes/app-shell/preload';
import { axe, builtApp, describeViolations, openPage, screenshot, settled, withServerAndBrowser, type Theme } from './harness';

const THEMES: Theme[] = ['default', 'ftc', 'kontent'];

describe.each(THEMES)('the %s theme', (theme) => {
  const e2e = withServerAndBrowser({ theme });

  it('loads exactly one theme stylesheet and shows its layout with header, footer and the page', async () => {
    const { page, context, errors } = await openPage(e2e.browser);
    const css: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'stylesheet' || r.url().endsWith('.css')) css.push(r.url());
    });
    await page.goto(`${e2e.server.url}/page-not-found`);
    await settled(page);
    expect(await page.locator('#page-load-spinner').isHidden()).toBe(true);
    expect(await page.getAttribute('html', 'data-theme')).toBe(theme);
    const variant = { default: 'standard', ftc: 'ftc', kontent: 'kontent' }[theme];
    await expect.poll(() => page.locator(`.cf-layout--${variant}`).count()).toBe(1);
    expect(await page.locator(`.cf-footer--${variant}`).count()).toBe(1);
    expect(await page.locator('h1').innerText()).toBe('Page not found');
    // The drawn page carries the rules it shows inline and links its stylesheets after it: exactly
    // one theme's, fetched once, and no other theme's.
    const named = await page.locator('link[rel="stylesheet"]').evaluateAll((links) => links.map((l) => (l instanceof HTMLLinkElement ? l.href : '')));
    const themes = named.filter((u) => /theme-.*\.css$/.test(u));
    expect(themes).toHaveLength(1);
    expect(css.filter((u) => /theme-.*\.css$/.test(u))).toEqual(themes);
    const violations = await axe(page);
    await screenshot(page, theme, 'page-not-found');
    expect(violations, describeViolations(violations)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the header links of spec §1 with their targets, and the footer with the current year', async () => {
    const { page, context } = await openPage(e2e.browser);
    await page.goto(`${e2e.server.url}/error`);
    await settled(page);
    const links = page.locator('.cf-header__links a');
    const texts = await links.allInnerTexts();
    if (theme === 'kontent') {
      expect(texts.map((t) => t.split('\n')[0]?.replace(/\(opens in a new tab\)/, '').trim())).toEqual(['Home', 'Key Dates', 'FAQ', 'Important Documents']);
      expect(await page.locator('.cf-would-like').count()).toBe(1);
      expect(await page.locator('.cf-language--globe').count()).toBe(1);
    } else {
      expect(await links.count()).toBe(7);
      expect(await page.locator('.cf-header__links a', { hasText: 'VIN Lookup' }).getAttribute('target')).toBe('_self');
      expect(await page.locator('.cf-header__links a', { hasText: 'FAQ' }).getAttribute('target')).toBe('_blank');
      expect(await page.locator('.cf-would-like').count()).toBe(0);
    }
    expect(await page.locator('.cf-footer__copyright').innerText()).toContain(String(new Date().getFullYear()));
    expect(await page.locator('.cf-footer__privacy').getAttribute('target')).toBe('_blank');
    await screenshot(page, theme, 'error');
    await context.close();
  });

  it('is usable at 320 px wide', async () => {
    const { page, context } = await openPage(e2e.browser, { width: 320, height: 640 });
    await page.goto(`${e2e.server.url}/deadline`);
    await settled(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.click('.cf-header__menu-toggle');
    await page.waitForSelector('.cf-header__collapse--open');
    await screenshot(page, theme, 'narrow-320-menu');
    const violations = await axe(page);
    expect(violations, describeViolations(violations)).toEqual([]);
    await context.close();
  });
});

describe('the app page of a production build', () => {
  it('preloads chunks and stylesheets the build has: every page kind its page (the layout and the form host are in the entry), every theme its stylesheets', async () => {
    const manifest = readManifest(builtApp());
    expect(manifest).not.toBeNull();
    const missing = [
      ...Object.values(PAGE_CHUNKS).flat(),
      ...THEMES.flatMap((theme) => themeStylesheets(theme)),
    ].filter((key) => manifest![key] === undefined);
    expect(missing).toEqual([]);
  });
});
