/**
 * The studio in Chromium on the rest of a settlement: conditions built with the builder, a rule's
 * form narrowed to its kind, the settlement files (settings.json) edited through their schema's
 * form, a field renamed everywhere, the preview inside the settlement's chrome. Against its server on a copy of the sample settlement in a temporary git repository, so
 * `git diff` shows exactly what the studio wrote.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { buildStudioServer } from '../../studio/server/app';
import { axe, describeViolations, openPage, ROOT } from './harness';
import { AUTOMOTIVE, changedLines, openStudio, studioScreenshot, setUpStudio } from './studio-harness';

const studio = setUpStudio({ git: true });

const DENIALS_SKIP_LABEL = `${AUTOMOTIVE} [data-edge="skip:denials"] .edge-label`;

const noProblems = (page: Page) => page.waitForFunction(() => document.querySelector('.problems')?.textContent?.includes('The checker finds no problems.'));
const saved = async (page: Page) => {
  await page.getByRole('button', { name: 'Save' }).click();
  await page.waitForFunction(() => document.querySelector('.status')?.textContent?.startsWith('Saved:'));
};

describe('the studio on conditions, rules and settlement files', () => {
  it('builds a skip rule of two field tests with the builder, offering only values the fields can hold; the map shows it and the diff is exactly it', async () => {
    const { page, errors, close } = await openStudio(studio);
    await page.focus(`${AUTOMOTIVE} [data-node="page:denials"]`);
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.activeElement?.id === 'editor-heading');

    // The preview draws the page inside the settlement's chrome: its header links and its footer.
    const preview = page.frameLocator('iframe[data-culture="en"][data-width="1280"]');
    await preview.locator('header.cf-header a', { hasText: 'Key Dates' }).waitFor();
    await preview.locator('footer.cf-footer').waitFor();
    await preview.locator('main h1', { hasText: 'Repair Denials' }).waitFor();
    await page.frameLocator('iframe[data-culture="es"][data-width="375"]').locator('footer.cf-footer').waitFor();

    const skipWhen = page.getByRole('group', { name: 'skipWhen', exact: true });
    await skipWhen.getByLabel('Condition', { exact: true }).selectOption({ label: 'any of' });
    await page.waitForFunction((label) => document.querySelector(label)?.textContent?.includes('any('), DENIALS_SKIP_LABEL);
    await skipWhen.getByRole('button', { name: 'Add a condition to the group' }).click();
    const second = skipWhen.getByRole('group', { name: 'Condition 2', exact: true });
    await second.getByLabel('Field', { exact: true }).selectOption('claimDetails.isCurrentOwner');
    // Options by their label's text in the studio's culture, the value the condition holds beside it.
    const value = second.getByLabel('Value', { exact: true });
    expect(await value.locator('option').allTextContents()).toEqual(['Yes (true)', 'No (false)']);
    await value.selectOption({ label: 'No (false)' });
    // Operators: a field of options can be tested for "is one of", never matched against a pattern.
    expect(await second.getByLabel('Operator', { exact: true }).locator('option').allTextContents()).toEqual(['is', 'is not', 'is one of', 'is empty', 'is not empty']);

    await page.waitForFunction(
      (label) => document.querySelector(label)?.textContent === 'skip denials when any(claimDetails.didIncurOutOfPocketExpensesPriorToSeptember = "true", claimDetails.isCurrentOwner = "false")',
      DENIALS_SKIP_LABEL,
    );
    await noProblems(page);
    const violations = await axe(page);
    expect(violations, describeViolations(violations)).toEqual([]);
    await skipWhen.scrollIntoViewIfNeeded();
    await studioScreenshot(page, 'conditions');

    await saved(page);
    // The old condition's lines out, the new one's in: nothing else of the file.
    expect(changedLines(studio.copy).filter((line) => line.startsWith('-'))).toEqual([
      '-        "scope": "claimDetails.didIncurOutOfPocketExpensesPriorToSeptember",',
      '-        "schema": {',
      '-          "const": "true"',
      '-        }',
    ]);
    const added = changedLines(studio.copy).filter((line) => line.startsWith('+')).join('\n');
    expect(JSON.parse(`{${added.replace(/^\+/gm, '').replace(/,\s*$/, '')}}`)).toEqual({
        any: [
          { scope: 'claimDetails.didIncurOutOfPocketExpensesPriorToSeptember', schema: { const: 'true' } },
          { scope: 'claimDetails.isCurrentOwner', schema: { const: 'false' } },
        ],
    });
    expect(errors).toEqual([]);
    studio.copy.commit('denials skipped in two cases');
    await close();
  }, 300_000);

  it("shows a rule only the parameters of its kind", async () => {
    const { page, close } = await openStudio(studio);
    await page.getByRole('button', { name: 'Models' }).click();
    await page.getByRole('button', { name: 'ClaimDetails', exact: true }).click();
    const disposal = page.locator('[data-model-field="disposalDate"]');
    const requiredIf = disposal.locator('[data-rule-kind="requiredIf"]');
    await requiredIf.waitFor();
    const labels = await requiredIf.locator('label').allTextContents();
    expect(labels.some((l) => l.startsWith('Other field'))).toBe(true);
    expect(labels.some((l) => l.startsWith('Minimum') || l.startsWith('Start date field') || l.startsWith('Pattern'))).toBe(false);
    const endDate = disposal.locator('[data-rule-kind="endDate"]');
    const endDateLabels = await endDate.locator('label').allTextContents();
    expect(endDateLabels.some((l) => l.startsWith('Start date field'))).toBe(true);
    expect(endDateLabels.some((l) => l.startsWith('Other field'))).toBe(false);
    await close();
  }, 120_000);

  it('edits settings.json through the form of its schema, undoes and redoes, and saves exactly that line', async () => {
    const { page, errors, close } = await openStudio(studio);
    await page.getByRole('button', { name: 'Settlement files' }).click();
    await page.getByRole('button', { name: 'settings.json' }).click();
    await page.waitForFunction(() => document.activeElement?.id === 'settlement-file-heading');
    const minutes = page.locator('input[id$="_client_minSessionDuration"]');
    await minutes.fill('20');
    await page.waitForFunction(() => document.querySelector('.unsaved')?.textContent === '1 unsaved file(s)');
    await noProblems(page);
    const violations = await axe(page);
    expect(violations, describeViolations(violations)).toEqual([]);
    await studioScreenshot(page, 'settlement-files');
    await page.getByRole('button', { name: 'Undo' }).click();
    await page.waitForFunction(() => document.querySelector('.unsaved')?.textContent === 'No unsaved changes');
    await page.getByRole('button', { name: 'Redo' }).click();
    await page.waitForFunction(() => document.querySelector('.unsaved')?.textContent === '1 unsaved file(s)');
    await saved(page);
    expect(await page.textContent('.status')).toBe('Saved: settings.json');
    expect(changedLines(studio.copy)).toEqual(['-  "client": { "minSessionDuration": 30 },', '+  "client": { "minSessionDuration": 20 },']);
    expect(errors).toEqual([]);
    studio.copy.commit('shorter sessions');
    await close();
  }, 300_000);

  it("speaks the configurer's words: settings.json's form shows the schema's titles and descriptions, the rare settings under More, and deadlines.json's time zone is picked from a list", async () => {
    const { page, errors, close } = await openStudio(studio);
    await page.getByRole('button', { name: 'Settlement files' }).click();
    await page.getByRole('button', { name: 'settings.json' }).click();
    await page.waitForFunction(() => document.activeElement?.id === 'settlement-file-heading');
    const form = page.locator('.model-editor form');
    const labels = (await form.locator('label').allTextContents()).map((l) => l.replace(/\*$/, '').trim());
    expect(labels).toEqual(expect.arrayContaining(['Theme', 'Analytics tag', 'Session length (minutes of inactivity)', 'Addresses outside the United States', 'Largest file (bytes)']));
    // No property name stands in for a title.
    for (const name of ['theme', 'analyticsTagId', 'minSessionDuration', 'internationalAddresses', 'maxFileBytes']) expect(labels).not.toContain(name);
    expect(await form.textContent()).toContain('Minutes of inactivity after which the session expires');
    // The seldom needed ones wait under "More", closed.
    const more = form.locator('details.more-properties').first();
    expect(await more.locator('summary').textContent()).toBe('More (6 seldom needed)');
    expect(await more.evaluate((details) => (details as HTMLDetailsElement).open)).toBe(false);
    await more.locator('summary').click();
    await form.getByLabel('Redirect to the error page on a server error').waitFor();

    await page.getByRole('button', { name: 'deadlines.json' }).click();
    await page.waitForFunction(() => document.activeElement?.id === 'settlement-file-heading');
    const zone = page.getByLabel('Time zone', { exact: true });
    expect(await zone.inputValue()).toBe('Pacific');
    expect(await page.getByText('Option 1').count()).toBe(0);
    const offered = await page.locator(`datalist[id="${await zone.getAttribute('list')}"] option`).evaluateAll((options) => options.map((o) => o.getAttribute('value')));
    expect(offered.slice(0, 13)).toEqual(['Pacific', 'Mountain', 'Central', 'Eastern', 'Atlantic', 'Newfoundland', 'Alaskan', 'Hawaii-Aleutian', 'Aleutian', 'Yukon', 'Arizona', 'Indiana East', 'Saskatchewan']);
    expect(offered).toContain('America/New_York');
    await zone.fill('Eastern');
    await page.waitForFunction(() => document.querySelector('.unsaved')?.textContent === '1 unsaved file(s)');
    await noProblems(page);
    const violations = await axe(page);
    expect(violations, describeViolations(violations)).toEqual([]);
    await saved(page);
    expect(changedLines(studio.copy)).toEqual(['-  "timeZone": "Pacific",', '+  "timeZone": "Eastern",']);
    expect(errors).toEqual([]);
    studio.copy.commit('deadlines in Eastern time');
    await close();
  }, 300_000);

  it("offers site.json's link labels through the locale-key picker: existing keys with each culture's text, a new key written to every locale", async () => {
    const { page, errors, close } = await openStudio(studio);
    await page.getByRole('button', { name: 'Settlement files' }).click();
    await page.getByRole('button', { name: 'site.json' }).click();
    await page.waitForFunction(() => document.activeElement?.id === 'settlement-file-heading');
    const home = page.locator('input[id$="_header_0_labelKey"]');
    expect(await home.inputValue()).toBe('LocKey_Nav_Home');
    // The picker, not a plain text box: the keys of the locales offered, the key's text in each culture shown.
    const listId = await home.getAttribute('list');
    expect(await page.locator(`datalist[id="${listId}"] option[value="LocKey_Nav_Faq"]`).count()).toBe(1);
    expect(await page.getByLabel('Texts of LocKey_Nav_Home').first().locator('dd').allTextContents()).toEqual(['Home', 'Inicio']);

    await home.fill('LocKey_Nav_Start');
    await page.getByLabel('Text in en').fill('Start');
    await page.getByLabel('Text in es').fill('Comienzo');
    await page.getByRole('button', { name: 'Add LocKey_Nav_Start to every locale' }).click();
    await page.waitForFunction(() => document.querySelector('.unsaved')?.textContent === '3 unsaved file(s)');
    await noProblems(page);
    await saved(page);
    // The locale files (locales/en.json, locales/es.json), then site.json: nothing else, no logo or banner made up.
    expect(changedLines(studio.copy)).toEqual([
      '+  "LocKey_Nav_Start": "Start",',
      '+  "LocKey_Nav_Start": "Comienzo",',
      '-    { "labelKey": "LocKey_Nav_Home", "url": "{0}/" },',
      '+    { "labelKey": "LocKey_Nav_Start", "url": "{0}/" },',
    ]);
    expect(errors).toEqual([]);
    studio.copy.commit('a Start link');
    await close();
  }, 300_000);

  it('renames a model field and every reference to it in one checked save: the diff is exactly the renamed names', async () => {
    const { page, errors, close } = await openStudio(studio);
    // The lines of the folder that name the field before the rename.
    const mentions = ['models.json', 'flows/automotive.json'].flatMap((file) => readFileSync(path.join(studio.copy.dir, file), 'utf8').split('\n')).filter((line) => line.includes('isCurrentOwner')).length;
    await page.getByRole('button', { name: 'Models' }).click();
    await page.getByRole('button', { name: 'ClaimDetails', exact: true }).click();
    const rename = page.getByLabel('New name of isCurrentOwner (every reference follows)');
    await rename.fill('ownershipType');
    await rename.press('Enter');
    await page.getByText('This model already has a field ownershipType.').waitFor();
    await rename.fill('ownsVehicleNow');
    await rename.press('Enter');
    await page.waitForFunction(() => document.activeElement?.matches('[data-model-field="ownsVehicleNow"] h4'));
    await noProblems(page);
    expect(await page.textContent('.unsaved')).toBe('2 unsaved file(s)');
    const violations = await axe(page);
    expect(violations, describeViolations(violations)).toEqual([]);
    await saved(page);
    // Each line naming the field, and only those, changed to the new name (the skip rule built above among them).
    const lines = changedLines(studio.copy);
    const removed = lines.filter((line) => line.startsWith('-'));
    expect(lines.filter((line) => line.startsWith('+'))).toEqual(removed.map((line) => `+${line.slice(1).replace('isCurrentOwner', 'ownsVehicleNow')}`));
    expect(removed).toHaveLength(mentions);
    expect(removed).toEqual(
      expect.arrayContaining([
        '-              "key": "isCurrentOwner",',
        '-                    "scope": "isCurrentOwner",',
        '-                "isCurrentOwner",',
        '-        "isCurrentOwner": {',
        '-              "otherProperty": "isCurrentOwner",',
      ]),
    );
    expect(errors).toEqual([]);
    studio.copy.commit('isCurrentOwner renamed');
    await close();
  }, 300_000);
});

describe('the studio on an empty folder', () => {
  it('offers a new settlement, makes it from the template picked, opens it in the editors, and flows:check accepts the folder', async () => {
    const base = mkdtempSync(path.join(tmpdir(), 'studio-empty-'));
    const folder = path.join(base, 'new-settlement');
    const empty = await buildStudioServer({ folder, appDir: studio.appDir, debounceMs: 20 });
    try {
      const address = await empty.listen({ host: '127.0.0.1', port: 0 });
      const { page, context, errors } = await openPage(studio.browser, { width: 1400, height: 900 });
      await page.goto(address);
      await page.waitForFunction(() => document.activeElement?.textContent === 'A new settlement');
      expect(readdirSync(folder)).toEqual([]);
      await page.getByLabel('Name of the settlement (the site title)').fill('Acme Rebate Settlement');
      await page.getByLabel('An exclusion (opt-out) alone', { exact: false }).check();
      await page.getByLabel('Short name', { exact: false }).fill('Acme Rebate');
      await page.getByLabel('Name of the settlement administrator', { exact: false }).fill('Acme Rebate Administrator');
      await page.getByLabel('Contact e-mail address').fill('info@acmerebate.example');
      await page.getByLabel('Web site', { exact: false }).fill('https://www.acmerebate.example');
      await page.getByRole('button', { name: 'Create the settlement' }).click();
      // Every question is answered before anything is written: here the time zone.
      await page.getByRole('alert').getByText('"" is not a time zone: pick one of the list (Eastern, Pacific… or an IANA name such as America/New_York). Nothing was written.').waitFor();
      await page.getByLabel('Time zone of the deadlines', { exact: false }).fill('America/Denver');
      const violations = await axe(page);
      expect(violations, describeViolations(violations)).toEqual([]);
      await studioScreenshot(page, 'new-settlement');
      await page.getByRole('button', { name: 'Create the settlement' }).click();
      await page.waitForSelector('[data-flow="flows/exclusion.json"][data-layout="current"] svg', { timeout: 60_000 });
      expect(await page.locator('[data-flow]').count()).toBe(1);
      await noProblems(page);
      expect(readdirSync(path.join(folder, 'flows'))).toEqual(['exclusion.json']);
      // The command a configurer runs on it: exit 0, else execFileSync throws with its report.
      execFileSync(process.execPath, [path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'scripts/flows-check.ts', folder], { cwd: ROOT, encoding: 'utf8' });
      expect(errors).toEqual(['Failed to load resource: the server responded with a status of 400 (Bad Request)']);
      await context.close();
    } finally {
      await empty.close();
      rmSync(base, { recursive: true, force: true });
    }
  }, 300_000);
});
