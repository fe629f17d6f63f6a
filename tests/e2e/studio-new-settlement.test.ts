/**
 * A configurer's first hour, in Chromium: a data-breach claim settlement made in the studio alone
 * from a folder holding only a .git — its kind picked among the shipped templates, named with its
 * administrator apart from its short name, its deadlines' time zone picked from a searchable list —
 * a test member added in the class-list view, a walk of its claim signed in as that member saved
 * as a fixture; `npm run flows:check` and `npm run flows:test` pass on the folder, run as a
 * configurer runs them, and the real server started on it (as `npm start` starts it) files that
 * member's claim in the claimant app.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { buildStudioServer } from '../../studio/server/app';
import { readConfig } from '../../server/config';
import { startServer } from '../../server/main';
import { TEMPLATE_IDENTITY } from '../../studio/server/new-settlement';
import { draftField, next, NEXT, openDraft, samplePdf } from './flow-steps';
import { axe, builtApp, describeViolations, openPage, ROOT, settled } from './harness';
import { setUpStudio, studioScreenshot } from './studio-harness';

// The harness's browser and built studio; the studio under test is started on an empty folder below.
const studio = setUpStudio();

const axeClean = async (page: Page) => {
  const violations = await axe(page);
  expect(violations, describeViolations(violations)).toEqual([]);
};

/** Every file of the folder, by its path in it (its .git left out). */
const filesOf = (dir: string, under = ''): string[] =>
  readdirSync(path.join(dir, under))
    .filter((name) => name !== '.git')
    .flatMap((name) => (statSync(path.join(dir, under, name)).isDirectory() ? filesOf(dir, path.join(under, name)) : [path.join(under, name)]));

/** An npm script as a configurer runs it (tsx on the script, from the repository): its output, or a throw with it. */
const npmScript = (script: string, folder: string, ...options: string[]) =>
  execFileSync(process.execPath, [path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'), script, folder, ...options], { cwd: ROOT, encoding: 'utf8', stdio: 'pipe', env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1' } });

