/**
 * The honeypot a person never meets: on every page, off screen, outside the accessibility tree
 * and the tab order, empty, and the page stays axe-clean; a script that fills it is screened on
 * the server (tests/server/fraud/reasons.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { HONEYPOT_FIELD } from '../../runtime/core/payload';
import { axe, describeViolations, openPage, settled, withServerAndBrowser } from './harness';

describe('the honeypot field', () => {
  const e2e = withServerAndBrowser();

  it('is in the page but not on screen, not in the accessibility tree, never reached by Tab', async () => {
    const { page, context, errors } = await openPage(e2e.browser);
    await page.goto(`${e2e.server.url}/`);
    await settled(page);
    const field = page.locator(`input[name="${HONEYPOT_FIELD}"]`);
    expect(await field.count()).toBe(1);
    expect(await field.inputValue()).toBe('');
    expect(await field.getAttribute('tabindex')).toBe('-1');
    expect(await field.getAttribute('autocomplete')).toBe('off');
    const box = await field.boundingBox();
    expect(box === null || box.x + box.width <= 0).toBe(true);
    expect(await page.locator('body').ariaSnapshot()).not.toContain('Leave this field empty');
    const reached: string[] = [];
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press('Tab');
      reached.push(await page.evaluate(() => document.activeElement?.getAttribute('name') ?? document.activeElement?.tagName ?? ''));
    }
    expect(reached).not.toContain(HONEYPOT_FIELD);
    const violations = await axe(page);
    expect(violations, describeViolations(violations)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
