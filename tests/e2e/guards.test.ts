import { describe, expect, it } from 'vitest';
import { authorizeAutomotive, NEXT, startAutomotive } from './flow-steps';
import { axe, describeViolations, openPage, screenshot, settled, withServerAndBrowser } from './harness';

describe('routes and guards on the sample settlement', () => {
  const e2e = withServerAndBrowser();

  it('sends a protected page opened cold to /session-expired with the form and the culture', async () => {
    const { page, context } = await openPage(e2e.browser);
    await page.goto(`${e2e.server.url}/automotive/eligibility?culture=es`);
    await page.waitForURL(/\/session-expired\?form=Automotive&culture=es$/);
    await settled(page);
    expect(await page.locator('h1').innerText()).toBe('Su sesión ha vencido');
    expect(await page.getAttribute('html', 'lang')).toBe('es');
    const violations = await axe(page);
    await screenshot(page, 'default', 'session-expired-es');
    expect(violations, describeViolations(violations)).toEqual([]);
    await context.close();
  });

  it('opens the payment election page by path once authorized: check or electronic payment, the e-mail only for electronic', async () => {
    const { page, context, errors } = await openPage(e2e.browser);
    // Cold, without authorization: the guard sends the claimant to /session-expired.
    await page.goto(`${e2e.server.url}/automotive/payment-election`);
    await page.waitForURL(/\/session-expired\?form=Automotive&culture=en$/);
    await settled(page);
    // Before sending it there, the page asked the server for a claim in progress: 401, this browser
    // has none (Chromium logs that answer as a failed load). Nothing else may be logged.
    expect(errors.every((e) => e.includes('status of 401'))).toBe(true);
    errors.length = 0;

    await startAutomotive(page, e2e.server.url, 'en', null);
    // The address changes inside the app (as a link or the browser's history would change it).
    await page.evaluate(() => {
      window.history.pushState(null, '', '/automotive/payment-election');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await page.waitForURL(/\/automotive\/payment-election$/);
    await settled(page);
    expect(await page.locator('#main-content h1').innerText()).toBe('Payment Election');
    const method = page.locator('#paymentElection-paymentMethod');
    expect(await method.locator('legend').innerText()).toContain('How would you like to be paid?');
    expect(await method.getAttribute('aria-required')).toBe('true');
    expect(await page.locator('label[for="paymentElection-paymentMethod-0"]').innerText()).toBe('Paper check by mail');
    expect(await page.locator('label[for="paymentElection-paymentMethod-1"]').innerText()).toBe('Electronic payment');
    expect(await page.locator('#paymentElection-paymentEmail').count()).toBe(0);
    let violations = await axe(page);
    await screenshot(page, 'default', 'payment-election');
    expect(violations, describeViolations(violations)).toEqual([]);

    // Electronic payment: the e-mail shows, is required and refuses Next while empty.
    await page.check('#paymentElection-paymentMethod-1');
    const email = page.locator('#paymentElection-paymentEmail');
    await email.waitFor();
    expect(await email.getAttribute('aria-required')).toBe('true');
    await page.click(NEXT);
    await page.locator('.cf-error-summary').waitFor();
    expect(await page.locator('.cf-error-summary').innerText()).toContain('Enter the e-mail address for the electronic payment');
    expect(await email.getAttribute('aria-invalid')).toBe('true');
    violations = await axe(page);
    await screenshot(page, 'default', 'payment-election-electronic-errors');
    expect(violations, describeViolations(violations)).toEqual([]);

    // A check: no e-mail field, and no e-mail error left.
    await page.check('#paymentElection-paymentMethod-0');
    await expect.poll(() => email.count()).toBe(0);
    expect(await page.locator('.cf-error-summary').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the not-found page for an unknown path', async () => {
    const { page, context } = await openPage(e2e.browser);
    await page.goto(`${e2e.server.url}/no/such/page`);
    await settled(page);
    expect(await page.locator('h1').innerText()).toBe('Page not found');
    await context.close();
  });

  it('keeps the culture until the query supplies another one, and offers English when it is not English', async () => {
    const { page, context } = await openPage(e2e.browser);
    await page.goto(`${e2e.server.url}/vinlookup?culture=es`);
    await settled(page);
    expect(await page.locator('.cf-language__link').innerText()).toBe('English');
    await page.click('.cf-language__link');
    await page.waitForURL(/culture=en/);
    await page.waitForFunction(() => document.documentElement.lang === 'en');
    expect(await page.locator('.cf-language__link').count()).toBe(0);
    await context.close();
  });

  it("asks for the anti-forgery token while the page is parsed, before the app's script has arrived, and only once", async () => {
    const { page, context, errors } = await openPage(e2e.browser);
    const csrfRequests: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/csrf') csrfRequests.push(request.method());
    });
    // The app's entry script is held back until the token has been asked for.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/app\/dist\/assets\/index-[^/]*\.js$/, async (route) => {
      await held;
      await route.fallback();
    });
    const asked = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/csrf', { timeout: 10_000 });
    await page.goto(`${e2e.server.url}/automotive`, { waitUntil: 'commit' });
    await asked;
    release();
    await settled(page);
    // The app used that answer: authorize (which needs the token) passes, with no second request.
    await authorizeAutomotive(page);
    expect(csrfRequests).toEqual(['GET']);
    expect(errors).toEqual([]);
    await context.close();
  });

  // The first Intl object of a page is a long task (ICU starting): not while the page loads, but
  // once the claimant is in a field, in idle time, before later pages need dates and countries.
  it.each(['/automotive', '/vinlookup', '/exclusion'])('%s makes no Intl object while it loads, and its locale data once the claimant is in a field', async (path) => {
    const { page, context, errors } = await openPage(e2e.browser);
    await page.addInitScript(`(() => {
      window.__intlMade = [];
      for (const name of ['DateTimeFormat', 'NumberFormat', 'Collator', 'DisplayNames', 'PluralRules']) {
        Intl[name] = new Proxy(Intl[name], { construct(target, args) { window.__intlMade.push(name); return Reflect.construct(target, args); } });
      }
    })()`);
    await page.goto(`${e2e.server.url}${path}`);
    await settled(page);
    expect(await page.evaluate('window.__intlMade')).toEqual([]);
    await page.focus('#credentials-vin');
    await expect.poll(() => page.evaluate('window.__intlMade'), { timeout: 5000 }).toContain('DateTimeFormat');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('a settlement whose deadlines have passed', () => {
  const passed = (json: Record<string, unknown>) => {
    const deadlines = json.deadlines as Record<string, { deadlineDateTime: string }>;
    for (const entry of Object.values(deadlines)) entry.deadlineDateTime = '2020-01-01T00:00:00';
    return json;
  };
  const e2e = withServerAndBrowser({ deadlines: passed });

  it.each(['/automotive', '/vinlookup', '/exclusion', '/automotive/claim-summary'])('redirects %s to /deadline', async (path) => {
    const { page, context } = await openPage(e2e.browser);
    await page.goto(`${e2e.server.url}${path}`);
    await page.waitForURL(/\/deadline/);
    await settled(page);
    expect(await page.locator('h1').innerText()).toBe('The deadline has passed');
    const violations = await axe(page);
    expect(violations, describeViolations(violations)).toEqual([]);
    await screenshot(page, 'default', 'deadline');
    await context.close();
  });
});
