import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { runCli } from '../../server/admin/cli';
import { minimalPdf } from '../support/documents';
import { startMailSink, type MailSink } from '../support/mail-sink';
import { next } from './flow-steps';
import { axe, describeViolations, launchBrowser, openPage, startE2eServer, type E2eServer } from './harness';

/**
 * A claim's status, end to end: an exclusion request filed in Chromium, set deficient by the
 * administrator's command line, whose notice reaches a real SMTP server with the link to /status;
 * there the claimant's reference code and sign-in details show what is missing and by when, and
 * wrong details are refused under the reference code. From there the claimant sends what is
 * missing: the document uploaded on add and the name typed kept by Save and finish later, found
 * again by a sign-in in another browser, which signs and sends; the page then reads "Information
 * received"; set
 * deficient again, the claimant cures it in Spanish on a phone (375 px), document and signature.
 */
const MEMBER = { vin: '5EXMA1B20JC000202', noticeId: 'EXM-100002', pin: '730155', email: 'james.oneil@example.com', phone: '2175550123', name: "James O'Neil" };

describe('the claim status page', () => {
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

  it('shows the status the administrator set, with what is missing, after the deficiency notice links to it', async () => {
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
    const code = (await page.locator('.cf-confirmation__code').innerText()).trim();
    await sink.receivedCount(1);

    const out = { stdout: '', stderr: '' };
    const admin = (args: string[]) =>
      runCli(args, {
        env: server.adminEnv,
        stdout: (s) => void (out.stdout += s),
        stderr: (s) => void (out.stderr += s),
      });
    const exit = await admin(['status', code, 'deficient', '--deficiency', 'missingProofOfPurchase', '--deficiency', 'unsigned', '--cure-days', '14']);
    expect(exit, out.stderr).toBe(0);
    const [, notice] = await sink.receivedCount(2);
    expect(notice!.envelopeTo).toEqual([MEMBER.email]);
    expect(notice!.text).toContain('Your claim is not signed.');
    expect(notice!.text).toContain(`${server.url}/status`);

    // The confirmation's link leads to the status page.
    await page.click('.cf-confirmation__status a');
    await page.waitForURL(/\/status\?culture=en$/);
    await page.fill('#cf-status-reference', code);
    await page.fill('#cf-status-vin', MEMBER.vin);
    await page.fill('#cf-status-noticeId', MEMBER.noticeId);
    await page.fill('#cf-status-pin', '000000');
    await page.click('button[type=submit]');
    await expect.poll(() => page.locator('#cf-status-reference').getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator('.cf-status-page [role=alert]').innerText()).toContain('We could not find a claim with this reference code and these details.');

    await page.fill('#cf-status-pin', MEMBER.pin);
    await page.click('button[type=submit]');
    const status = page.locator('[data-claim-status="deficient"]');
    await status.waitFor();
    expect(await status.locator('h2').innerText()).toBe('Information needed');
    expect(await status.innerText()).toContain('Your claim is not signed. Sign your claim.');
    expect(await status.innerText()).toMatch(/Please provide it by \w+ \d+, \d{4}\./);
    expect(describeViolations(await axe(page))).toBe('');

    // Send what is missing: the document asked for and the signature.
    await page.getByRole('button', { name: 'Send what is missing' }).click();
    await page.locator('#cf-cure-heading').waitFor();
    await page.click('.cf-cure button[type=submit]');
    await expect.poll(() => page.locator('#cf-cure-missingProofOfPurchase').getAttribute('aria-invalid')).toBe('true');
    expect(describeViolations(await axe(page))).toBe('');
    // The document is uploaded on add; the name typed is kept with it by Save and finish later.
    await page.setInputFiles('#cf-cure-missingProofOfPurchase', { name: 'receipt.pdf', mimeType: 'application/pdf', buffer: minimalPdf('proof of purchase') });
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await page.getByText('Uploaded: receipt.pdf').waitFor();
    await page.fill('#cf-cure-signature', MEMBER.name);
    await page.getByRole('button', { name: 'Save and finish later' }).click();
    await page.getByText(/^Saved\. To finish, come back to the claim status page by the end of \w+ \d+, \d{4}/).waitFor();
    expect(describeViolations(await axe(page))).toBe('');

    // Later, in another browser: signed in on the status page again, the cure opens as it was left.
    const later = await openPage(browser);
    const l = later.page;
    await l.goto(`${server.url}/status`);
    await l.locator('#cf-status-reference').waitFor();
    await l.fill('#cf-status-reference', code);
    await l.fill('#cf-status-vin', MEMBER.vin);
    await l.fill('#cf-status-noticeId', MEMBER.noticeId);
    await l.fill('#cf-status-pin', MEMBER.pin);
    await l.click('button[type=submit]');
    await l.locator('[data-claim-status="deficient"]').waitFor();
    await l.getByRole('button', { name: 'Send what is missing' }).click();
    await l.locator('#cf-cure-heading').waitFor();
    await l.getByText('Uploaded: receipt.pdf').waitFor();
    expect(await l.inputValue('#cf-cure-signature')).toBe(MEMBER.name);
    expect(describeViolations(await axe(l))).toBe('');
    await l.check('#cf-cure-attest');
    await l.click('.cf-cure button[type=submit]');
    await l.locator('[data-claim-status="cureReceived"]').waitFor();
    expect(later.errors).toEqual([]);
    await later.context.close();
    await page.reload();
    await page.locator('#cf-status-reference').waitFor();
    await page.fill('#cf-status-reference', code);
    await page.fill('#cf-status-vin', MEMBER.vin);
    await page.fill('#cf-status-noticeId', MEMBER.noticeId);
    await page.fill('#cf-status-pin', MEMBER.pin);
    await page.click('button[type=submit]');
    const received = page.locator('[data-claim-status="cureReceived"]');
    await received.waitFor();
    expect(await received.locator('h2').innerText()).toBe('Information received');
    const [, , receipt] = await sink.receivedCount(3);
    expect(receipt!.envelopeTo).toEqual([MEMBER.email]);
    expect(receipt!.text).toContain(code);
    expect(receipt!.text).toContain('receipt.pdf');

    // Set deficient again (the proof of purchase and the signature), cured in Spanish on a phone.
    expect(await admin(['status', code, 'deficient', '--deficiency', 'missingProofOfPurchase', '--deficiency', 'unsigned', '--cure-days', '14']), out.stderr).toBe(0);
    await sink.receivedCount(4);
    const phone = await openPage(browser, { width: 375, height: 812 });
    const p = phone.page;
    await p.goto(`${server.url}/status?culture=es`);
    await p.locator('#cf-status-reference').waitFor();
    // The sign-in fields as the start page draws them: the VIN's mask, the PIN's numeric keyboard.
    expect(await p.getAttribute('#cf-status-pin', 'inputmode')).toBe('numeric');
    expect(await p.getAttribute('#cf-status-noticeId', 'autocomplete')).toBe('username');
    await p.fill('#cf-status-reference', code);
    await p.fill('#cf-status-vin', MEMBER.vin.toLowerCase());
    expect(await p.inputValue('#cf-status-vin')).toBe(MEMBER.vin);
    await p.fill('#cf-status-noticeId', MEMBER.noticeId);
    await p.fill('#cf-status-pin', MEMBER.pin);
    expect(describeViolations(await axe(p))).toBe('');
    await p.click('button[type=submit]');
    const deficient = p.locator('[data-claim-status="deficient"]');
    await deficient.waitFor();
    expect(await deficient.locator('h2').innerText()).toBe('Se necesita información');
    expect(describeViolations(await axe(p))).toBe('');
    await p.getByRole('button', { name: 'Enviar lo que falta' }).click();
    await p.locator('#cf-cure-heading').waitFor();
    expect(await p.locator('label[for=cf-cure-signature]').innerText()).toContain('Firma (escriba su nombre completo)');
    expect(describeViolations(await axe(p))).toBe('');
    await p.setInputFiles('#cf-cure-missingProofOfPurchase', { name: 'recibo.pdf', mimeType: 'application/pdf', buffer: minimalPdf('comprobante de compra') });
    await p.getByRole('button', { name: 'Subir', exact: true }).click();
    await p.getByText('Subido: recibo.pdf').waitFor();
    await p.fill('#cf-cure-signature', MEMBER.name);
    await p.check('#cf-cure-attest');
    // Nothing of the form is wider than the phone's screen.
    expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await p.click('.cf-cure button[type=submit]');
    const recibida = p.locator('[data-claim-status="cureReceived"]');
    await recibida.waitFor();
    expect(await recibida.locator('h2').innerText()).toBe('Información recibida');
    expect(describeViolations(await axe(p))).toBe('');
    const [, , , , recibo] = await sink.receivedCount(5);
    expect(recibo!.text).toContain('recibo.pdf');
    expect(phone.errors).toEqual([]);
    await phone.context.close();
    // The refusal's 404, as the browser logs every refused call; nothing else.
    expect(errors).toEqual(['Failed to load resource: the server responded with a status of 404 (Not Found)']);
    await context.close();
  });
});
