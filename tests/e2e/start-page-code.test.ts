import { describe, expect, it } from 'vitest';
import { readManifest } from '../../server/routes/app-shell/preload';
import { builtApp, openPage, settled, withServerAndBrowser } from './harness';

/**
 * Code a form's start page leaves for later (manifest keys, relative to runtime/app): the form
 * machine until the claimant's first move; the later
 * pages' blocks (the address form with its state and country lists among them) and widgets with the documents' upload transport, the saved-for-later panel and the
 * session warning of the pages after sign-in, and the submit (payload building and its multipart form) with the checks of the answers
 * after sign-in.
 */
const BLOCKS_AND_WIDGETS = ['../widgets/blocks/address.tsx', '../widgets/blocks/records.tsx', '../widgets/blocks/summary.tsx', '../widgets/blocks/confirmation.tsx', '../widgets/date.tsx', '../widgets/file.tsx', 'upload.ts', 'forms/SavedForLaterPanel.tsx', '../widgets/SessionTimeoutModal.tsx'];
const CLAIM_CHECKS = '../core/api/claim-checks.ts';
const SUBMIT = ['../core/payload/build.ts', '../core/payload/multipart.ts', CLAIM_CHECKS];
/** The captcha provider's code and script, which a start page is drawn and looked at without. */
const CAPTCHA_PROVIDER = '../widgets/captcha-provider.ts';
const PROVIDER_SCRIPT = "the provider's script";
/** The form machine (XState and the form's machine), which a start page shows and takes answers without. */
const FORM_ENGINE = 'forms/formEngine.ts';

describe("a form's start page and the code of later steps", () => {
  const e2e = withServerAndBrowser();

  it("loads none of it while the page loads; once the claimant is in a field, the captcha provider's code and script, and in idle time the later pages, the saved-for-later panel, the session warning and the submit", async () => {
    const manifest = readManifest(builtApp());
    const later = new Map([...BLOCKS_AND_WIDGETS, ...SUBMIT, CAPTCHA_PROVIDER, FORM_ENGINE].map((key) => [`/app/dist/${manifest?.[key]?.file ?? `missing ${key}`}`, key]));
    const { page, context, errors } = await openPage(e2e.browser);
    const requested = new Set<string>();
    page.on('request', (request) => {
      const url = new URL(request.url());
      // The emulator serves the provider's script at /<provider>/api.js, as the providers do.
      const key = later.get(url.pathname) ?? (url.pathname.endsWith('/api.js') ? PROVIDER_SCRIPT : undefined);
      if (key) requested.add(key);
    });
    await page.goto(`${e2e.server.url}/automotive`);
    await settled(page);
    await page.waitForLoadState('networkidle');
    expect([...requested]).toEqual([]);
    await page.focus('#credentials-vin');
    await expect.poll(() => [...requested].sort(), { timeout: 10_000, message: 'asked for once the claimant is in a field' }).toEqual([...BLOCKS_AND_WIDGETS, ...SUBMIT, CAPTCHA_PROVIDER, PROVIDER_SCRIPT, FORM_ENGINE].sort());
    // The provider's widget is rendered in the page once its script is in.
    await page.locator('.cf-captcha[data-captcha-emulator]').waitFor({ state: 'attached' });
    expect(errors).toEqual([]);
    await context.close();
  });

  // The start page budget (tests/server/bundle-budget.test.ts, bench/bundle.ts) is the gzip of the
  // entry's chunk and what it imports; Chromium's own count of a start page's scripts is that, when
  // the page loads nothing else until the claimant moves.
  it.each(['/automotive', '/vinlookup', '/exclusion'])('%s, only looked at, loads no script but the entry and what it imports (what the start page budget counts)', async (path) => {
    const manifest = readManifest(builtApp()) ?? {};
    const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
    const counted = new Set<string>();
    const count = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || counted.has(chunk.file)) return;
      counted.add(chunk.file);
      chunk.imports?.forEach(count);
    };
    count(Object.keys(manifest).find((key) => manifest[key] === entry) ?? 'no entry');
    const { page, context, errors } = await openPage(e2e.browser);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname.replace('/app/dist/', ''));
    });
    await page.goto(`${e2e.server.url}${path}`);
    await settled(page);
    await page.waitForLoadState('networkidle');
    // What the page leaves for the browser's idle time has been asked for by then.
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => requestIdleCallback(resolve))));
    await page.waitForLoadState('networkidle');
    expect(counted.size).toBeGreaterThan(0);
    expect(scripts.filter((file) => !counted.has(file))).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  // The sign-in's answer is read with the claim checks: loaded by the press, their request and
  // parse would stand between the server's answer and the next page.
  it.each([
    { form: 'a form that files a claim', path: '/automotive', answers: { '#credentials-vin': '5EXMA1B20HC000101', '#credentials-noticeId': 'EXM-100001', '#credentials-pin': '482913' }, answered: '.cf-page h1' },
    { form: 'a VIN lookup, which submits nothing', path: '/vinlookup', answers: { '#credentials-vin': '5EXMA1B20JC000202' }, answered: '.cf-feedback--success' },
  ])('on $form, the code that reads the sign-in\'s answer is in before the press, once the claimant is in a field', async ({ path, answers, answered }) => {
    const manifest = readManifest(builtApp());
    const checks = `/app/dist/${manifest?.[CLAIM_CHECKS]?.file ?? `missing ${CLAIM_CHECKS}`}`;
    const { page, context, errors } = await openPage(e2e.browser);
    const checksRequested: string[] = [];
    let pressed = false;
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === checks) checksRequested.push(pressed ? 'after the press' : 'before the press');
    });
    await page.goto(`${e2e.server.url}${path}`);
    await settled(page);
    const heading = await page.locator('.cf-page h1').innerText();
    for (const [field, value] of Object.entries(answers)) await page.fill(field, value);
    await expect.poll(() => checksRequested, { timeout: 10_000 }).toEqual(['before the press']);
    pressed = true;
    await page.click('.cf-page-actions .cf-button--primary');
    await expect.poll(async () => (await page.locator(answered).count()) > 0 && (await page.locator(answered).first().innerText()) !== heading, { timeout: 20_000 }).toBe(true);
    expect(checksRequested).toEqual(['before the press']);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('signs in when the press comes before the form machine\'s code: the button is busy while it comes, and the answers typed are sent', async () => {
    const manifest = readManifest(builtApp());
    const engine = `/app/dist/${manifest?.[FORM_ENGINE]?.file ?? `missing ${FORM_ENGINE}`}`;
    const { page, context, errors } = await openPage(e2e.browser);
    let release = () => undefined as void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let engineAsked = false;
    await context.route(`**${engine}`, async (route) => {
      engineAsked = true;
      await released;
      await route.continue();
    });
    await page.goto(`${e2e.server.url}/automotive`);
    await settled(page);
    await page.fill('#credentials-vin', '5EXMA1B20HC000101');
    await page.fill('#credentials-noticeId', 'EXM-100001');
    await page.fill('#credentials-pin', '482913');
    await expect.poll(() => engineAsked).toBe(true);
    await page.click('.cf-page-actions .cf-button--primary');
    expect(await page.getAttribute('.cf-page-actions .cf-button--primary', 'aria-busy')).toBe('true');
    expect(new URL(page.url()).pathname).toBe('/automotive');
    expect(await page.inputValue('#credentials-pin')).toBe('482913');
    release();
    await page.waitForURL(/\/automotive\/claimant-info/);
    await settled(page);
    expect(errors).toEqual([]);
    await context.close();
  });
});
