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
    // The server's answer moves the timer's expiry: wait for it, or a late answer on a loaded machine
    // would extend the session in the middle of the quiet minutes below.
    const extended = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/session/keep-alive');
    await modal.locator('button').dispatchEvent('click');
    await modal.waitFor({ state: 'hidden' });
    expect((await extended).ok()).toBe(true);
    await settled(page);
    await page.clock.runFor(30_000);
    expect(await modal.isVisible()).toBe(false);

    // Then two quiet minutes: expired.
    await page.clock.runFor(121_000);
    await page.waitForURL(/\/session-expired\?form=Automotive&culture=en$/);
    await settled(page);
    expect(await page.locator('h1').innerText()).toBe('Your session has expired');
    await context.close();
  });

  it('a claimant who keeps typing is never warned: activity sends a keep-alive once a minute, and the timer follows the expiry the server answers', async () => {
    const { page, context } = await openPage(e2e.browser);
    const keepAlives: string[] = [];
    const typedSaves: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (request.method() === 'POST' && pathname === '/api/session/keep-alive') keepAlives.push(request.url());
      if (request.method() === 'PUT' && pathname === '/api/forms/automotive/draft') typedSaves.push(request.url());
    });
    await page.clock.install();
    await page.goto(`${e2e.server.url}/automotive`);
    await settled(page);
    await page.fill('#credentials-vin', '5EXMA1B20HC000101');
    await page.click('.cf-page-actions .cf-button--primary');
    await page.waitForURL(/\/automotive\/claimant-info$/);
    await settled(page);
    const modal = page.locator('.cf-modal--session');

    // Five minutes of a two-minute session, typing every 40 s.
    const field = page.locator('#claimantInfo-firstName');
    for (let step = 1; step <= 7; step++) {
      await page.clock.runFor(40_000);
      await field.pressSequentially(String(step % 10));
      await settled(page);
      expect(await modal.isVisible(), `warned after ${step * 40} s of typing`).toBe(false);
    }
    // Kept alive by the keep-alives of activity and by the typed answers' saves once typing pauses
    // (a save extends the session too); neither is sent on every key: at most one keep-alive a
    // minute, one save per pause.
    expect(keepAlives.length + typedSaves.length).toBeGreaterThanOrEqual(3);
    expect(keepAlives.length).toBeLessThanOrEqual(5);
    expect(typedSaves.length).toBeLessThanOrEqual(7);

    // Then the claimant stops: warned in the last minute before the expiry the server last answered.
    let idle = 0;
    while (!(await modal.isVisible()) && idle < 120_000) {
      await page.clock.runFor(5_000);
      idle += 5_000;
    }
    expect(idle).toBeGreaterThan(0);
    expect(await modal.isVisible()).toBe(true);
    // Warned with at most one minute left (the warning may open on the very second the minute begins).
    expect(await modal.locator('.cf-modal__countdown').innerText()).toMatch(/^(1:00|0:[0-5]\d)$/);
    await context.close();
  });

  it('announces the countdown when the warning opens and once more at 30 s, not on every tick (in Spanish)', async () => {
    const { page, context } = await openPage(e2e.browser);
    await page.clock.install();
    await page.goto(`${e2e.server.url}/automotive?culture=es`);
    await settled(page);
    await page.fill('#credentials-vin', '5EXMA1B20HC000101');
    await page.click('.cf-page-actions .cf-button--primary');
    await page.waitForURL(/\/automotive\/claimant-info/);
    await settled(page);

    await page.clock.runFor(61_000);
    const modal = page.locator('.cf-modal--session');
    await modal.waitFor({ state: 'visible' });
    // Opening: the dialog is read with its description, which holds the time left.
    const description = await modal.evaluate((dialog) =>
      (dialog.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' '),
    );
    expect(description).toMatch(/0:5\d/);
    // The ticking countdown is in no live region; the one status region stays empty until 30 s.
    const countdownLive = await modal.locator('.cf-modal__countdown').evaluate((el) => el.closest('[aria-live], [role="status"], [role="alert"], [role="log"], [role="timer"]') !== null);
    expect(countdownLive).toBe(false);
    const announcement = modal.locator('[role="status"]');
    expect(await announcement.count()).toBe(1);
    expect(await announcement.textContent()).toBe('');
    await page.clock.runFor(20_000);
    expect(await modal.locator('.cf-modal__countdown').innerText()).toMatch(/^0:3\d$/);
    expect(await announcement.textContent()).toBe('');

    // At 30 s left: announced once, and the text stays the same while the countdown goes on.
    await page.clock.runFor(10_000);
    await expect.poll(() => announcement.textContent()).toBe('Por su seguridad, su sesión terminará en 0:30 por inactividad.');
    await page.clock.runFor(5_000);
    expect(await modal.locator('.cf-modal__countdown').innerText()).toMatch(/^0:2\d$/);
    expect(await announcement.textContent()).toBe('Por su seguridad, su sesión terminará en 0:30 por inactividad.');
    const violations = await axe(page);
    expect(violations, describeViolations(violations)).toEqual([]);
    await context.close();
  });
});
