import { describe, expect, it } from 'vitest';
import { BACK, checkPage, fillExclusion, NEXT, next, type PageCheck } from './flow-steps';
import { openPage, screenshot, settled, withServerAndBrowser } from './harness';

const CASES = [
  {
    culture: 'en',
    member: { vin: '5EXMA1B20JC000202', noticeId: 'EXM-100002', pin: '730155', first: 'James', last: "O'Neil", email: 'james.oneil@example.com', phone: '2175550123' },
    texts: { summary: 'Review and Sign Your Exclusion Request', submitted: 'Your exclusion request has been submitted.', sending: 'Sending… This can take a few minutes' },
  },
  {
    culture: 'es',
    member: { vin: '5EXMS2D41KC000303', noticeId: 'EXM-100003', pin: '160482', first: 'Aiko', last: 'Tanaka', email: 'aiko@example.com', phone: '4165550177' },
    texts: { summary: 'Revise y firme', submitted: 'exclusión', sending: 'Enviando… Esto puede tardar unos minutos' },
  },
] as const;

describe('Exclusion request end to end (default theme)', () => {
  const e2e = withServerAndBrowser();

  it.each(CASES)('in $culture: start, claimant info, summary with signature, confirmation, stored', async ({ culture, member, texts }) => {
    const { page, context, errors } = await openPage(e2e.browser);
    const check: PageCheck = { theme: 'default', prefix: `exclusion-${culture}` };
    await page.goto(`${e2e.server.url}/exclusion${culture === 'en' ? '' : `?culture=${culture}`}`);
    await checkPage(page, check, 'start');
    expect(await page.getAttribute('html', 'lang')).toBe(culture);
    // The header stays one row on a desktop in every language (long labels move into the menu).
    expect((await page.locator('.cf-header').boundingBox())!.height).toBeLessThan(100);
    await page.fill('#credentials-vin', member.vin);
    await page.fill('#credentials-noticeId', member.noticeId);
    await page.fill('#credentials-pin', member.pin);
    await next(page, /\/exclusion\/claimant-info/);

    await checkPage(page, check, 'claimant-info');
    expect(await page.inputValue('#claimantInfo-firstName')).toBe(member.first);
    expect(await page.inputValue('#claimantInfo-lastName')).toBe(member.last);
    if (!(await page.inputValue('#claimantInfo-emailAddress'))) await page.fill('#claimantInfo-emailAddress', member.email);
    if (!(await page.inputValue('#claimantInfo-phoneNumber'))) await page.fill('#claimantInfo-phoneNumber', member.phone);
    await next(page, /\/exclusion\/claim-summary/);

    await checkPage(page, check, 'claim-summary');
    expect(await page.locator('#main-content h1').innerText()).toContain(texts.summary);
    expect(await page.locator('.cf-summary').innerText()).toContain(member.last);
    // Back and Next keep the answers.
    await page.click(BACK);
    await page.waitForURL(/\/exclusion\/claimant-info/);
    await settled(page);
    expect(await page.inputValue('#claimantInfo-emailAddress')).toBe(member.email);
    await next(page, /\/exclusion\/claim-summary/);

    await page.fill('#signature-confirmEmailAddress', member.email);
    await page.fill('#signature-confirmPhoneNumber', member.phone);
    await page.check('#signature-attestation');
    await page.fill('#signature-signature', `${member.first} ${member.last}`);
    // While the submit is in flight (held here), a status line says so and asks to keep the page open.
    expect(await page.locator('.cf-page__status').innerText()).toBe('');
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    // The submit names the claimant's culture in its address: matched by path.
    await page.route((url) => url.pathname === '/api/forms/exclusion', async (route) => {
      await held;
      await route.fallback();
    });
    await page.click(NEXT);
    await expect.poll(() => page.locator('.cf-page__status[role="status"]').innerText()).toContain(texts.sending);
    await screenshot(page, 'default', `exclusion-${culture}-submitting`);
    release();
    await page.waitForURL(/\/exclusion\/confirmation/);
    await checkPage(page, check, 'confirmation');
    const code = (await page.locator('.cf-confirmation__code').innerText()).trim();
    expect(await page.locator('.cf-confirmation__text').innerText()).toContain(texts.submitted);
    expect(await page.locator('.cf-confirmation__text strong').innerText()).toBe(code);
    const stored = await e2e.server.submission(code);
    expect(stored?.formType).toBe('Exclusion');
    expect(stored?.culture).toBe(culture);
    expect(JSON.stringify(stored?.payload)).toContain(member.last);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a Submit pressed before the server has told the signature date waits for it, and the claim goes with its date', async () => {
    const { page, context, errors } = await openPage(e2e.browser);
    // María: the other cases' members have filed theirs by now.
    const member = { vin: '5EXMA1B20HC000101', noticeId: 'EXM-100001', pin: '482913', name: 'Maria Garcia', email: 'maria.garcia@example.com', phone: '5105550142' };
    // The signature date's answer held (a slow network), the submits counted.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route((url) => url.pathname.endsWith('/signature-date'), async (route) => {
      await held;
      await route.fallback();
    });
    let submits = 0;
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/forms/exclusion') submits++;
    });
    await page.goto(`${e2e.server.url}/exclusion`);
    await settled(page);
    await fillExclusion(page, member);
    await page.click(NEXT);
    // Nothing sent without the date; sent once it is told.
    await page.waitForTimeout(300);
    expect(submits).toBe(0);
    release();
    await page.waitForURL(/\/exclusion\/confirmation/);
    expect(submits).toBe(1);
    const code = (await page.locator('.cf-confirmation__code').innerText()).trim();
    const stored = await e2e.server.submission(code);
    expect(JSON.stringify(stored?.payload)).toMatch(/"signatureDate":"\d{2}\/\d{2}\/\d{4}"/);
    expect(errors).toEqual([]);
    await context.close();
  });
});
