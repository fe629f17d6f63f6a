/**
 * The settlement studio in Chromium, against its server started in-process (as `npm run studio`
 * starts it) on a copy of the sample settlement inside a temporary git repository: what the
 * studio writes is what `git diff` shows.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { axe, describeViolations, ROOT } from './harness';
import { AUTOMOTIVE, changedLines, openStudio, studioScreenshot, setUpStudio } from './studio-harness';

const studio = setUpStudio({ git: true });

/** A locale file's last key line, the one a key added at the end gives a comma. */
const lastKeyLine = (json: string) => json.split('\n').filter((line) => line.startsWith('  "LocKey_')).at(-1)!;

const DENIALS_NODE = `${AUTOMOTIVE} [data-node="page:denials"]`;
const DENIALS_SKIP_LABEL = `${AUTOMOTIVE} [data-edge="skip:denials"] .edge-label`;

// Walks of many steps: each change is checked by the checker on the server, which takes seconds on a busy machine.
describe('the settlement studio', () => {
  it('edits a page title (a new key in every locale) and a skip rule, shows them on the map, undoes and redoes, and saves exactly those edits', async () => {
    const { page, errors, close } = await openStudio(studio);
    expect(await page.textContent(DENIALS_SKIP_LABEL)).toBe('skip denials when claimDetails.didIncurOutOfPocketExpensesPriorToSeptember = "true"');
    const mapViolations = await axe(page);
    expect(mapViolations, describeViolations(mapViolations)).toEqual([]);
    await studioScreenshot(page, 'map');

    // The keyboard opens a page's editor and lands on its heading.
    await page.focus(DENIALS_NODE);
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.activeElement?.id === 'editor-heading');
    expect(await page.textContent('#editor-heading')).toBe('Page denials');

    await page.getByLabel(/^Title\*?$/).fill('LocKey_Denials_Heading');
    await page.getByLabel('Text in en').fill('Refused repairs');
    await page.getByLabel('Text in es').fill('Reparaciones rechazadas');
    await page.getByRole('button', { name: 'Add LocKey_Denials_Heading to every locale' }).click();
    await page.waitForFunction((node) => document.querySelector(`${node} .page-title`)?.textContent === 'Refused repairs', DENIALS_NODE);

    // The condition builder offers only the values the field can hold: its two options, by their labels.
    const skipValue = page.getByRole('group', { name: 'skipWhen', exact: true }).getByLabel('Value', { exact: true });
    expect(await skipValue.locator('option').allTextContents()).toEqual(['Yes (true)', 'No (false)']);
    await skipValue.selectOption({ label: 'No (false)' });
    await page.waitForFunction((label) => document.querySelector(label)?.textContent?.endsWith('= "false"'), DENIALS_SKIP_LABEL);
    // The checker, run on the unsaved edits, finds nothing once the new key is in every locale.
    await page.waitForFunction(() => document.querySelector('.problems')?.textContent?.endsWith('The checker finds no problems.') && !document.querySelector('.has-problems'));
    const editorViolations = await axe(page);
    expect(editorViolations, describeViolations(editorViolations)).toEqual([]);
    await studioScreenshot(page, 'page-editor');

    await page.getByRole('button', { name: 'Undo' }).click();
    await page.waitForFunction((label) => document.querySelector(label)?.textContent?.endsWith('= "true"'), DENIALS_SKIP_LABEL);
    await page.getByRole('button', { name: 'Redo' }).click();
    await page.waitForFunction((label) => document.querySelector(label)?.textContent?.endsWith('= "false"'), DENIALS_SKIP_LABEL);
    expect(await page.textContent('.unsaved')).toBe('3 unsaved file(s)');
    expect(changedLines(studio.copy)).toEqual([]);
    // Leaving with unsaved edits asks first (the browser's own question); staying keeps them.
    const asked = page.waitForEvent('dialog');
    void page.close({ runBeforeUnload: true });
    const question = await asked;
    expect(question.type()).toBe('beforeunload');
    await question.dismiss();
    expect(page.isClosed()).toBe(false);
    expect(await page.textContent('.unsaved')).toBe('3 unsaved file(s)');

    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForFunction(() => document.querySelector('.status')?.textContent?.startsWith('Saved:'));
    expect(await page.textContent('.status')).toBe('Saved: flows/automotive.json, locales/en.json, locales/es.json');
    expect(await page.textContent('.unsaved')).toBe('No unsaved changes');
    expect(changedLines(studio.copy)).toEqual([
      '-      "titleKey": "LocKey_Denials_Title",',
      '+      "titleKey": "LocKey_Denials_Heading",',
      '-          "const": "true"',
      '+          "const": "false"',
      '+  "LocKey_Denials_Heading": "Refused repairs",',
      '+  "LocKey_Denials_Heading": "Reparaciones rechazadas",',
    ]);
    expect(errors).toEqual([]);
    studio.copy.commit('title and skip rule of the denials page');
    await close();
  });

  it('refuses a save the checker rejects, showing the file and JSON pointer, pins the problem on its page, and writes nothing', async () => {
    const { page, close } = await openStudio(studio);
    await page.click(`${AUTOMOTIVE} [data-node="page:claimant-info"]`);
    await page.getByLabel(/^Title\*?$/).fill('LocKey_Nowhere_ToBeFound');
    await page.waitForFunction(() => document.querySelector('[data-node="page:claimant-info"]')?.getAttribute('aria-label')?.includes('problem'));
    expect(await page.getAttribute(`${AUTOMOTIVE} [data-node="page:claimant-info"]`, 'aria-label')).toMatch(/^claimant-info LocKey_Nowhere_ToBeFound \d+ problem\(s\)$/);

    await page.getByRole('button', { name: 'Save' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Not saved' });
    await alert.waitFor();
    const text = await alert.textContent();
    expect(text).toContain('Not saved: the checker found problems (nothing was written).');
    expect(text).toMatch(/flows\/automotive\.json:\d+:\d+ \/pages\/1\/titleKey/);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('alert');
    expect(changedLines(studio.copy)).toEqual([]);

    // A text changed on disk meanwhile is announced, not taken over the unsaved edit; reloading takes it.
    const enFile = path.join(studio.copy.dir, 'locales/en.json');
    writeFileSync(enFile, readFileSync(enFile, 'utf8').replace('"LocKey_Eligibility_Title": "Your Vehicle"', '"LocKey_Eligibility_Title": "Your Car"'));
    studio.copy.commit('a text changed on disk');
    await page.getByText('The files changed on disk while you have unsaved changes').waitFor();
    expect(await page.textContent(`${AUTOMOTIVE} [data-node="page:eligibility"] .page-title`)).toBe('Your Vehicle');
    await page.getByRole('button', { name: 'Reload from disk' }).click();
    await page.waitForFunction((node) => document.querySelector(`${node} .page-title`)?.textContent === 'Your Car', `${AUTOMOTIVE} [data-node="page:eligibility"]`);
    expect(await page.textContent(`${AUTOMOTIVE} [data-node="page:claimant-info"] .page-title`)).toBe('Your Contact Information');
    expect(await page.textContent('.unsaved')).toBe('No unsaved changes');
    await close();
  });

  it('shows a key missing from the Spanish texts after it went from the file on disk, and fills it from the table', async () => {
    const { page, close } = await openStudio(studio);
    await page.getByRole('button', { name: 'Translations' }).click();
    const esFile = path.join(studio.copy.dir, 'locales/es.json');
    // Removed outside the studio: the open table follows the files.
    const intro = '  "LocKey_Denials_Intro": "Indique cada vez que un concesionario o taller se negó a reparar su transmisión CVT.",\n';
    writeFileSync(esFile, readFileSync(esFile, 'utf8').replace(intro, ''));
    studio.copy.commit('a Spanish text goes missing');
    const fill = page.getByLabel('Text of LocKey_Denials_Intro in es');
    await fill.waitFor();
    expect(await page.getAttribute('tr[data-key="LocKey_Denials_Intro"] td.missing', 'lang')).toBe('es');
    await page.getByLabel('Only keys missing in a culture').check();
    expect(await page.locator('tbody tr').count()).toBe(1);
    const violations = await axe(page);
    expect(violations, describeViolations(violations)).toEqual([]);
    await studioScreenshot(page, 'translations');

    await fill.fill('Indique cada vez que un concesionario o taller se negó a reparar su transmisión CVT.');
    await page.keyboard.press('Control+s');
    await page.waitForFunction(() => document.querySelector('.status')?.textContent === 'Saved: locales/es.json');
    expect(changedLines(studio.copy)).toEqual([`+${intro.trimEnd()}`]);
    studio.copy.commit('the Spanish text filled in');
    await close();
  });

  it('deletes the unused keys from every locale file after a confirmation listing them, and saves only that', async () => {
    const { page, close } = await openStudio(studio);
    const files = ['en', 'es'].map((c) => path.join(studio.copy.dir, `locales/${c}.json`));
    // A text no flow, model config or code reads, left in both files.
    for (const file of files) writeFileSync(file, readFileSync(file, 'utf8').replace(/\{\n/, '{\n  "LocKey_Nobody_Reads": "x",\n'));
    studio.copy.commit('an unused text');
    await page.reload();
    await page.getByRole('button', { name: 'Translations' }).click();
    const listed = await page.locator('.unused-keys li').allTextContents();
    expect(listed).toContain('LocKey_Nobody_Reads');
    await page.getByRole('button', { name: `Delete the ${listed.length} unused key(s)…` }).click();
    await page.getByText(`Delete the ${listed.length} key(s) listed above from every locale file?`, { exact: false }).waitFor();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(`Delete ${listed.length} key(s)`);
    await page.keyboard.press('Enter');
    await page.getByText('Every key is used.').waitFor();
    await page.keyboard.press('Control+s');
    await page.waitForFunction(() => document.querySelector('.status')?.textContent?.startsWith('Saved:'));
    for (const file of files) {
      const keys = Object.keys(JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>);
      for (const key of listed) expect(keys).not.toContain(key);
    }
    expect(changedLines(studio.copy).filter((line) => line.startsWith('+') && !line.endsWith(','))).toEqual([]);
    studio.copy.commit('the unused texts deleted');
    await close();
  });

  it('adds a page after another by keyboard, gives it a block, moves and removes blocks, and saves the new page as its own lines', async () => {
    const { page, errors, close } = await openStudio(studio);
    await page.focus(`${AUTOMOTIVE} [data-node="page:eligibility"]`);
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.activeElement?.id === 'editor-heading');

    // A page id of the wrong shape, or one a page already has, is refused with what to do.
    const newId = page.getByLabel('Id of a new page after eligibility');
    await newId.fill('Vehicle use');
    await newId.press('Enter');
    await page.getByText('A page id is lowercase letters, digits and hyphens, starting with a letter (vehicle-use).').waitFor();
    await newId.fill('denials');
    await newId.press('Enter');
    await page.getByText('A page of this settlement is already called denials: choose another id.').waitFor();
    await newId.fill('vehicle-use');
    await newId.press('Enter');
    await page.waitForFunction(() => document.activeElement?.id === 'editor-heading' && document.activeElement.textContent === 'Page vehicle-use');
    await page.waitForSelector(`${AUTOMOTIVE}[data-layout="current"] [data-edge="next:vehicle-use"]`, { state: 'attached' });
    expect(await page.getAttribute(`${AUTOMOTIVE} [data-node="page:vehicle-use"]`, 'aria-pressed')).toBe('true');

    // Its title key is new: its text in every culture (the page's heading block names the same key).
    await page.getByLabel('Text in en').first().fill('How you use your vehicle');
    await page.getByLabel('Text in es').first().fill('Cómo usa su vehículo');
    await page.getByRole('button', { name: 'Add LocKey_VehicleUse_Title to every locale' }).first().click();
    await page.waitForFunction(() => document.querySelector('[data-node="page:vehicle-use"] .page-title')?.textContent === 'How you use your vehicle');

    // A copy block at the end, by keyboard: its heading takes the focus, its key takes its texts.
    await page.getByLabel('Kind of a new block at the end of the page').selectOption('copy');
    await page.getByRole('button', { name: 'Add block' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.activeElement?.textContent === 'Block 2: copy');
    await page.getByLabel('Text in en').fill('Tell us how the vehicle is used.');
    await page.getByLabel('Text in es').fill('Díganos cómo se usa el vehículo.');
    await page.getByRole('button', { name: 'Add LocKey_VehicleUse_Intro to every locale' }).click();
    // A captcha block added, moved above the copy block, then removed.
    await page.getByLabel('Kind of a new block at the end of the page').selectOption('captcha');
    await page.getByRole('button', { name: 'Add block' }).click();
    await page.waitForFunction(() => document.activeElement?.textContent === 'Block 3: captcha');
    await page.locator('[data-block-index="2"] .move-up').click();
    await page.waitForFunction(() => document.activeElement?.matches('[data-block-index="1"] .move-up') && document.querySelector('[data-block-index="1"] h4')?.textContent === 'Block 2: captcha');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Remove');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.activeElement?.id === 'blocks-heading' && document.querySelectorAll('.editor section.block').length === 2);
    await page.waitForFunction(() => document.querySelector('.problems')?.textContent?.endsWith('The checker finds no problems.'));
    const violations = await axe(page);
    expect(violations, describeViolations(violations)).toEqual([]);
    await studioScreenshot(page, 'add-page');

    await page.keyboard.press('Control+s');
    await page.waitForFunction(() => document.querySelector('.status')?.textContent?.startsWith('Saved:'));
    // The new page's 21 lines in the flow (git may draw the insertion a few lines up or down), and
    // in each locale the two new keys, at its end as `npm run locales:add` puts a new area's keys
    // (the last key before them takes a comma).
    const lines = changedLines(studio.copy);
    const [lastEn, lastEs] = ['en', 'es'].map((culture) => lastKeyLine(readFileSync(path.join(ROOT, 'locales', `${culture}.json`), 'utf8')));
    expect(lines.filter((line) => line.startsWith('-'))).toEqual([`-${lastEn}`, `-${lastEs}`]);
    expect(lines.filter((line) => line.startsWith('+  "LocKey_'))).toEqual([
      `+${lastEn},`,
      '+  "LocKey_VehicleUse_Title": "How you use your vehicle",',
      '+  "LocKey_VehicleUse_Intro": "Tell us how the vehicle is used."',
      `+${lastEs},`,
      '+  "LocKey_VehicleUse_Title": "Cómo usa su vehículo",',
      '+  "LocKey_VehicleUse_Intro": "Díganos cómo se usa el vehículo."',
    ]);
    const pageLines = lines.filter((line) => !line.startsWith('+  "LocKey_') && !line.startsWith('-'));
    expect(pageLines).toHaveLength(21);
    expect([...pageLines].sort()).toEqual(
      [
        '+    {',
        '+      "id": "vehicle-use",',
        '+      "path": "/automotive/vehicle-use",',
        '+      "titleKey": "LocKey_VehicleUse_Title",',
        '+      "requiresAuthorization": true,',
        '+      "sessionTimeout": true,',
        '+      "action": "next",',
        '+      "blocks": [',
        '+        {',
        '+          "block": "header",',
        '+          "element": "h1",',
        '+          "textKey": "LocKey_VehicleUse_Title"',
        '+        },',
        '+        {',
        '+          "block": "copy",',
        '+          "paragraphs": [',
        '+            "LocKey_VehicleUse_Intro"',
        '+          ]',
        '+        }',
        '+      ]',
        '+    },',
      ].sort(),
    );
    const saved = JSON.parse(readFileSync(path.join(studio.copy.dir, 'flows/automotive.json'), 'utf8')) as { pages: Array<{ id: string }> };
    expect(saved.pages.map((p) => p.id).slice(2, 5)).toEqual(['eligibility', 'vehicle-use', 'repairs']);
    studio.copy.commit('a vehicle-use page');

    // Moved down and removed again: the page goes with its own lines, the others stay.
    await page.getByRole('button', { name: 'Move page down' }).click();
    await page.waitForFunction(() => document.activeElement?.textContent === 'Move page down' && document.querySelector('#editor-heading')?.textContent === 'Page vehicle-use');
    await page.waitForSelector(`${AUTOMOTIVE}[data-layout="current"] [data-edge="next:repairs"]`, { state: 'attached' });
    await page.getByRole('button', { name: 'Remove page' }).click();
    await page.getByText('Page vehicle-use removed from its flow (Undo brings it back).').waitFor();
    expect(await page.evaluate(() => document.activeElement?.closest('[data-flow]')?.getAttribute('data-flow'))).toBe('flows/automotive.json');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForFunction(() => document.querySelector('.status')?.textContent?.startsWith('Saved:'));
    const removed = changedLines(studio.copy);
    expect(removed.filter((line) => line.startsWith('+'))).toEqual([]);
    expect(removed).toHaveLength(21);
    expect(removed).toContain('-      "id": "vehicle-use",');
    expect(errors).toEqual([]);
    studio.copy.commit('the vehicle-use page removed');
    await close();
  }, 300_000);

  it('adds a field with its rules to a model in models.json, offers the model\'s fields as rule targets, adds the field to a page through the generated form, and saves those edits only', async () => {
    const { page, errors, close } = await openStudio(studio);
    await page.getByRole('button', { name: 'Models' }).click();
    await page.getByRole('button', { name: 'ClaimDetails', exact: true }).click();
    await page.waitForFunction(() => document.activeElement?.id === 'model-heading' && document.activeElement.textContent === 'Model ClaimDetails of Automotive');

    const fieldName = page.getByLabel('Name of a new field of ClaimDetails');
    await fieldName.fill('Vehicle color');
    await fieldName.press('Enter');
    await page.getByText('A field name is letters and digits, starting with a lowercase letter (vehicleColor).').waitFor();
    await fieldName.fill('ownershipType');
    await fieldName.press('Enter');
    await page.getByText('This model already has a field ownershipType.').waitFor();
    await fieldName.fill('vehicleColor');
    await page.getByLabel('Data type of the new field').selectOption('string');
    await fieldName.press('Enter');
    await page.waitForFunction(() => document.activeElement?.matches('[data-model-field="vehicleColor"] h4'));

    // Two rules: a maximum length, and a requirement on another field picked from the model's.
    const field = page.locator('[data-model-field="vehicleColor"]');
    await field.locator('button.btn-add').last().click();
    await field.locator('select[id$="_validations_0_type"]').selectOption('maxLength');
    await field.getByLabel('Maximum (JSON: a number, "text", true, null…)').fill('30');
    await field.locator('button.btn-add').last().click();
    await field.locator('select[id$="_validations_1_type"]').selectOption('requiredIf');
    const other = field.locator('input[id$="_validations_1_otherProperty"]');
    const offered = await other.evaluate((input) => [...((input as HTMLInputElement).list?.options ?? [])].map((o) => o.value));
    expect(offered).toContain('ownershipType');
    expect(offered).toContain('claimantInfo.firstName');
    expect(offered).not.toContain('vin');
    await other.fill('isCurrentOwner');
    await field.locator('input[id$="_validations_1_value"]').fill('"true"');
    await page.waitForFunction(() => document.querySelector('.problems')?.textContent?.endsWith('The checker finds no problems.'));
    const modelViolations = await axe(page);
    expect(modelViolations, describeViolations(modelViolations)).toEqual([]);
    await studioScreenshot(page, 'models');

    // The field on the eligibility page, added through the fields form generated from the flow schema.
    await page.getByRole('button', { name: 'Flow map' }).click();
    await page.click(`${AUTOMOTIVE} [data-node="page:eligibility"]`);
    await page.locator('[data-block-index="2"] .block-fields button.btn-add').last().click();
    await page.locator('#flows_automotive_json_2_block2_5_key').fill('vehicleColor');
    await page.locator('#flows_automotive_json_2_block2_5_widget').selectOption('text');
    await page.locator('#flows_automotive_json_2_block2_5_label').fill('LocKey_Eligibility_VehicleColor');
    await page.getByLabel('Text in en').fill('Vehicle color');
    await page.getByLabel('Text in es').fill('Color del vehículo');
    await page.getByRole('button', { name: 'Add LocKey_Eligibility_VehicleColor to every locale' }).click();
    // No problem; a warning that the Spanish label needs its article (el color), in a message of the field's own.
    await page.waitForFunction(() => {
      const text = document.querySelector('.problems')?.textContent ?? '';
      return text.includes('The checker finds no problems.') && text.includes('es.json: "Color del vehículo" takes an article by its noun');
    });
    expect(await page.textContent('.problems')).toContain('add "messages": { "required": "LocKey_Eligibility_VehicleColorRequired" } to this field, with es.json "Ingrese el color del vehículo" (check the article), en.json "Enter vehicle color"');
    // The preview drew the page while the field was being written, and draws it with the field now.
    await page.frameLocator('iframe[data-culture="es"][data-width="375"]').getByText('Color del vehículo').waitFor({ state: 'attached' });

    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForFunction(() => document.querySelector('.status')?.textContent?.startsWith('Saved:'));
    expect(await page.textContent('.status')).toBe('Saved: flows/automotive.json, locales/en.json, locales/es.json, models.json');
    const lines = changedLines(studio.copy);
    // A line is removed only to take a comma before a new neighbour.
    for (const removed of lines.filter((line) => line.startsWith('-'))) expect(lines).toContain(`+${removed.slice(1)},`);
    expect(lines).toHaveLength(21);
    expect(lines).toEqual(expect.arrayContaining([
      '+        "vehicleColor": {',
      '+          "dataType": "string",',
      '+              "type": "maxLength",',
      '+              "max": 30',
      '+              "type": "requiredIf",',
      '+              "otherProperty": "isCurrentOwner",',
      '+              "value": "true"',
      '+              "key": "vehicleColor",',
      '+              "widget": "text",',
      '+              "label": "LocKey_Eligibility_VehicleColor"',
      '+  "LocKey_Eligibility_VehicleColor": "Vehicle color",',
      '+  "LocKey_Eligibility_VehicleColor": "Color del vehículo",',
    ]));
    expect(errors).toEqual([]);
    studio.copy.commit('a vehicle color');
    await close();
  }, 300_000);

  it('previews the page being edited with the claimant renderer in each culture at phone and desktop widths, in the settlement\'s theme, following an unsaved label change', async () => {
    const settingsFile = path.join(studio.copy.dir, 'settings.json');
    writeFileSync(settingsFile, readFileSync(settingsFile, 'utf8').replace('"theme": "default"', '"theme": "ftc"'));
    studio.copy.commit('the ftc theme');
    const { page, errors, close } = await openStudio(studio);
    await page.click(`${AUTOMOTIVE} [data-node="page:claimant-info"]`);
    const frames = page.locator('.preview iframe');
    await page.waitForFunction(() => document.querySelectorAll('.preview iframe').length === 4);
    expect(await frames.evaluateAll((list) => list.map((f) => `${f.getAttribute('data-culture')}@${f.getAttribute('data-width')}`))).toEqual(['en@375', 'en@1280', 'es@375', 'es@1280']);
    const enPhone = page.frameLocator('iframe[data-culture="en"][data-width="375"]');
    const esPhone = page.frameLocator('iframe[data-culture="es"][data-width="375"]');
    expect(await enPhone.locator('h1').textContent()).toBe('Your Contact Information');
    expect(await esPhone.locator('h1').textContent()).toBe('Su información de contacto');
    // In the settlement's theme (settings.json).
    expect(await esPhone.locator('html').getAttribute('data-theme')).toBe('ftc');
    expect(await enPhone.locator('label').first().textContent()).toMatch(/^First name/);

    // The first field of the page's third block (ClaimantInfo's name fields) takes another label key.
    await page.locator('#flows_automotive_json_1_block2_0_label').fill('LocKey_ClaimantInfo_MiddleInitial');
    await enPhone.locator('label').first().filter({ hasText: /^Middle initial/ }).waitFor();
    expect(await esPhone.locator('label').first().textContent()).toMatch(/^Inicial del segundo nombre/);
    const violations = await axe(page);
    expect(violations, describeViolations(violations)).toEqual([]);
    await page.evaluate(() => document.getElementById('preview-heading')?.scrollIntoView({ block: 'start' }));
    await studioScreenshot(page, 'preview');
    expect(changedLines(studio.copy)).toEqual([]);
    expect(errors).toEqual([]);
    await close();
  });
});