describe('a new settlement made in the studio alone', () => {
  it('is created from a folder holding only a .git as a data-breach claim, gets a test member, records a walk as a fixture, passes flows:check and flows:test, and files a claim', async () => {
    const base = mkdtempSync(path.join(tmpdir(), 'studio-new-e2e-'));
    const folder = path.join(base, 'acme-settlement');
    execFileSync('git', ['init', '-q', folder]);
    const server = await buildStudioServer({ folder, appDir: studio.appDir, debounceMs: 20 });
    const { page, context, errors } = await openPage(studio.browser, { width: 1400, height: 1000 });
    try {
      await page.goto(await server.listen({ host: '127.0.0.1', port: 0 }));
      await page.waitForFunction(() => document.activeElement?.textContent === 'A new settlement');

      // The wizard: the data-breach template; the name, short name, administrator, e-mail, site and time zone.
      await page.getByLabel('Data breach claim', { exact: false }).check();
      await page.getByLabel('Name of the settlement (the site title)').fill('Acme Data Breach Settlement');
      await page.getByLabel('Short name', { exact: false }).fill('Acme Settlement');
      await page.getByLabel('Name of the settlement administrator', { exact: false }).fill('Acme Claims Administrator');
      await page.getByLabel('Contact e-mail address').fill('info at acme');
      await page.getByLabel('Web site', { exact: false }).fill('https://www.acmesettlement.example');
      // The time zone is searched in a list holding the spec's names (with the IANA zone each means) and the IANA names.
      const zone = page.getByLabel('Time zone of the deadlines', { exact: false });
      const zones = await page.locator(`datalist#${await zone.getAttribute('list')} option`).evaluateAll((options) => options.map((o) => [o.getAttribute('value'), o.textContent]));
      expect(zones.slice(0, 4)).toEqual([['Pacific', 'America/Los_Angeles'], ['Mountain', 'America/Denver'], ['Central', 'America/Chicago'], ['Eastern', 'America/New_York']]);
      expect(zones.map(([value]) => value)).toEqual(expect.arrayContaining(['Newfoundland', 'Indiana East', 'America/New_York', 'Europe/Madrid']));
      await zone.fill('Eastern');
      await page.getByRole('button', { name: 'Create the settlement' }).click();
      // A wrong e-mail address is refused in words the author acts on, and nothing is written.
      await page.getByRole('alert').getByText('"info at acme" is not an e-mail address (info@acmesettlement.com). Nothing was written.').waitFor();
      expect(readdirSync(folder)).toEqual(['.git']);
      await page.getByLabel('Contact e-mail address').fill('info@acmesettlement.example');
      await axeClean(page);
      await page.getByRole('button', { name: 'Create the settlement' }).click();
      await page.waitForSelector('[data-flow="flows/claim.json"][data-layout="current"] svg', { timeout: 60_000 });
      await page.waitForFunction(() => document.querySelector('.problems')?.textContent?.includes('The checker finds no problems.'));
      // The texts still to write are warned of beside the problems, as flows:check prints them, without stopping a save.
      const warnings = page.locator('.problems').getByRole('heading', { name: 'Warnings (they do not stop a save)' });
      await warnings.waitFor();
      expect(await page.locator('.problems').textContent()).toMatch(/locales\/en\.json:\d+:\d+ \/LocKey_\w+ — \d+ text\(s\) still read "\[TO WRITE\]"/);

      // Nothing of the templates' example cases is left in what the server and claimants read.
      for (const file of filesOf(folder).filter((f) => !f.startsWith('fixtures/'))) {
        const text = readFileSync(path.join(folder, file), 'utf8');
        for (const word of TEMPLATE_IDENTITY) expect(text.includes(word), `${file} holds "${word}"`).toBe(false);
      }
      expect(readFileSync(path.join(folder, 'class-members.csv'), 'utf8')).toBe('claimId,zip,firstName,lastName,mailingStreetLine1,mailingStreetLine2,mailingCity,mailingSubDivision,mailingPostalCode,emailAddress,phoneNumber\n');
      expect((JSON.parse(readFileSync(path.join(folder, 'deadlines.json'), 'utf8')) as { timeZone: string }).timeZone).toBe('Eastern');

      // The texts about the case it cannot know are listed to write under Translations.
      await page.getByRole('button', { name: 'Translations', exact: true }).click();
      await page.getByLabel('Only texts still to write ([TO WRITE])').check();
      const toWrite = await page.locator('.translations tbody tr').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-key')));
      expect(toWrite).toEqual(expect.arrayContaining(['LocKey_Claim_Start_Intro', 'LocKey_Footer_PhoneNumber']));
      await axeClean(page);

      // The class list: a row missing a required value is refused, then a test member is added.
      await page.getByRole('button', { name: 'Class lists', exact: true }).click();
      const members = page.locator('[data-class-list="class-members.csv"]');
      await members.getByText('No rows yet.').waitFor();
      const cell = (column: string) => members.getByLabel(`${column} (column of class-members.csv)`);
      await cell('claimId').fill('ACM-000001');
      await cell('zip').fill('30301');
      await cell('lastName').fill('Okafor');
      await members.getByRole('button', { name: 'Add row' }).click();
      await page.getByRole('alert').getByText('Not saved (nothing was written): row 1: firstName is required.').waitFor();
      await cell('firstName').fill('Lena');
      await cell('mailingStreetLine1').fill('415 Peachtree St NE');
      await cell('mailingCity').fill('Atlanta');
      await cell('mailingSubDivision').fill('GA');
      await cell('mailingPostalCode').fill('30308');
      await cell('emailAddress').fill('lena.okafor@example.com');
      await cell('phoneNumber').fill('(404) 555-0133');
      await members.getByRole('button', { name: 'Add row' }).click();
      await page.getByRole('status').getByText('class-members.csv written: 1 row(s).').waitFor();
      const lena = 'ACM-000001,30301,Lena,Okafor,415 Peachtree St NE,,Atlanta,GA,30308,lena.okafor@example.com,(404) 555-0133';
      expect(await members.locator('tbody tr[data-row="1"] td').allTextContents()).toEqual(['Edit row 1 Remove row 1', ...lena.split(',')]);
      expect(readFileSync(path.join(folder, 'class-members.csv'), 'utf8').split('\n')[1]).toBe(lena);
      // A second member, edited, then removed: the file is back to the one member.
      await cell('claimId').fill('ACM-000002');
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
      expect(readFileSync(path.join(folder, 'class-members.csv'), 'utf8').split('\n').slice(1)).toEqual([lena, 'ACM-000002,97205,Tomas,Lindqvist,,,"Portland, Maine",,,,', '']);
      await members.getByRole('button', { name: 'Remove row 2' }).click();
      await page.getByRole('status').getByText('class-members.csv written: 1 row(s).').waitFor();
      expect(readFileSync(path.join(folder, 'class-members.csv'), 'utf8').split('\n').slice(1)).toEqual([lena, '']);
      await axeClean(page);
      await studioScreenshot(page, 'class-lists', { fullPage: true });

      // The walk: the claim signed in as the test member, the contact page prefilled from the class list.
      await page.getByRole('button', { name: 'Fixtures', exact: true }).click();
      await page.getByLabel('Form to walk').selectOption('flows/claim.json');
      await page.getByRole('button', { name: 'Start the walk' }).click();
      const frame = page.frameLocator('iframe[data-walk-frame]');
      await frame.locator('#credentials-claimId').fill('ACM-000001');
      await frame.locator('#credentials-zip').fill('30301');
      await frame.locator('#cf-page-primary-action').click();
      await frame.locator('#claimantInfo-firstName').waitFor();
      expect(await frame.locator('#claimantInfo-firstName').inputValue()).toBe('Lena');
      await page.getByLabel('Description (the test\'s name)').fill('Claim: the test member signs in by Claim ID and ZIP code and finds her name on the contact page (walked)');
      await page.getByLabel('File name (fixtures/<name>.fixture.json)').fill('claim-member-signs-in');
      await page.getByRole('button', { name: 'Save as a fixture' }).click();
      await page.getByText('Saved fixtures/claim-member-signs-in.fixture.json.').waitFor();
      const fixture = JSON.parse(readFileSync(path.join(folder, 'fixtures', 'claim-member-signs-in.fixture.json'), 'utf8')) as Record<string, unknown>;
      expect(fixture).toMatchObject({
        formType: 'Claim',
        authorize: { authorized: true, prepopulatedData: expect.objectContaining({ FirstName: 'Lena', MailingCity: 'Atlanta' }) },
        steps: [{ page: 'start', answers: { credentials: { claimId: 'ACM-000001', zip: '30301' } } }],
        expectPages: ['start', 'contact'],
      });
      await axeClean(page);

      // The configurer's commands on the folder: both exit 0 (else execFileSync throws with their output).
      expect(npmScript('scripts/flows-check.ts', folder)).toMatch(/^flows:check: 2 flows, 9 pages, 8 model configs, 2 locales — no problems$/m);
      const played = npmScript('scripts/flows-test.ts', folder, '--reporter=verbose');
      // The walk just saved, and the template's fixtures that came with the settlement.
      expect(played).toContain('Claim: the test member signs in by Claim ID and ZIP code');
      expect(played).toMatch(/Tests\s+8 passed \(8\)/);
      expect(played).not.toMatch(/failed/i);
      // The class-list view in Spanish.
      await page.goto(`${page.url().replace(/\/?(\?.*)?$/, '')}/?culture=es`);
      await page.getByRole('button', { name: 'Listas de la clase', exact: true }).click();
      await page.getByRole('heading', { name: 'Listas de la clase' }).waitFor();
      await page.locator('[data-class-list="class-members.csv"]').getByRole('button', { name: 'Editar la fila 1' }).waitFor();
      expect(errors).toEqual(['Failed to load resource: the server responded with a status of 400 (Bad Request)', 'Failed to load resource: the server responded with a status of 422 (Unprocessable Entity)']);

      await fileClaim(folder, path.join(base, 'data'));
    } finally {
      await context.close();
      await server.close();
      rmSync(base, { recursive: true, force: true });
    }
  }, 600_000);
});

