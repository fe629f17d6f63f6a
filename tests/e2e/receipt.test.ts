import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startMailSink, type MailSink } from '../support/mail-sink';
import { checkPage, next } from './flow-steps';
import { launchBrowser, openPage, startE2eServer, type E2eServer } from './harness';

/**
 * The e-mail receipt, end to end: an exclusion request filed in Chromium against the real server,
 * which sends its receipt over SMTP to a real SMTP server on 127.0.0.1; the confirmation page says
 * where the receipt goes, and the receipt carries the reference code the page shows, the answers,
 * and no PIN.
 */
const MEMBER = { vin: '5EXMA1B20JC000202', noticeId: 'EXM-100002', pin: '730155', email: 'james.oneil@example.com', phone: '2175550123', name: "James O'Neil" };

describe('the e-mail receipt', () => {
  let sink: MailSink;
  let server: E2eServer;
  let browser: Browser;
  beforeAll(async () => {
    sink = await startMailSink();
    [server, browser] = await Promise.all([startE2eServer({ smtpUrl: sink.url }), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await sink?.close();
  });

  it('is sent once the request is filed, and the confirmation page says where', async () => {
    const { page, context, errors } = await openPage(browser);
    await page.goto(`${server.url}/exclusion`);
    await page.fill('#credentials-vin', MEMBER.vin);
    await page.fill('#credentials-noticeId', MEMBER.noticeId);
    await page.fill('#credentials-pin', MEMBER.pin);
    await next(page, /\/exclusion\/claimant-info/);
    await page.fill('#claimantInfo-emailAddress', MEMBER.email);
    if (!(await page.inputValue('#claimantInfo-phoneNumber'))) await page.fill('#claimantInfo-phoneNumber', MEMBER.phone);
    await next(page, /\/exclusion\/claim-summary/);
    await page.fill('#signature-confirmEmailAddress', MEMBER.email);
    await page.fill('#signature-confirmPhoneNumber', MEMBER.phone);
    await page.check('#signature-attestation');
    await page.fill('#signature-signature', MEMBER.name);
    await next(page, /\/exclusion\/confirmation/);
    await checkPage(page, { theme: 'default', prefix: 'receipt' }, 'confirmation');

    const code = (await page.locator('.cf-confirmation__code').innerText()).trim();
    expect((await page.locator('.cf-confirmation__receipt').innerText()).trim()).toBe('We are sending a receipt of this submission by e-mail to ja•••@example.com.');

    const [mail] = await sink.receivedCount(1);
    expect(mail!.envelopeTo).toEqual([MEMBER.email]);
    expect(mail!.subject).toBe(`Example Motors CVT Transmission Settlement: receipt of your submission ${code}`);
    expect(mail!.text).toContain(`Your exclusion request has been submitted. Your reference code is ${code}.`);
    expect(mail!.text).toContain(`E-mail address: ${MEMBER.email}`);
    expect(mail!.raw).not.toContain(MEMBER.pin);
    expect(errors).toEqual([]);
    await context.close();
  });
});
