/**
 * The "done when", in Chromium: a new settlement made from an empty folder in the studio
 * alone — named, its forms and sign-in picked, a test member added in the class-list view, a walk
 * of its exclusion form signed in as that member and saved as a fixture — that passes
 * `npm run flows:check` and `npm run flows:test` on its folder, run as a configurer runs them.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { buildStudioServer } from '../../studio/server/app';
import { SAMPLE_IDENTITY } from '../../studio/server/new-settlement';
import { axe, describeViolations, openPage, ROOT } from './harness';
import { setUpStudio, studioScreenshot } from './studio-harness';

// The harness's browser and built studio; the studio under test is started on an empty folder below.
const studio = setUpStudio();

const axeClean = async (page: Page) => {
  const violations = await axe(page);
  expect(violations, describeViolations(violations)).toEqual([]);
};

/** Every file of the folder, by its path in it. */
const filesOf = (dir: string, under = ''): string[] =>
  readdirSync(path.join(dir, under)).flatMap((name) => (statSync(path.join(dir, under, name)).isDirectory() ? filesOf(dir, path.join(under, name)) : [path.join(under, name)]));

/** An npm script as a configurer runs it (tsx on the script, from the repository): its output, or a throw with it. */
const npmScript = (script: string, folder: string, ...options: string[]) =>
  execFileSync(process.execPath, [path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'), script, folder, ...options], { cwd: ROOT, encoding: 'utf8', stdio: 'pipe', env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1' } });

