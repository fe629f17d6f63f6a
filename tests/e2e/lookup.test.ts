import { describe, expect, it } from 'vitest';
import { expectNoRawText } from './flow-steps';
import { axe, describeViolations, openPage, screenshot, settled, withServerAndBrowser, type Theme } from './harness';

const THEMES: Theme[] = ['default', 'ftc', 'kontent'];

describe.each(THEMES)('VIN lookup in the %s theme', (theme) => {
  const e2e = withServerAndBrowser({ theme });

  it.each([
    ['en', 'class'],
    ['es', 'not-class'],
  ] as const)('in %s answers on the page for a %s VIN, with the captcha', async (culture, kind) => {
    // Not intercepted: the captcha provider sees the requests as the browser sends them.
    const { page, context, errors } = await openPage(e2e.browser, undefined, { intercepted: false });
    await page.goto(`${e2e.server.url}/vinlookup?culture=${culture}`);
    await settled(page);
    let violations = await axe(page);
    await screenshot(page, theme, `lookup-${culture}`);
    expect(violations, describeViolations(violations)).toEqual([]);
    await page.fill('#credentials-vin', kind === 'class' ? '5EXMA1B20JC000202' : '1HGCM82633A004352');
    await page.click('.cf-page-actions .cf-button--primary');
    const feedback = page.locator(kind === 'class' ? '.cf-feedback--success' : '.cf-feedback--warning');
    await feedback.waitFor();
    // The VIN fills the success text; the server's refusal comes in the page's language.
    if (kind === 'class') expect(await feedback.innerText()).toContain('The vehicle with VIN 5EXMA1B20JC000202 is a class vehicle.');
    else expect(await feedback.innerText()).toContain('Este VIN no corresponde a un vehículo del grupo');
    // The captcha's token costs one round trip to its provider, not a CORS preflight before it.
    const tokenRequests = e2e.server.captchaRequests().filter((r) => r.endsWith(' /token'));
    expect(tokenRequests).toContain('POST /token');
    expect(tokenRequests).not.toContain('OPTIONS /token');
    await expectNoRawText(page, `lookup ${culture} ${kind}`);
    violations = await axe(page);
    await screenshot(page, theme, `lookup-${culture}-${kind}`);
    expect(violations, describeViolations(violations)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
