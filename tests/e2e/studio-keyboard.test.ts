/**
 * The studio with the keyboard alone (Tab, Shift+Tab, Enter, Space, arrow keys; no mouse): from
 * the flow map to a page's editor, a skip rule built with the condition builder, saved with the
 * toolbar's button. Every Tab stop shows its focus, an add or a remove leaves focus where the
 * work goes on, and Tab runs through the map, the preview's frames and the editor without being
 * held anywhere.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { focused, tabTo } from './focus';
import { AUTOMOTIVE, changedLines, openStudio, setUpStudio } from './studio-harness';

const studio = setUpStudio({ git: true });

const REPAIRS_NODE = `${AUTOMOTIVE} [data-node="page:repairs"]`;
const SKIP_WHEN = 'fieldset.condition-field';

/** What has focus is `selector`, now or after the render an add or remove causes. */
const focusIsOn = (page: Page, selector: string) => expect.poll(async () => (await focused(page, selector)).matches, { timeout: 10_000 }).toBe(true);

/** A focused select: arrow keys until it holds `value` (Chromium changes a closed select's choice with them). */
async function arrowTo(page: Page, value: string): Promise<void> {
  const current = () => page.evaluate(() => (document.activeElement as HTMLSelectElement).value);
  for (let i = 0; i < 60 && (await current()) !== value; i++) await page.keyboard.press('ArrowDown');
  expect(await current()).toBe(value);
}

describe('the studio with the keyboard alone', () => {
  it('opens a page from the flow map, builds its skip rule with the builder, saves it, and the flow file on disk holds it', async () => {
    const { page, errors, close } = await openStudio(studio);

    // From the top of the page to the repairs page's box on the map.
    await tabTo(page, REPAIRS_NODE, { max: 60 });
    await page.keyboard.press('Enter');
    await focusIsOn(page, '#editor-heading');

    // On to the page settings' skip rule, which the page has none of yet.
    await tabTo(page, `${SKIP_WHEN} button.condition-add`, { max: 60 });
    await page.keyboard.press('Enter');
    // The new condition's first control takes focus, not the page's body.
    await focusIsOn(page, `${SKIP_WHEN} .condition-kind select`);

    // Removing it returns to the add button; Space adds it again.
    await tabTo(page, `${SKIP_WHEN} button.remove`, { max: 10 });
    await page.keyboard.press('Enter');
    await focusIsOn(page, `${SKIP_WHEN} button.condition-add`);
    await page.keyboard.press('Space');
    await focusIsOn(page, `${SKIP_WHEN} .condition-kind select`);

    await tabTo(page, `${SKIP_WHEN} .condition-test select[id$="-field"]`, { max: 3 });
    await arrowTo(page, 'claimDetails.didIncurOutOfPocketExpensesPriorToSeptember');
    await tabTo(page, `${SKIP_WHEN} .condition-test select[id$="-operator"]`, { max: 3 });
    expect(await page.evaluate(() => (document.activeElement as HTMLSelectElement).value)).toBe('equals');
    await tabTo(page, `${SKIP_WHEN} .condition-test select[id$="-value"]`, { max: 3 });
    await arrowTo(page, '"false"');
    // The option is read by its label, the value beside it.
    expect(await page.evaluate(() => (document.activeElement as HTMLSelectElement).selectedOptions[0]?.textContent)).toBe('No (false)');
    // The map draws the new skip edge over repairs.
    await page.waitForFunction((edge) => document.querySelector(edge) !== null, `${AUTOMOTIVE} [data-edge="skip:repairs"]`);
    await page.waitForFunction(() => document.querySelector('.problems')?.textContent?.endsWith('The checker finds no problems.'));

    // Back up through the editor, the problems, the preview's frames and the maps to the toolbar's Save.
    await tabTo(page, '.toolbar button.primary', { back: true, max: 400 });
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.querySelector('.status')?.textContent?.startsWith('Saved:'));
    expect(await page.textContent('.status')).toBe('Saved: flows/automotive.json');

    const flow = JSON.parse(readFileSync(path.join(studio.copy.dir, 'flows/automotive.json'), 'utf8')) as { pages: Array<{ id: string; skipWhen?: unknown }> };
    expect(flow.pages.find((p) => p.id === 'repairs')?.skipWhen).toEqual({ scope: 'claimDetails.didIncurOutOfPocketExpensesPriorToSeptember', schema: { const: 'false' } });
    expect(changedLines(studio.copy).every((line) => line.startsWith('+'))).toBe(true);
    expect(errors).toEqual([]);
    await close();
  }, 300_000);
});
