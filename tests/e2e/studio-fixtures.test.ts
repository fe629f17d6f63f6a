/**
 * The studio's Fixtures view in Chromium, against its server started in-process on a copy of the
 * sample settlement: a walk of the VIN look-up (its sign-in answered by the real claims server over
 * the folder's class list) saved as a fixture, replayed headless and passing; then the fixture's
 * expected value changed on disk, the replay failing and opening the look-up page at the VIN field;
 * a whole Automotive claim walked (a refused Next, repairs left open by a refused Next and then
 * finished or cancelled, an upload and a refused duplicate, the claim submitted to the real claims
 * server) replaying passing, in the studio and with flows:test.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FrameLocator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../studio/settlement-copy';
import { DOCUMENTS, REPAIRS, samplePdf } from './flow-steps';
import { axe, describeViolations, openPage } from './harness';
import { studioScreenshot, setUpStudio } from './studio-harness';

const studio = setUpStudio();

const FIXTURE_FILE = () => path.join(studio.copy.dir, 'fixtures', 'lookup-class-vin.fixture.json');

const walkFrame = (page: Page): FrameLocator => page.frameLocator('iframe[data-walk-frame]');

describe('the studio fixtures view', () => {
  it('walks the VIN look-up, saves it as a fixture, replays it passing, and opens the failing page and field once an expected value changes', async () => {
    const { page, errors, context } = await openPage(studio.browser, { width: 1400, height: 1000 });
    try {
      await page.goto(studio.url);
      await page.getByRole('button', { name: 'Fixtures', exact: true }).click();
      await page.getByRole('heading', { name: 'Fixtures of this folder' }).waitFor();
      expect(await page.textContent('.fixtures-view')).toContain('This folder has no fixtures yet.');

      // The walk: the look-up page drawn by the claimant renderer, a class VIN typed, Look up pressed.
      await page.getByLabel('Form to walk').selectOption('flows/lookup.json');
      await page.getByRole('button', { name: 'Start the walk' }).click();
      const frame = walkFrame(page);
      await frame.locator('#credentials-vin').fill('5EXMA1B20HC000101');
      await frame.locator('#cf-page-primary-action').click();
      // The real claims server found the VIN in the class list: the success box.
      await frame.locator('.cf-feedback--success').filter({ hasText: '5EXMA1B20HC000101' }).waitFor();
      await page.getByText('lookup: main button').waitFor();

      // Saving without a name says what to write; then saved with its $schema, pretty-printed.
      await page.getByLabel('Description (the test\'s name)').fill('Lookup: a class VIN shows the success box (walked)');
      await page.getByRole('button', { name: 'Save as a fixture' }).click();
      expect(await page.getByRole('alert').textContent()).toBe('A file name is lowercase letters, digits and hyphens (lookup-class-vehicle).');
      await page.getByLabel('File name (fixtures/<name>.fixture.json)').fill('lookup-class-vin');
      await page.getByRole('button', { name: 'Save as a fixture' }).click();
      await page.getByText('Saved fixtures/lookup-class-vin.fixture.json.').waitFor();
      const text = readFileSync(FIXTURE_FILE(), 'utf8');
      const saved = JSON.parse(text) as Record<string, unknown>;
      expect(text).toBe(`${JSON.stringify(saved, null, 2)}\n`);
      expect(saved).toEqual({
        $schema: path.relative(path.dirname(FIXTURE_FILE()), path.join(ROOT, 'schemas/flow-fixture.schema.json')),
        version: 1,
        description: 'Lookup: a class VIN shows the success box (walked)',
        formType: 'Lookup',
        now: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/),
        authorize: { authorized: true },
        steps: [{ page: 'lookup', answers: { credentials: { vin: '5EXMA1B20HC000101' } }, expectResult: { feedback: 'success' } }],
        expectPages: ['lookup'],
        expectNoSubmission: true,
      });

      // A second save of the same name is refused until confirmed.
      await page.getByRole('button', { name: 'Save as a fixture' }).click();
      expect(await page.getByRole('alert').textContent()).toBe(
        'fixtures/lookup-class-vin.fixture.json exists already; confirm to overwrite it. Press "Overwrite" to replace it.',
      );
      expect(readFileSync(FIXTURE_FILE(), 'utf8')).toBe(text);
      await page.getByRole('button', { name: 'Overwrite' }).click();
      await page.getByText('Saved fixtures/lookup-class-vin.fixture.json.').waitFor();

      // Replayed headless: it passes.
      const row = page.locator('tr[data-fixture="lookup-class-vin"]');
      await row.getByRole('button', { name: 'Replay lookup-class-vin' }).click();
      await row.getByText('Passed', { exact: true }).waitFor();
      expect(await page.getByRole('status').filter({ hasText: 'fixture(s) passed' }).textContent()).toBe('1 of 1 fixture(s) passed.');
      const violations = await axe(page);
      expect(violations, describeViolations(violations)).toEqual([]);

      // The expected box changed on disk: the replay fails at that step, and opens its page at the VIN field.
      writeFileSync(FIXTURE_FILE(), text.replace('"feedback": "success"', '"feedback": "warning"'));
      await page.getByRole('button', { name: 'Replay all' }).click();
      await row.getByText('Failed', { exact: true }).waitFor();
      expect(await row.locator('.issue-where').textContent()).toMatch(/^fixtures\/lookup-class-vin\.fixture\.json:\d+:\d+ \/steps\/0\/expectResult\/feedback$/);
      expect(await row.locator('.problem-message').textContent()).toMatch(/^page "lookup" shows a success box, expected warning: "The vehicle with VIN/);
      const failedViolations = await axe(page);
      expect(failedViolations, describeViolations(failedViolations)).toEqual([]);
      await studioScreenshot(page, 'fixtures', { fullPage: true });

      await row.getByRole('button', { name: 'Open page lookup at credentials-vin' }).focus();
      await page.keyboard.press('Enter');
      await page.locator('#editor-heading').filter({ hasText: 'Page lookup' }).waitFor();
      await page.waitForFunction(() => {
        const frames = Array.from(document.querySelectorAll<HTMLIFrameElement>('.preview iframe'));
        const marked = frames.filter((f) => f.contentDocument?.getElementById('credentials-vin')?.hasAttribute('data-fixture-failure'));
        const focused = document.activeElement instanceof HTMLIFrameElement && document.activeElement.contentDocument?.activeElement?.id === 'credentials-vin';
        return marked.length === frames.length && frames.length > 0 && focused;
      });
      // The refused second save is the only failed call the browser logs.
      expect(errors).toEqual(['Failed to load resource: the server responded with a status of 409 (Conflict)']);
    } finally {
      await context.close();
    }
  });

  it('walks the exclusion sign-in against the real server: a wrong PIN refused under the PIN, the right one prefilling the contact page; the walk replays passing', async () => {
    const { page, context } = await openPage(studio.browser, { width: 1400, height: 1000 });
    try {
      await page.goto(studio.url);
      await page.getByRole('button', { name: 'Fixtures', exact: true }).click();
      await page.getByLabel('Form to walk').selectOption('flows/exclusion.json');
      await page.getByRole('button', { name: 'Start the walk' }).click();
      const frame = walkFrame(page);
      await frame.locator('#credentials-vin').fill('5EXMA1B20JC000202');
      await frame.locator('#credentials-noticeId').fill('EXM-100002');
      await frame.locator('#credentials-pin').fill('111111');
      await frame.locator('#cf-page-primary-action').click();
      await frame.locator('#credentials-pin-error').waitFor();
      const refusal = (await frame.locator('#credentials-pin-error').textContent())!.trim();
      expect(refusal).toBe('The Notice ID and PIN do not match our records for this VIN. Please check the notice you received.');
      await frame.locator('#credentials-pin').fill('730155');
      await frame.locator('#cf-page-primary-action').click();
      // James O'Neil's details from the class list.
      await frame.locator('#claimantInfo-firstName').waitFor();
      expect(await frame.locator('#claimantInfo-firstName').inputValue()).toBe('James');
      // The settlement's whitelist.json holds in the walk as on the claims server: a snowman is refused on the page.
      await frame.locator('#claimantInfo-firstName').fill('James ☃');
      await frame.locator('#cf-page-primary-action').click();
      await frame.locator('#claimantInfo-firstName-error').waitFor();
      expect(await frame.locator('#claimantInfo-firstName-error').textContent()).toContain('The following characters are not allowed:');
      await frame.locator('#claimantInfo-firstName').fill('James');
      await page.getByLabel('Description (the test\'s name)').fill('Exclusion: a wrong PIN is refused, the right one opens the contact page (walked)');
      await page.getByLabel('File name (fixtures/<name>.fixture.json)').fill('exclusion-wrong-pin');
      await page.getByRole('button', { name: 'Save as a fixture' }).click();
      await page.getByText('Saved fixtures/exclusion-wrong-pin.fixture.json.').waitFor();
      const saved = JSON.parse(readFileSync(path.join(studio.copy.dir, 'fixtures', 'exclusion-wrong-pin.fixture.json'), 'utf8')) as Record<string, unknown>;
      expect(saved).toMatchObject({
        formType: 'Exclusion',
        authorize: [{ authorized: false, code: 'WRONG_PIN' }, { authorized: true, prepopulatedData: expect.objectContaining({ FirstName: 'James' }) }],
        steps: [
          { page: 'exclusion-start', answers: { credentials: { vin: '5EXMA1B20JC000202', noticeId: 'EXM-100002', pin: '111111' } }, expectErrors: { pin: refusal } },
          { page: 'exclusion-start', answers: { credentials: { pin: '730155' } } },
          { page: 'exclusion-claimant-info', answers: { claimantInfo: { firstName: 'James ☃' } }, expectErrors: { firstName: expect.stringContaining('The following characters are not allowed:') } },
        ],
        expectPages: ['exclusion-start', 'exclusion-claimant-info'],
        expectNoSubmission: true,
      });
      const row = page.locator('tr[data-fixture="exclusion-wrong-pin"]');
      await row.getByRole('button', { name: 'Replay exclusion-wrong-pin' }).click();
      await row.getByText('Passed', { exact: true }).waitFor();
    } finally {
      await context.close();
    }
  });

  it('walks a whole Automotive claim: a refused Next, repairs (one left open by a refused Next then saved, one cancelled, one saved by Next), an upload and a refused duplicate, the claim submitted to the claims server; the fixture replays passing', async () => {
    const { page, context } = await openPage(studio.browser, { width: 1400, height: 1000 });
    try {
      await page.goto(studio.url);
      await page.getByRole('button', { name: 'Fixtures', exact: true }).click();
      await page.getByLabel('Form to walk').selectOption('flows/automotive.json');
      await page.getByRole('button', { name: 'Start the walk' }).click();
      const frame = walkFrame(page);
      const primary = frame.locator('#cf-page-primary-action');
      const draftField = (block: string, field: string) => frame.locator(`#${block} .cf-records__draft [id$="-${field}"]`).first();
      const draftSave = (block: string) => frame.locator(`#${block} .cf-records__draft .cf-records__actions .cf-button--primary`).first();
      // María signs in with her notice: the claims server prefills her contact page.
      await frame.locator('#credentials-vin').fill('5EXMA1B20HC000101');
      await frame.locator('#credentials-noticeId').fill('EXM-100001');
      await frame.locator('#credentials-pin').fill('482913');
      const stylesheet = await frame.locator('link[rel="stylesheet"]').first().elementHandle();
      await primary.click();
      await frame.locator('#claimantInfo-firstName').waitFor();
      // The frame keeps its document from page to page (its stylesheets are not loaded again, no
      // locator loses it): only its title follows the page.
      expect(await stylesheet?.evaluate((link) => link.isConnected)).toBe(true);
      expect(await frame.locator('head title').textContent()).toBe('Walk of Automotive, page claimant-info');
      await primary.click();
      // Next with the eligibility questions unanswered: refused, the walk stays on the page.
      await frame.locator('#claimDetails-ownershipType-0').waitFor();
      await primary.click();
      await frame.locator('.cf-error-summary').waitFor();
      const refusal = (await frame.locator('#claimDetails-ownershipType-error').textContent())!.trim();
      await page.getByText('eligibility: main button, refused').waitFor();
      await frame.locator('#claimDetails-ownershipType-0').check();
      await frame.locator('#claimDetails-acquisitionDate').fill('03/15/2016');
      await frame.locator('#claimDetails-isCurrentOwner-0').check();
      await frame.locator('#claimDetails-didIncurOutOfPocketExpensesPriorToSeptember-0').check();
      await primary.click();
      // A repair, saved.
      await draftField(REPAIRS, 'repairDate').fill('06/20/2017');
      await draftField(REPAIRS, 'mileageAtRepair').fill('48210');
      await draftField(REPAIRS, 'facilityName').fill('Bayside Motors');
      await draftField(REPAIRS, 'amountPaid').fill('3125.40');
      await draftField(REPAIRS, 'repairDescription').fill('Replaced the CVT valve body after shuddering.');
      await draftSave(REPAIRS).click();
      await frame.locator(`#${REPAIRS} .cf-records__item`).first().waitFor();
      // A second repair half typed: Next refuses it; finished and saved, it is that same record.
      const addMore = frame.locator(`#${REPAIRS} .cf-records__actions .cf-button--outline-primary`);
      const repairsRefused = page.getByText('repairs: main button, refused');
      const incomplete = 'The record you started is not complete. Correct it or cancel it before you continue.';
      await addMore.click();
      await draftField(REPAIRS, 'repairDate').fill('02/11/2020');
      await draftField(REPAIRS, 'facilityName').fill('Hilltop Motors');
      await primary.click();
      await expect.poll(() => repairsRefused.count()).toBe(1);
      await draftField(REPAIRS, 'mileageAtRepair').fill('51020');
      await draftField(REPAIRS, 'amountPaid').fill('980.00');
      await draftField(REPAIRS, 'repairDescription').fill('Replaced the transmission control module.');
      await draftSave(REPAIRS).click();
      await expect.poll(() => frame.locator(`#${REPAIRS} .cf-records__item`).count()).toBe(2);
      // A third, refused and cancelled; a fourth, refused, then finished and saved by Next itself.
      await addMore.click();
      await draftField(REPAIRS, 'facilityName').fill('Quick Lube');
      await primary.click();
      await expect.poll(() => repairsRefused.count()).toBe(2);
      await frame.locator(`#${REPAIRS} .cf-records__draft .cf-records__actions .cf-button--outline-secondary`).click();
      await addMore.click();
      await draftField(REPAIRS, 'repairDate').fill('07/02/2021');
      await draftField(REPAIRS, 'facilityName').fill('Eastside Transmissions');
      await primary.click();
      await expect.poll(() => repairsRefused.count()).toBe(3);
      await draftField(REPAIRS, 'mileageAtRepair').fill('60115');
      await draftField(REPAIRS, 'amountPaid').fill('410.00');
      await draftField(REPAIRS, 'repairDescription').fill('Flushed the CVT fluid.');
      await primary.click();
      // The repair's invoice, uploaded; the same file name again is refused.
      await draftField(DOCUMENTS, 'documentType').selectOption('repairInvoice');
      const link = draftField(DOCUMENTS, 'claimTransactionId');
      await link.selectOption((await link.locator('option').nth(1).getAttribute('value'))!);
      await draftField(DOCUMENTS, 'file').setInputFiles({ name: 'invoice.pdf', mimeType: 'application/pdf', buffer: samplePdf() });
      await draftSave(DOCUMENTS).click();
      await frame.locator(`#${DOCUMENTS} .cf-records__item`).first().waitFor();
      await frame.locator(`#${DOCUMENTS} .cf-records__actions .cf-button--outline-primary`).click();
      await draftField(DOCUMENTS, 'documentType').selectOption('proofOfPayment');
      await draftField(DOCUMENTS, 'file').setInputFiles({ name: 'invoice.pdf', mimeType: 'application/pdf', buffer: samplePdf() });
      await draftSave(DOCUMENTS).click();
      await frame.locator(`#${DOCUMENTS} .cf-records__message--error[role="alert"]`).waitFor();
      await primary.click();
      // Signed and submitted: the claims server's reference code on the confirmation page.
      await frame.locator('#signature-confirmEmailAddress').fill('maria.garcia@example.com');
      await frame.locator('#signature-confirmPhoneNumber').fill('5105550142');
      await frame.locator('#signature-attestation').check();
      await frame.locator('#signature-signature').fill('Maria Garcia');
      await primary.click();
      const code = (await frame.locator('.cf-confirmation__code').innerText()).trim();
      expect(code).not.toBe('');

      await page.getByLabel('Description (the test\'s name)').fill('Automotive: a whole claim with a repair and its invoice, submitted (walked)');
      await page.getByLabel('File name (fixtures/<name>.fixture.json)').fill('automotive-walked-claim');
      await page.getByRole('button', { name: 'Save as a fixture' }).click();
      await page.getByText('Saved fixtures/automotive-walked-claim.fixture.json.').waitFor();
      const file = path.join(studio.copy.dir, 'fixtures', 'automotive-walked-claim.fixture.json');
      const saved = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
      expect(saved).not.toHaveProperty('expectNoSubmission');
      expect(saved).toMatchObject({
        formType: 'Automotive',
        submit: { submitted: true, referenceCodeForm: code },
        steps: [
          { page: 'start', answers: { credentials: { vin: '5EXMA1B20HC000101', noticeId: 'EXM-100001', pin: '482913' } } },
          { page: 'claimant-info' },
          { page: 'eligibility', expectErrors: expect.objectContaining({ ownershipType: refusal }) },
          { page: 'eligibility', answers: { claimDetails: expect.objectContaining({ ownershipType: 'own', acquisitionDate: '03/15/2016' }) } },
          {
            page: 'repairs',
            records: {
              claimTransactions: [
                { $as: 'claimTransactions 1', facilityName: 'Bayside Motors', mileageAtRepair: '48210' },
                { $as: 'claimTransactions 2', $unsaved: true, repairDate: '02/11/2020', facilityName: 'Hilltop Motors' },
              ],
            },
            expectErrors: { claimTransactions: incomplete },
          },
          {
            page: 'repairs',
            records: {
              claimTransactions: [
                { $continue: 'claimTransactions 2', mileageAtRepair: '51020', amountPaid: '980.00', repairDescription: 'Replaced the transmission control module.' },
                { $as: 'claimTransactions 3', $unsaved: true, facilityName: 'Quick Lube' },
              ],
            },
            expectErrors: { claimTransactions: incomplete },
          },
          {
            page: 'repairs',
            records: { claimTransactions: [{ $as: 'claimTransactions 4', $unsaved: true, repairDate: '07/02/2021', facilityName: 'Eastside Transmissions' }] },
            deleteRecords: ['claimTransactions 3'],
            expectErrors: { claimTransactions: incomplete },
          },
          { page: 'repairs', records: { claimTransactions: [{ $continue: 'claimTransactions 4', mileageAtRepair: '60115', amountPaid: '410.00', repairDescription: 'Flushed the CVT fluid.' }] } },
          {
            page: 'supporting-documents',
            records: {
              documentContexts: [
                {
                  $as: 'documentContexts 1',
                  documentType: 'repairInvoice',
                  claimTransactionId: { $record: 'claimTransactions 1' },
                  file: { name: 'invoice.pdf', type: 'application/pdf', size: samplePdf().length },
                },
                { documentType: 'proofOfPayment', file: { name: 'invoice.pdf' }, $expectErrors: { file: 'A file with this name has already been uploaded.' } },
              ],
            },
          },
          { page: 'claim-summary', answers: { signature: expect.objectContaining({ signature: 'Maria Garcia', attestation: true }) } },
        ],
        expectPages: ['start', 'claimant-info', 'eligibility', 'repairs', 'supporting-documents', 'claim-summary', 'confirmation'],
        expectPayload: {
          claimTransactions: [
            { clientId: { $record: 'claimTransactions 1' }, fields: expect.objectContaining({ facilityName: 'Bayside Motors' }) },
            { clientId: { $record: 'claimTransactions 2' }, fields: expect.objectContaining({ facilityName: 'Hilltop Motors', amountPaid: '980.00' }) },
            { clientId: { $record: 'claimTransactions 4' }, fields: expect.objectContaining({ facilityName: 'Eastside Transmissions', amountPaid: '410.00' }) },
          ],
          documents: [{ clientId: { $record: 'documentContexts 1' }, name: 'invoice.pdf', type: 'application/pdf', size: samplePdf().length }],
          claimantInfo: { fields: expect.objectContaining({ firstName: 'Maria' }) },
        },
      });
      expect((saved.steps as unknown[]).length).toBe(10);

      // Replayed headless by the studio, and by flows:test on a copy of the folder: it passes.
      const row = page.locator('tr[data-fixture="automotive-walked-claim"]');
      await row.getByRole('button', { name: 'Replay automotive-walked-claim' }).click();
      await row.getByText('Passed', { exact: true }).waitFor();
      const copy = path.join(mkdtempSync(path.join(tmpdir(), 'studio-walked-')), 'settlement');
      try {
        cpSync(studio.copy.dir, copy, { recursive: true });
        const played = spawnSync('npm', ['run', 'flows:test', copy, '--', '-t', 'a whole claim with a repair and its invoice'], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, CI: 'true' } });
        expect(played.stdout, played.stderr).toMatch(/Tests:\s+1 passed, 0 failed/);
        expect(played.status).toBe(0);
      } finally {
        rmSync(path.dirname(copy), { recursive: true, force: true });
      }

      // The folder changes the eligibility question's refusal: the replay fails at that step.
      const en = path.join(studio.copy.dir, 'locales', 'en.json');
      const texts = readFileSync(en, 'utf8');
      try {
        writeFileSync(en, texts.split(JSON.stringify(refusal)).join(JSON.stringify(`${refusal} (changed)`)));
        await row.getByRole('button', { name: 'Replay automotive-walked-claim' }).click();
        await row.getByText('Failed', { exact: true }).waitFor();
        expect(await row.locator('.issue-where').first().textContent()).toMatch(/\/steps\/2\/expectErrors$/);
      } finally {
        writeFileSync(en, texts);
      }
    } finally {
      await context.close();
    }
  });

  it('previews a page after the sign-in with the answers a fixture has given by then, in every frame', async () => {
    mkdirSync(path.join(studio.copy.dir, 'fixtures'), { recursive: true });
    // A claim that reaches the summary, one that stops at the sign-in, one of another form.
    for (const name of ['automotive-expenses-true', 'automotive-wrong-pin', 'lookup-class-vehicle']) {
      cpSync(path.join(ROOT, 'tests/flows', `${name}.fixture.json`), path.join(studio.copy.dir, 'fixtures', `${name}.fixture.json`));
    }
    const { page, errors, context } = await openPage(studio.browser, { width: 1400, height: 1000 });
    try {
      await page.goto(studio.url);
      await page.click('[data-flow="flows/automotive.json"] [data-node="page:claim-summary"]');
      const enPhone = page.frameLocator('iframe[data-culture="en"][data-width="375"]');
      const esDesktop = page.frameLocator('iframe[data-culture="es"][data-width="1280"]');
      await enPhone.locator('#signature-signature').waitFor();
      expect(await enPhone.locator('main').textContent()).not.toContain('Bay Auto Care');
      // Only the fixtures of this form that reach the page are offered.
      const sample = page.getByLabel('Sample answers');
      const offered = await sample.locator('option').allTextContents();
      expect(offered.slice(0, 2)).toEqual([
        'None (as a claimant first sees it)',
        'automotive-expenses-true: Automotive: out-of-pocket expenses \'true\' skips denials and drops a denial entered before the answer changed',
      ]);
      expect(offered.filter((o) => /^(automotive-wrong-pin|lookup-class-vehicle):/.test(o))).toEqual([]);
      await sample.selectOption('automotive-expenses-true');
      await page.getByText('The answers of automotive-expenses-true are shown.').waitFor();
      // The summary lists the earlier pages' answers, and the page's own field holds what the fixture typed there.
      await enPhone.locator('main').getByText('Bay Auto Care').first().waitFor();
      expect(await enPhone.locator('main').textContent()).toContain('Oakland');
      expect(await enPhone.locator('#signature-signature').inputValue()).toBe('Maria Garcia');
      expect(await esDesktop.locator('#signature-signature').inputValue()).toBe('Maria Garcia');
      const violations = await axe(page);
      expect(violations, describeViolations(violations)).toEqual([]);
      await page.evaluate(() => document.getElementById('preview-heading')?.scrollIntoView({ block: 'start' }));
      await studioScreenshot(page, 'preview-sample-answers');

      // The fixture changed on disk is played again; back to none, the page as a claimant first sees it.
      const signed = (value: string) =>
        page.waitForFunction((v) => (document.querySelector('iframe[data-culture="en"][data-width="375"]') as HTMLIFrameElement | null)?.contentDocument?.querySelector<HTMLInputElement>('#signature-signature')?.value === v, value);
      const file = path.join(studio.copy.dir, 'fixtures', 'automotive-expenses-true.fixture.json');
      writeFileSync(file, readFileSync(file, 'utf8').replace('"signature": "Maria Garcia"', '"signature": "Maria R. Garcia"'));
      await signed('Maria R. Garcia');
      await sample.selectOption('');
      await signed('');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('speaks Spanish with ?culture=es', async () => {
    const { page, context } = await openPage(studio.browser, { width: 1400, height: 1000 });
    try {
      await page.goto(`${studio.url}/?culture=es`);
      await page.getByRole('button', { name: 'Fixtures', exact: true }).click();
      await page.getByRole('heading', { name: 'Recorrer un formulario y guardar el recorrido como fixture' }).waitFor();
      await page.getByRole('heading', { name: 'Fixtures de esta carpeta' }).waitFor();
      await page.getByRole('button', { name: 'Reproducir todos' }).waitFor();
      expect(await page.getByLabel('Formulario que recorrer').count()).toBe(1);
    } finally {
      await context.close();
    }
  });
});
