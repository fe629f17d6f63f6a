import { describe, expect, it } from 'vitest';
import { checkPage, next, type PageCheck } from './flow-steps';
import { openPage, withServerAndBrowser, type Theme } from './harness';

/**
 * The confirmation page of an exclusion request: the reference code, the date and time of the
 * submission (weekday, date, time and zone, in the claimant's language), what happens next (a heading
 * and a paragraph from the settlement's locale), and Print (the browser's print dialog), pressed
 * by keyboard; in en and es, each theme, on a desktop and a phone, axe clean.
 */
const MEMBER = { vin: '5EXMA1B20JC000202', noticeId: 'EXM-100002', pin: '730155', email: 'james.oneil@example.com', phone: '2175550123', name: "James O'Neil" };
const TEXTS = {
  en: { heading: 'What happens next', next: 'you will not receive a payment from this settlement', print: 'Print', submittedAt: /^Submitted on [A-Z][a-z]+day, [A-Z][a-z]+ \d{1,2}, \d{4} at \d{1,2}:\d{2}\s[AP]M \S+$/ },
  es: { heading: 'Qué sucede ahora', next: 'no recibirá ningún pago de este acuerdo', print: 'Imprimir', submittedAt: /^Enviado el \p{Ll}+, \d{1,2} de \p{Ll}+ de \d{4}, \d{1,2}:\d{2}\s[ap]\.\s?m\. \S+$/u },
} as const;
const RUNS: Array<{ theme: Theme; culture: 'en' | 'es'; device: 'desktop' | 'phone' }> = [
  { theme: 'default', culture: 'en', device: 'desktop' },
  { theme: 'ftc', culture: 'es', device: 'phone' },
  { theme: 'kontent', culture: 'es', device: 'desktop' },
];
const VIEWPORTS = { desktop: { width: 1280, height: 900 }, phone: { width: 320, height: 640 } };

describe.each(RUNS)('the confirmation in the $theme theme, in $culture on a $device', ({ theme, culture, device }) => {
  const e2e = withServerAndBrowser({ theme });

  it('shows the reference code, what happens next, and prints by keyboard', async () => {
    const { page, context, errors } = await openPage(e2e.browser, VIEWPORTS[device]);
    const check: PageCheck = { theme, prefix: `confirmation-${culture}-${device}` };
    await page.goto(`${e2e.server.url}/exclusion${culture === 'en' ? '' : `?culture=${culture}`}`);
    await checkPage(page, { ...check, axe: false }, 'start');
    await page.fill('#credentials-vin', MEMBER.vin);
    await page.fill('#credentials-noticeId', MEMBER.noticeId);
    await page.fill('#credentials-pin', MEMBER.pin);
    await next(page, /\/exclusion\/claimant-info/);
    if (!(await page.inputValue('#claimantInfo-emailAddress'))) await page.fill('#claimantInfo-emailAddress', MEMBER.email);
    if (!(await page.inputValue('#claimantInfo-phoneNumber'))) await page.fill('#claimantInfo-phoneNumber', MEMBER.phone);
    await next(page, /\/exclusion\/claim-summary/);
    await page.fill('#signature-confirmEmailAddress', MEMBER.email);
    await page.fill('#signature-confirmPhoneNumber', MEMBER.phone);
    await page.check('#signature-attestation');
    await page.fill('#signature-signature', MEMBER.name);
    await next(page, /\/exclusion\/confirmation/);
    await checkPage(page, check, 'confirmation');

    const code = (await page.locator('.cf-confirmation__code').innerText()).trim();
    expect((await e2e.server.submission(code))?.culture).toBe(culture);
    const submittedAt = (await page.locator('.cf-confirmation__submitted-at').innerText()).trim();
    expect(submittedAt).toMatch(TEXTS[culture].submittedAt);
    const main = page.locator('#main-content');
    expect(await main.locator('h2', { hasText: TEXTS[culture].heading }).count()).toBe(1);
    // In reading order: the confirmation, the heading, its paragraph, then the answers.
    const order = await main.evaluate((root, heading) => {
      const h2 = Array.from(root.querySelectorAll('h2')).find((h) => h.textContent === heading)!;
      const paragraph = Array.from(root.querySelectorAll('.cf-copy__paragraph')).find((p) => h2.compareDocumentPosition(p) & Node.DOCUMENT_POSITION_FOLLOWING)!;
      const inOrder = [root.querySelector('.cf-confirmation')!, h2, paragraph, root.querySelector('.cf-summary')!].every(
        (el, i, all) => i === 0 || Boolean(all[i - 1]!.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING),
      );
      return { inOrder, paragraph: paragraph.textContent ?? '' };
    }, TEXTS[culture].heading);
    expect(order.inOrder).toBe(true);
    expect(order.paragraph).toContain(TEXTS[culture].next);

    // Print opens the browser's print dialog (counted here instead of opened).
    await page.evaluate(() => {
      const w = window as unknown as { printed: number };
      w.printed = 0;
      window.print = () => {
        w.printed += 1;
      };
    });
    const print = page.getByRole('button', { name: TEXTS[culture].print });
    await print.focus();
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });
});
