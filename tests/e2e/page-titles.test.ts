import { describe, expect, it } from 'vitest';
import { BACK, checkPage, next, type PageCheck } from './flow-steps';
import { openPage, settled, withServerAndBrowser } from './harness';

/**
 * WCAG 2.4.2: each page's browser title names the page, the form and the settlement, in the
 * claimant's language, and follows every navigation inside the app (Next, Back, the language
 * link) and the error, not-found, deadline and session-expired pages.
 */
const TEXTS = {
  en: {
    settlement: 'Example Motors CVT Transmission Settlement',
    start: 'File a Claim – Claim form',
    claimant: 'Your Contact Information – Claim form',
    lookup: 'VIN Lookup',
    notFound: 'Page not found',
    error: 'An error occurred',
    expired: 'Your session has expired – Claim form',
  },
  es: {
    settlement: 'Acuerdo sobre la transmisión CVT de Example Motors',
    start: 'Presentar un reclamo – Formulario de reclamo',
    claimant: 'Su información de contacto – Formulario de reclamo',
    lookup: 'Búsqueda de VIN',
    notFound: 'Página no encontrada',
    error: 'Se produjo un error',
    expired: 'Su sesión ha vencido – Formulario de reclamo',
  },
} as const;

const DEVICES = [
  ['desktop', { width: 1280, height: 900 }],
  ['phone', { width: 320, height: 640 }],
] as const;

describe('page titles', () => {
  const e2e = withServerAndBrowser();

  describe.each(['en', 'es'] as const)('in %s', (culture) => {
    const texts = TEXTS[culture];
    const query = culture === 'en' ? '' : `?culture=${culture}`;
    const title = (page: string) => `${page} – ${texts.settlement}`;

    it.each(DEVICES)('name the page, the form and the settlement on every page of a form, by keyboard on a %s', async (device, viewport) => {
      const { page, context, errors } = await openPage(e2e.browser, viewport);
      const check: PageCheck = { theme: 'default', prefix: `titles-${culture}-${device}`, axe: device === 'desktop' };
      await page.goto(`${e2e.server.url}/automotive${query}`);
      await checkPage(page, check, 'start');
      expect(await page.title()).toBe(title(texts.start));

      // Typed and sent by keyboard: Tab through the fields, Enter on Next.
      await page.focus('#credentials-vin');
      await page.keyboard.type('5EXMA1B20HC000101');
      await page.keyboard.press('Tab');
      await page.keyboard.type('EXM-100001');
      await page.keyboard.press('Tab');
      await page.keyboard.type('482913');
      await page.focus('.cf-page-actions .cf-button--primary');
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/automotive\/claimant-info/);
      await checkPage(page, check, 'claimant-info');
      expect(await page.title()).toBe(title(texts.claimant));

      await page.focus(BACK);
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/automotive(\?|$)/);
      await settled(page);
      expect(await page.title()).toBe(title(texts.start));
      await next(page, /\/automotive\/claimant-info/);
      expect(await page.title()).toBe(title(texts.claimant));
      expect(errors).toEqual([]);
      await context.close();
    });

    it('say a one-page form’s name once, and name the not-found, error and session-expired pages', async () => {
      const { page, context } = await openPage(e2e.browser);
      const check: PageCheck = { theme: 'default', prefix: `titles-${culture}` };
      await page.goto(`${e2e.server.url}/vinlookup${query}`);
      await checkPage(page, check, 'lookup');
      expect(await page.title()).toBe(title(texts.lookup));

      await page.goto(`${e2e.server.url}/no-such-page${query}`);
      await checkPage(page, check, 'not-found');
      expect(await page.title()).toBe(title(texts.notFound));

      await page.goto(`${e2e.server.url}/error${query}`);
      await checkPage(page, check, 'error');
      expect(await page.title()).toBe(title(texts.error));

      // A protected page opened cold: the guard's redirect renames the page too.
      await page.goto(`${e2e.server.url}/automotive/eligibility${query}`);
      await page.waitForURL(/\/session-expired\?form=Automotive/);
      await checkPage(page, check, 'session-expired');
      expect(await page.title()).toBe(title(texts.expired));
      await context.close();
    });
  });

  it('follow the language link', async () => {
    const { page, context } = await openPage(e2e.browser);
    await page.goto(`${e2e.server.url}/automotive?culture=es`);
    await settled(page);
    expect(await page.title()).toBe(`${TEXTS.es.start} – ${TEXTS.es.settlement}`);
    await page.focus('.cf-language__link');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.title()).toBe(`${TEXTS.en.start} – ${TEXTS.en.settlement}`);
    await context.close();
  });
});

describe('the title of the deadline page', () => {
  const passed = (json: Record<string, unknown>) => {
    for (const entry of Object.values(json.deadlines as Record<string, { deadlineDateTime: string }>)) entry.deadlineDateTime = '2020-01-01T00:00:00';
    return json;
  };
  const e2e = withServerAndBrowser({ deadlines: passed });

  it.each([
    ['en', 'The deadline has passed – Example Motors CVT Transmission Settlement'],
    ['es', 'La fecha límite ha vencido – Acuerdo sobre la transmisión CVT de Example Motors'],
  ])('names it in %s', async (culture, expected) => {
    const { page, context } = await openPage(e2e.browser);
    await page.goto(`${e2e.server.url}/automotive?culture=${culture}`);
    await page.waitForURL(/\/deadline/);
    await checkPage(page, { theme: 'default', prefix: `titles-${culture}` }, 'deadline');
    expect(await page.title()).toBe(expected);
    await context.close();
  });
});