const EXPENSES = 'records-expenses';
const RECEIPTS = 'records-documentContexts-receipt';

/**
 * The settlement as `npm start` serves it (SETTLEMENT_DIR = the new folder): the test member signs
 * in, finds her contact details filled in, claims an hour and an expense with its receipt, is paid
 * by PayPal and files the claim under the template's reference prefix; the footer names the
 * administrator as typed in the wizard.
 */
async function fileClaim(folder: string, dataDir: string): Promise<void> {
  const config = readConfig({ NODE_ENV: 'test', HOST: '127.0.0.1', PORT: '0', DATA_DIR: dataDir, SETTLEMENT_DIR: folder, APP_DIST_DIR: builtApp(), SESSION_SECRET: 'a-new-settlement-secret-of-32-characters' });
  const running = await startServer(config);
  running.app.log.level = 'warn';
  const { page, context, errors } = await openPage(studio.browser);
  try {
    await page.goto(`${running.url.replace('localhost', '127.0.0.1')}/claim`);
    await settled(page);
    const footer = await page.locator('footer').innerText();
    expect(footer).toContain('Acme Claims Administrator');
    expect(footer).not.toMatch(/Settlement Administrator/);
    await page.fill('#credentials-claimId', 'ACM-000001');
    await page.fill('#credentials-zip', '30301');
    await next(page, /\/claim\/contact$/);
    expect(await page.inputValue('#claimantInfo-mailingCity')).toBe('Atlanta');
    await next(page, /\/claim\/time-spent$/);
    await page.fill('#claimDetails-hoursSpent', '1');
    await next(page, /\/claim\/expenses$/);
    await openDraft(page, EXPENSES);
    await draftField(page, EXPENSES, 'expenseDescription').fill('Credit freeze fee');
    await draftField(page, EXPENSES, 'expenseAmount').fill('12.50');
    await page.click(`#${EXPENSES} .cf-records__draft .cf-records__actions .cf-button--primary`);
    await page.locator(`#${EXPENSES} .cf-records__item`).waitFor();
    await next(page, /\/claim\/receipts$/);
    await openDraft(page, RECEIPTS);
    const expense = draftField(page, RECEIPTS, 'expenseId');
    await expense.selectOption((await expense.locator('option').nth(1).getAttribute('value')) ?? '');
    await draftField(page, RECEIPTS, 'file').setInputFiles({ name: 'freeze-receipt.pdf', mimeType: 'application/pdf', buffer: samplePdf() });
    await page.locator(`#${RECEIPTS} .cf-records__draft .cf-field--file[data-upload="stored"]`).waitFor();
    await page.click(`#${RECEIPTS} .cf-records__draft .cf-records__actions .cf-button--primary`);
    await page.locator(`#${RECEIPTS} .cf-records__item`).waitFor();
    await next(page, /\/claim\/payment$/);
    await page.check('#paymentElection-paymentMethod-0');
    await page.fill('#paymentElection-paypalEmail', 'lena@example.com');
    await next(page, /\/claim\/review$/);
    await page.fill('#signature-confirmEmailAddress', 'lena.okafor@example.com');
    await page.check('#signature-attestation');
    await page.fill('#signature-signature', 'Lena Okafor');
    await page.click(NEXT);
    await page.waitForURL(/\/claim\/confirmation$/);
    await settled(page);
    const code = (await page.locator('.cf-confirmation__code').innerText()).trim();
    expect(code).toMatch(/^DBC-/);
    const stored = await running.app.stores.submissions.getByReferenceCode(code);
    expect(stored?.formType).toBe('Claim');
    const text = JSON.stringify(stored?.payload);
    for (const answer of ['"claimId":"ACM-000001"', '"mailingCity":"Atlanta"', '"expenseDescription":"Credit freeze fee"', '"paypalEmail":"lena@example.com"']) expect(text).toContain(answer);
    expect(stored?.documents.map((d) => d.name)).toEqual(['freeze-receipt.pdf']);
    expect(errors).toEqual([]);
  } finally {
    await context.close();
    await running.stop();
  }
}
