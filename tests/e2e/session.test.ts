import { describe, expect, it } from 'vitest';
import { axe, describeViolations, openPage, screenshot, settled, withServerAndBrowser } from './harness';

describe('the session timer with a two-minute session', () => {
  const e2e = withServerAndBrowser({ minSessionDuration: 2 });

  it('warns one minute before expiry with a countdown, Continue extends, and expiry leads to /session-expired', async () => {
    const { page, context } = await openPage(e2e.browser);
    await page.clock.install();
    await page.goto(`${e2e.server.url}/automotive`);
    await settled(page);
    await page.fill('#credentials-vin', '5EXMA1B20HC000101');
    await page.click('.cf-page-actions .cf-button--primary');
    await page.waitForURL(/\/automotive\/claimant-info$/);
    await settled(page);

    // 61 s of inactivity: the warning shows with minutes and seconds left.
    await page.clock.runFor(61_000);
    const modal = page.locator('.cf-modal--session');
    await modal.waitFor({ state: 'visible' });
    expect(await modal.locator('.cf-modal__countdown').innerText()).toMatch(/^0:5\d$/);
    const violations = await axe(page);
    await screenshot(page, 'default', 'session-warning');
    expect(violations, describeViolations(violations)).toEqual([]);

    // Continue extends the session (a plain click event: no key or mouse activity, which would also extend it).
    await modal.locator('button').dispatchEvent('click');
    await modal.waitFor({ state: 'hidden' });
    await page.clock.runFor(30_000);
    expect(await modal.isVisible()).toBe(false);

    // Then two quiet minutes: expired.
    await page.clock.runFor(121_000);
    await page.waitForURL(/\/session-expired\?form=Automotive&culture=en$/);
    await settled(page);
    expect(await page.locator('h1').innerText()).toBe('Your session has expired');
    await context.close();
  });
});