describe('a new settlement made in the studio alone', () => {
  it('is created from an empty folder with its own name and sign-in, gets a test member in its class list, records a walk as a fixture, and passes flows:check and flows:test', async () => {
    const base = mkdtempSync(path.join(tmpdir(), 'studio-new-e2e-'));
    const folder = path.join(base, 'acme-settlement');
    const server = await buildStudioServer({ folder, appDir: studio.appDir, debounceMs: 20 });
    const { page, context, errors } = await openPage(studio.browser, { width: 1400, height: 1000 });
    try {
      await page.goto(await server.listen({ host: '127.0.0.1', port: 0 }));
      await page.waitForFunction(() => document.activeElement?.textContent === 'A new settlement');

      // The wizard: its name, short name, e-mail and site; the exclusion form; a member ID + ZIP sign-in.
      await page.getByLabel('Name of the settlement (the site title)').fill('Acme Data Breach Settlement');
      await page.getByLabel('Short name', { exact: false }).fill('Acme');
      await page.getByLabel('Contact e-mail address').fill('info at acme');
      await page.getByLabel('Web site', { exact: false }).fill('https://www.acmesettlement.example');
      await page.getByLabel('Automotive').uncheck();
      await page.getByLabel('Lookup').uncheck();
      await page.getByLabel('Member ID and ZIP code', { exact: false }).check();
      await page.getByRole('button', { name: 'Create the settlement' }).click();
      // A wrong e-mail address is refused in words the author acts on, and nothing is written.
      await page.getByRole('alert').getByText('"info at acme" is not an e-mail address (info@acmesettlement.com). Nothing was written.').waitFor();
      expect(readdirSync(folder)).toEqual([]);
      await page.getByLabel('Contact e-mail address').fill('info@acmesettlement.example');
      await axeClean(page);
      await page.getByRole('button', { name: 'Create the settlement' }).click();
      await page.waitForSelector('[data-flow="flows/exclusion.json"][data-layout="current"] svg', { timeout: 60_000 });
      await page.waitForFunction(() => document.querySelector('.problems')?.textContent?.includes('The checker finds no problems.'));
      // The texts still to write are warned of beside the problems, as flows:check prints them, without stopping a save.
      const warnings = page.locator('.problems').getByRole('heading', { name: 'Warnings (they do not stop a save)' });
      await warnings.waitFor();
      expect(await page.locator('.problems').textContent()).toMatch(/locales\/en\.json:\d+:\d+ \/LocKey_\w+ — \d+ text\(s\) still read "\[TO WRITE\]"/);

      // Nothing of the sample settlement is left in the folder.
      for (const file of filesOf(folder)) {
        const text = readFileSync(path.join(folder, file), 'utf8');
        for (const sample of SAMPLE_IDENTITY) expect(text.includes(sample), `${file} holds "${sample}"`).toBe(false);
      }
      expect(readFileSync(path.join(folder, 'class-members.csv'), 'utf8')).toBe('memberId,zip,firstName,middleInitial,lastName,mailingStreetLine1,mailingStreetLine2,mailingCity,mailingSubDivision,mailingPostalCode,emailAddress,phoneNumber\n');

      // The texts about the case it cannot know are listed to write under Translations.
      await page.getByRole('button', { name: 'Translations', exact: true }).click();
      await page.getByLabel('Only texts still to write ([TO WRITE])').check();
      const toWrite = await page.locator('.translations tbody tr').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-key')));
      expect(toWrite).toEqual(expect.arrayContaining(['LocKey_Exclusion_Start_Intro', 'LocKey_Footer_PhoneNumber']));
      await axeClean(page);

      // The class list: a row missing a required value is refused, then a test member is added.
      await page.getByRole('button', { name: 'Class lists', exact: true }).click();
      const members = page.locator('[data-class-list="class-members.csv"]');
      await members.getByText('No rows yet.').waitFor();
      const cell = (column: string) => members.getByLabel(`${column} (column of class-members.csv)`);
      await cell('memberId').fill('ACM-000001');
      await cell('zip').fill('30301');
      await cell('lastName').fill('Okafor');
      await members.getByRole('button', { name: 'Add row' }).click();
      await page.getByRole('alert').getByText('Not saved (nothing was written): row 1: firstName is required.').waitFor();
      await cell('firstName').fill('Lena');
      await cell('mailingCity').fill('Atlanta');
      await members.getByRole('button', { name: 'Add row' }).click();
      await page.getByRole('status').getByText('class-members.csv written: 1 row(s).').waitFor();
      expect(await members.locator('tbody tr[data-row="1"] td').allTextContents()).toEqual(['Edit row 1 Remove row 1', 'ACM-000001', '30301', 'Lena', '', 'Okafor', '', '', 'Atlanta', '', '', '', '']);
      expect(readFileSync(path.join(folder, 'class-members.csv'), 'utf8').split('\n')[1]).toBe('ACM-000001,30301,Lena,,Okafor,,,Atlanta,,,,');
      // A second member, edited, then removed: the file is back to the one member.
      await cell('memberId').fill('ACM-000002');
      await cell('zip').fill('97205');
      await cell('firstName').fill('Tomas');
      await cell('lastName').fill('Lindqvist');
      await members.getByRole('button', { name: 'Add row' }).click();
      await page.getByRole('status').getByText('class-members.csv written: 2 row(s).').waitFor();
      await members.getByRole('button', { name: 'Edit row 2' }).click();
      expect(await cell('firstName').inputValue()).toBe('Tomas');
      await cell('mailingCity').fill('Portland, Maine');
      await members.getByRole('button', { name: 'Save row' }).click();
      await members.locator('tbody tr[data-row="2"] td').filter({ hasText: 'Portland, Maine' }).waitFor();
      expect(readFileSync(path.join(folder, 'class-members.csv'), 'utf8').split('\n').slice(1)).toEqual(['ACM-000001,30301,Lena,,Okafor,,,Atlanta,,,,', 'ACM-000002,97205,Tomas,,Lindqvist,,,"Portland, Maine",,,,', '']);
      await members.getByRole('button', { name: 'Remove row 2' }).click();
      await page.getByRole('status').getByText('class-members.csv written: 1 row(s).').waitFor();
      expect(readFileSync(path.join(folder, 'class-members.csv'), 'utf8').split('\n').slice(1)).toEqual(['ACM-000001,30301,Lena,,Okafor,,,Atlanta,,,,', '']);
      await axeClean(page);
      await studioScreenshot(page, 'class-lists', { fullPage: true });

      // The walk: the exclusion signed in as the test member, the contact page prefilled from the class list.
      await page.getByRole('button', { name: 'Fixtures', exact: true }).click();
      await page.getByLabel('Form to walk').selectOption('flows/exclusion.json');
      await page.getByRole('button', { name: 'Start the walk' }).click();
      const frame = page.frameLocator('iframe[data-walk-frame]');
      await frame.locator('#credentials-memberId').fill('ACM-000001');
      await frame.locator('#credentials-zip').fill('30301');
      await frame.locator('#cf-page-primary-action').click();
      await frame.locator('#claimantInfo-firstName').waitFor();
      expect(await frame.locator('#claimantInfo-firstName').inputValue()).toBe('Lena');
      await page.getByLabel('Description (the test\'s name)').fill('Exclusion: the test member signs in by Member ID and ZIP code and finds her name on the contact page (walked)');
      await page.getByLabel('File name (fixtures/<name>.fixture.json)').fill('exclusion-member-signs-in');
      await page.getByRole('button', { name: 'Save as a fixture' }).click();
      await page.getByText('Saved fixtures/exclusion-member-signs-in.fixture.json.').waitFor();
      const fixture = JSON.parse(readFileSync(path.join(folder, 'fixtures', 'exclusion-member-signs-in.fixture.json'), 'utf8')) as Record<string, unknown>;
      expect(fixture).toMatchObject({
        formType: 'Exclusion',
        authorize: { authorized: true, prepopulatedData: expect.objectContaining({ FirstName: 'Lena', MailingCity: 'Atlanta' }) },
        steps: [{ page: 'exclusion-start', answers: { credentials: { memberId: 'ACM-000001', zip: '30301' } } }],
        expectPages: ['exclusion-start', 'exclusion-claimant-info'],
      });
      await axeClean(page);

      // The configurer's commands on the folder: both exit 0 (else execFileSync throws with their output).
      expect(npmScript('scripts/flows-check.ts', folder)).toMatch(/^flows:check: 1 flows, \d+ pages, \d+ model configs, 2 locales — no problems$/m);
      const played = npmScript('scripts/flows-test.ts', folder, '--reporter=verbose');
      expect(played).toContain('Exclusion: the test member signs in by Member ID and ZIP code');
      expect(played).toMatch(/Tests\s+\d+ passed \(\d+\)/);
      expect(played).not.toMatch(/failed/i);
      // The class-list view in Spanish.
      await page.goto(`${page.url().replace(/\/?(\?.*)?$/, '')}/?culture=es`);
      await page.getByRole('button', { name: 'Listas de la clase', exact: true }).click();
      await page.getByRole('heading', { name: 'Listas de la clase' }).waitFor();
      await page.locator('[data-class-list="class-members.csv"]').getByRole('button', { name: 'Editar la fila 1' }).waitFor();
      expect(errors).toEqual(['Failed to load resource: the server responded with a status of 400 (Bad Request)', 'Failed to load resource: the server responded with a status of 422 (Unprocessable Entity)']);
    } finally {
      await context.close();
      await server.close();
      rmSync(base, { recursive: true, force: true });
    }
  }, 600_000);
});
