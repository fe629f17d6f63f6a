/**
 * The second settlement (tests/settlements/second), made of JSON only: the real server started
 * as `npm start` starts it, with SETTLEMENT_DIR pointing at the folder, and a claim filed through
 * that settlement's own pages, paths, fields, skip rule and texts. Then live preview: with the
 * server started as `npm run dev` starts it, editing the folder's locale and flow files updates
 * the open page in place and keeps what was typed.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FlowFile } from '../../runtime/core/types';
import { copySettlementFolder } from '../../settlement/read';
import { readConfig } from '../../server/config';
import { startServer, type RunningServer } from '../../server/main';
import { checkPage, NEXT, next, type PageCheck } from './flow-steps';
import { axe, builtApp, describeViolations, launchBrowser, openPage, ROOT, settled } from './harness';

const SECOND = path.join(ROOT, 'tests/settlements/second');

interface Started {
  server: RunningServer;
  url: string;
  stop(): Promise<void>;
}

/** server/main.ts's startServer with the configuration read from the environment variables given. */
async function startWith(settlementDir: string, extra: { livePreview?: boolean } = {}): Promise<Started> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cf-e2e-second-'));
  const config = readConfig({
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: dataDir,
    SETTLEMENT_DIR: settlementDir,
    APP_DIST_DIR: builtApp(),
    SESSION_SECRET: 'second-settlement-secret-of-at-least-32-chars',
  });
  const server = await startServer(config, extra);
  server.app.log.level = 'warn';
  return {
    server,
    url: server.url.replace('localhost', '127.0.0.1'),
    async stop() {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function authorize(page: import('playwright-core').Page, url: string): Promise<void> {
  await page.goto(`${url}/rebate`);
  await settled(page);
  await page.fill('#credentials-vin', '5EXMB7C31LC000511');
  await page.fill('#credentials-noticeId', 'BAT-200001');
  await page.fill('#credentials-pin', '915204');
  await next(page, /\/rebate\/contact$/);
}

describe('a second settlement made of JSON only', () => {
  let started: Started;
  let browser: Browser;
  beforeAll(async () => {
    [started, browser] = await Promise.all([startWith(SECOND), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await started?.stop();
  });

  it('serves its own page paths and none of the sample settlement\'s', async () => {
    for (const url of ['/rebate', '/rebate/contact', '/rebate/battery-receipt', '/battery-check', '/opt-out/claim-summary']) {
      expect((await fetch(`${started.url}${url}`)).status, url).toBe(200);
    }
    for (const url of ['/automotive', '/vinlookup', '/exclusion']) expect((await fetch(`${started.url}${url}`)).status, url).toBe(404);
  });

  it('links its header to its own lookup and opt-out pages, never to the sample settlement\'s', async () => {
    const { page, context, errors } = await openPage(browser);
    await page.goto(`${started.url}/rebate`);
    await settled(page);
    const hrefs = await page.locator('.cf-header__links a').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(hrefs.filter((h) => h?.startsWith('/'))).toEqual(['/battery-check', '/opt-out']);
    await page.click('.cf-header__links a[href="/battery-check"]');
    await page.waitForURL(/\/battery-check$/);
    await settled(page);
    expect(await page.locator('h1').innerText()).not.toBe('Page not found');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('files a battery rebate claim through its own pages, with the receipt page its skip rule keeps', async () => {
    const { page, context, errors } = await openPage(browser);
    const check: PageCheck = { theme: 'default', prefix: 'second-rebate' };
    await page.goto(`${started.url}/rebate`);
    await checkPage(page, check, 'start');
    expect(await page.locator('#main-content h1').innerText()).toBe('File a battery rebate claim');
    // Its deadline, named by a deadline date key: shown in its own zone (Eastern), not Pacific.
    expect(await page.locator('#main-content').innerText()).toMatch(/Claims must be filed online by:\s+Sunday, October 31, 2027 at 11:59\sPM EDT/);
    await page.fill('#credentials-vin', '5EXMB7C31LC000511');
    await page.fill('#credentials-noticeId', 'BAT-200001');
    await page.fill('#credentials-pin', '915204');
    await next(page, /\/rebate\/contact$/);

    // Its claimant page: no middle initial, no alternate phone; prefilled.
    await checkPage(page, check, 'contact');
    expect(await page.locator('#main-content h1').innerText()).toBe('How we reach you');
    expect(await page.inputValue('#claimantInfo-firstName')).toBe('Priya');
    expect(await page.inputValue('#claimantInfo-mailingCity')).toBe('Madison');
    expect(await page.locator('#claimantInfo-middleInitial').count()).toBe(0);
    expect(await page.locator('#claimantInfo-alternatePhoneNumber').count()).toBe(0);
    await next(page, /\/rebate\/vehicle$/);

    // Its extra page, with its own fields and rules.
    await checkPage(page, check, 'vehicle');
    await page.click(NEXT);
    await page.locator('.cf-error-summary').waitFor();
    await page.selectOption('#claimDetails-purchaseType', 'used');
    await page.fill('#claimDetails-odometerReading', '48210');
    await page.check('#claimDetails-batteryReplaced-0');
    await next(page, /\/rebate\/battery-receipt$/);

    await checkPage(page, check, 'battery-receipt');
    await page.fill('#claimDetails-replacementDate', '11/02/2025');
    await page.fill('#claimDetails-replacementCost', '4310.55');
    await next(page, /\/rebate\/review$/);

    await checkPage(page, check, 'review');
    const summary = await page.locator('.cf-summary').innerText();
    for (const value of ['Priya', 'Raman', '48 Lakeview Dr', '48210', '11/02/2025']) expect(summary).toContain(value);
    expect(await page.locator('#signature-confirmPhoneNumber').count()).toBe(0);
    await page.fill('#signature-confirmEmailAddress', 'priya.raman@example.com');
    await page.check('#signature-attestation');
    await page.fill('#signature-signature', 'Priya Raman');
    await page.click(NEXT);
    await page.waitForURL(/\/rebate\/thank-you$/);
    await checkPage(page, check, 'thank-you');
    const code = (await page.locator('.cf-confirmation__code').innerText()).trim();
    expect(await page.locator('.cf-confirmation__text').innerText()).toContain('Your battery rebate claim has been received.');

    const stored = await started.server.app.stores.submissions.getByReferenceCode(code);
    expect(stored?.formType).toBe('Automotive');
    expect(JSON.stringify(stored?.payload)).toContain('"batteryReplaced":"true"');
    expect(JSON.stringify(stored?.payload)).toContain('"replacementDate":"11/02/2025"');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('in Spanish, answering No skips the receipt page', async () => {
    const { page, context, errors } = await openPage(browser);
    await page.goto(`${started.url}/rebate?culture=es`);
    await settled(page);
    expect(await page.locator('#main-content h1').innerText()).toBe('Presente una solicitud de reembolso de batería');
    expect(await page.locator('#main-content').innerText()).toMatch(/a más tardar el:\s+domingo, 31 de octubre de 2027,? 11:59\sp\.\s?m\. EDT/);
    await page.fill('#credentials-vin', '5EXMB7C31MC000612');
    await next(page, /\/rebate\/contact/);
    await page.fill('#claimantInfo-firstName', 'Tomás');
    await page.fill('#claimantInfo-lastName', 'Becker');
    await page.fill('#claimantInfo-mailingStreetLine1', '9 Wacker Dr');
    await page.fill('#claimantInfo-mailingCity', 'Chicago');
    await page.selectOption('#claimantInfo-mailingSubDivision', 'IL');
    await page.fill('#claimantInfo-mailingPostalCode', '60601');
    await page.fill('#claimantInfo-emailAddress', 'tom.becker@example.com');
    await page.fill('#claimantInfo-phoneNumber', '3125550166');
    await next(page, /\/rebate\/vehicle/);
    expect(await page.locator('#main-content h1').innerText()).toBe('Su vehículo');
    await page.selectOption('#claimDetails-purchaseType', 'new');
    await page.fill('#claimDetails-odometerReading', '30100');
    await page.check('#claimDetails-batteryReplaced-1');
    await next(page, /\/rebate\/review/);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('live preview on the second settlement', () => {
  let started: Started;
  let browser: Browser;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'cf-e2e-live-'));
    copySettlementFolder(SECOND, dir);
    [started, browser] = await Promise.all([startWith(dir, { livePreview: true }), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await started?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('an edited locale and flow update the open page in place, keeping the answers typed so far', async () => {
    const { page, context, errors } = await openPage(browser);
    await authorize(page, started.url);
    await page.fill('#claimantInfo-phoneNumber', '6085550199');
    await page.fill('#claimantInfo-firstName', 'Priyanka');
    await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'same document'));

    // A text.
    const en = path.join(dir, 'locales', 'en.json');
    const texts = JSON.parse(readFileSync(en, 'utf8')) as Record<string, string>;
    texts.LocKey_Rebate_Contact_Title = 'Where we send your rebate';
    writeFileSync(en, JSON.stringify(texts, null, 2));
    await page.waitForFunction(() => document.querySelector('#main-content h1')?.textContent === 'Where we send your rebate');

    // A flow: a new help text under a field, and the page's intro from another key.
    const file = path.join(dir, 'flows', 'automotive.json');
    const flow = JSON.parse(readFileSync(file, 'utf8')) as FlowFile;
    const contact = flow.pages.find((p) => p.id === 'claimant-info')!;
    (contact.blocks[1] as { paragraphs: string[] }).paragraphs = ['LocKey_Rebate_Receipt_Intro'];
    writeFileSync(file, JSON.stringify(flow, null, 2));
    await page.locator('#main-content', { hasText: 'Enter the date and the amount on your replacement receipt.' }).waitFor();

    // An invalid edit changes nothing on the page: the page is told (it warns on its console) and stays.
    const told = page.waitForEvent('console', { predicate: (m) => m.type() === 'warning' && m.text().includes('Live preview: the change was not applied') });
    writeFileSync(file, readFileSync(file, 'utf8').replace('"key": "lastName"', '"key": "surname"'));
    await told;

    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('same document');
    expect(page.url()).toMatch(/\/rebate\/contact$/);
    expect(await page.inputValue('#claimantInfo-firstName')).toBe('Priyanka');
    expect(await page.inputValue('#claimantInfo-phoneNumber')).toBe('(608) 555-0199');
    expect(await page.locator('#claimantInfo-lastName').count()).toBe(1);

    // The form keeps working on the changed flow: still authorized, Next goes on.
    await next(page, /\/rebate\/vehicle$/);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('an edited site.json and a new logo redraw the header and banner in place, keeping the answers', async () => {
    // The folder as shipped again (the test before left a broken flow, which would hold every change back).
    const shipped = mkdtempSync(path.join(tmpdir(), 'cf-e2e-second-'));
    copySettlementFolder(SECOND, shipped);
    cpSync(path.join(shipped, 'flows'), path.join(dir, 'flows'), { recursive: true });
    rmSync(shipped, { recursive: true, force: true });
    const { page, context, errors } = await openPage(browser);
    await authorize(page, started.url);
    await page.fill('#claimantInfo-firstName', 'Priyanka');
    await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'same document'));
    expect(await page.locator('.cf-banner').count()).toBe(0);

    writeFileSync(
      path.join(dir, 'brand.svg'),
      '<svg xmlns="http://www.w3.org/2000/svg" width="240" height="48" viewBox="0 0 240 48"><rect width="240" height="48" fill="#0b3d91"/></svg>\n',
    );
    writeFileSync(
      path.join(dir, 'site.json'),
      JSON.stringify({
        logo: { file: 'brand.svg', altKey: 'LocKey_Site_LogoAlt' },
        header: [{ labelKey: 'LocKey_Nav_ExcludeYourself', form: 'Exclusion' }],
        banner: { enabled: true, headerKey: 'LocKey_Banner_Header', line1Key: 'LocKey_Banner_Line1', line2Key: 'LocKey_Banner_Line2' },
      }),
    );
    await page.locator('.cf-banner').waitFor();
    await expect.poll(() => page.locator('.cf-header__links a').evaluateAll((links) => links.map((a) => a.getAttribute('href')))).toEqual(['/opt-out']);
    const logo = page.locator('header img[src^="/site/logo.svg"]');
    await logo.waitFor();
    await expect.poll(() => logo.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);

    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('same document');
    expect(await page.inputValue('#claimantInfo-firstName')).toBe('Priyanka');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('a settlement with its own site.json', () => {
  let started: Started;
  let browser: Browser;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'cf-e2e-site-'));
    copySettlementFolder(SECOND, dir);
    writeFileSync(
      path.join(dir, 'logo.svg'),
      '<svg xmlns="http://www.w3.org/2000/svg" width="240" height="48" viewBox="0 0 240 48"><rect width="240" height="48" fill="#0b3d91"/><text x="12" y="32" fill="#fff" font-size="20">Battery Rebate</text></svg>\n',
    );
    writeFileSync(
      path.join(dir, 'site.json'),
      JSON.stringify({
        logo: { file: 'logo.svg', altKey: 'LocKey_Site_LogoAlt' },
        header: [{ labelKey: 'LocKey_Nav_Faq', url: '{0}/faq' }, { labelKey: 'LocKey_Nav_ExcludeYourself', form: 'Exclusion' }],
        languages: [{ culture: 'en', labelKey: 'LocKey_Language_English' }],
        banner: { enabled: true, headerKey: 'LocKey_Banner_Header', line1Key: 'LocKey_Banner_Line1', line2Key: 'LocKey_Banner_Line2' },
      }),
    );
    [started, browser] = await Promise.all([startWith(dir), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await started?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('shows its logo, its links and its banner, and offers no language to switch to: Spanish, which it does not offer, is an unknown culture', async () => {
    const enTexts = JSON.parse(readFileSync(path.join(dir, 'locales', 'en.json'), 'utf8')) as Record<string, string>;
    const { page, context, errors } = await openPage(browser);
    await page.goto(`${started.url}/rebate?culture=es`);
    await settled(page);
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    const logo = page.locator('.cf-header__logo img');
    expect(await logo.getAttribute('src')).toMatch(/^\/site\/logo\.svg\?v=/);
    // Drawn: the image loaded under the page's security policy.
    await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(240);
    expect(await page.locator('.cf-header__links a').evaluateAll((links) => links.map((a) => a.getAttribute('href')))).toEqual([`${enTexts.LocKey_Site_Url}/faq`, '/opt-out']);
    expect(await page.locator('.cf-banner__title').innerText()).toBe(enTexts.LocKey_Banner_Header);
    expect(await page.locator('.cf-language').count()).toBe(0);
    const violations = await axe(page);
    expect(violations, describeViolations(violations)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
