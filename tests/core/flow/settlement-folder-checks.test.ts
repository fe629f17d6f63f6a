/**
 * The checker on a whole settlement folder: one minimal broken copy per mistake, each reported
 * once with its file, line:col, JSON pointer, message and hint.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkFolder, settlementPaths } from '../../../tooling/flow/check-folder';
import { syncRuntimeTexts } from '../../../tooling/locales/sync';
import { copySettlementFolder } from '../../../settlement/read';
import { formatIssue, type FlowIssue } from '../../../runtime/core/flow/issues';
import { didYouMean, editDistance, nearestName } from '../../../runtime/core/flow/nearest';
import { specFormsFile } from '../../support/spec-forms';

const repo = (p: string) => new URL(`../../../${p}`, import.meta.url).pathname;
const made: string[] = [];

/** A copy of a shipped settlement folder with its own flows/ and locales/, edited as text. */
function settlement(from = 'tests/settlements/second') {
  const dir = mkdtempSync(path.join(tmpdir(), 'settlement-check-'));
  made.push(dir);
  copySettlementFolder(repo(from), dir);
  const edit = (file: string, change: (text: string) => string) => {
    const full = path.join(dir, file);
    const before = readFileSync(full, 'utf8');
    const after = change(before);
    expect(after).not.toBe(before);
    writeFileSync(full, after);
  };
  const check = () => checkFolder({ ...settlementPaths(dir), settlementDir: dir }).issues;
  return { dir, edit, check };
}

/** The issue as a reader sees it: file inside the folder, line:col, pointer, message, hint. */
const shown = (dir: string, issue: FlowIssue) => ({ ...issue, file: path.relative(dir, issue.file) });

afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('nearest names', () => {
  it('measures edits, a swap of neighbours counting one', () => {
    expect(editDistance('currencyDecmal', 'currencyDecimal')).toBe(1);
    expect(editDistance('firstNmae', 'firstName')).toBe(1);
    expect(editDistance('currencyDecimal', 'currency')).toBe(7);
  });

  it('offers the name a misspelling is nearest to, not one that merely shares a part', () => {
    const masks = ['currency', 'currencyDecimal', 'decimal', 'phoneUS', 'zipUS'];
    expect(nearestName('currencyDecmal', masks)).toBe('currencyDecimal');
    expect(nearestName('CurrencyDecimal', masks)).toBe('currencyDecimal');
    expect(nearestName('currencyDecimals', masks)).toBe('currencyDecimal');
    expect(nearestName('money', masks)).toBeUndefined();
    expect(didYouMean('phoneUs', masks)).toBe('did you mean "phoneUS"? Known: "currency", "currencyDecimal", "decimal", "phoneUS", "zipUS"');
  });
});

describe('the checker on a settlement folder', () => {
  it('finds no problem in the shipped settlements', () => {
    for (const folder of ['tests/settlements/second', 'tests/settlements/data-breach']) {
      const { check } = settlement(folder);
      expect(check().map(formatIssue)).toEqual([]);
    }
  }, 20_000);

  it('a locale without a text the app itself shows (the Save and finish later button, a receipt subject): named per locale file, with the command that adds it', () => {
    const { dir, edit, check } = settlement();
    for (const culture of ['en', 'es']) edit(`locales/${culture}.json`, (text) => text.replace(/^\s*"LocKey_SaveLater_Button": .*\n/m, '').replace(/^\s*"LocKey_Receipt_Subject": .*\n/m, ''));
    const issues = check().map((i) => shown(dir, i));
    expect(issues.map((i) => `${i.file}: ${i.message.split(':')[0]}`).sort()).toEqual([
      'locales/en.json: LocKey_Receipt_Subject is missing',
      'locales/en.json: LocKey_SaveLater_Button is missing',
      'locales/es.json: LocKey_Receipt_Subject is missing',
      'locales/es.json: LocKey_SaveLater_Button is missing',
    ]);
    expect(issues[0]!.hint).toMatch(/^npm run locales:sync \S+ adds every such text with the product's default/);
    // The command the hint names carries the folder forward: each locale gains the product's text in its culture.
    const synced = syncRuntimeTexts(dir);
    expect(synced.map((s) => [path.relative(dir, s.file), s.added, s.inEnglish])).toEqual([
      ['locales/en.json', ['LocKey_Receipt_Subject', 'LocKey_SaveLater_Button'], []],
      ['locales/es.json', ['LocKey_Receipt_Subject', 'LocKey_SaveLater_Button'], []],
    ]);
    const product = JSON.parse(readFileSync(repo('locales/es.json'), 'utf8')) as Record<string, string>;
    expect((JSON.parse(readFileSync(path.join(dir, 'locales/es.json'), 'utf8')) as Record<string, string>).LocKey_SaveLater_Button).toBe(product.LocKey_SaveLater_Button);
    expect(check()).toEqual([]);
    expect(syncRuntimeTexts(dir)).toEqual([]);
  });

  it('refuses a deadline date that does not exist, at its line and column', () => {
    const { dir, edit, check } = settlement();
    edit('deadlines.json', (t) => t.replace(/"deadlineDateTime": "2027-\d\d-\d\dT23:59:59"/, '"deadlineDateTime": "2027-06-31T23:59:59"'));
    const issues = check();
    expect(issues.map((i) => shown(dir, i))).toEqual([
      {
        file: 'deadlines.json',
        pointer: expect.stringMatching(/^\/deadlines\/\w+\/deadlineDateTime$/),
        message: '"2027-06-31T23:59:59" is not a date that exists',
        hint: 'June 2027 has 30 days; write a real date as YYYY-MM-DDTHH:mm:ss',
        line: expect.any(Number),
        column: 7,
      },
    ]);
    const lines = readFileSync(path.join(dir, 'deadlines.json'), 'utf8').split('\n');
    expect(lines[issues[0]!.line! - 1]!.slice(issues[0]!.column! - 1)).toBe('"deadlineDateTime": "2027-06-31T23:59:59",');
  });

  it('refuses a misspelt class-members column with the nearest column, at line 1 and its column', () => {
    const { dir, edit, check } = settlement();
    edit('class-members.csv', (t) => t.replace('noticeId,pin,firstName,', 'noticeId,pin,firstNmae,'));
    expect(check().map((i) => shown(dir, i))).toEqual([
      {
        file: 'class-members.csv',
        pointer: '/0/2',
        line: 1,
        column: 14,
        message: 'unknown column "firstNmae"',
        hint: expect.stringMatching(/^did you mean "firstName"\? Known: "noticeId", "pin", "firstName", /),
      },
    ]);
  });

  it('refuses class-list rows the import would refuse, each at its line, the first five and how many more', () => {
    const { dir, edit, check } = settlement('server-fixtures');
    // The second member's PIN emptied; six vehicles with a VIN one character short.
    edit('class-members.csv', (t) => t.split('\n').map((line, i) => (i === 2 ? line.replace(/^([^,]*),[^,]*,/, '$1,,') : line)).join('\n'));
    edit('class-vehicles.csv', (t) => t.split('\n').map((line, i) => (i >= 1 && i <= 6 ? line.slice(0, 16) : line)).join('\n'));
    const issues = check().map((i) => shown(dir, i));
    expect(issues.filter((i) => i.file === 'class-members.csv')).toEqual([
      { file: 'class-members.csv', pointer: '/2', line: 3, column: 1, message: 'pin must be 4–32 letters or digits', hint: 'correct the row, or remove it: the import refuses the whole file while a row has a problem' },
    ]);
    const vehicles = issues.filter((i) => i.file === 'class-vehicles.csv');
    expect(vehicles.map((i) => i.line)).toEqual([2, 3, 4, 5, 6]);
    expect(vehicles[0]!.message).toMatch(/^vin "[A-Z0-9]{16}" is not a well-formed VIN/);
    expect(vehicles[4]!.hint).toBe('correct the row, or remove it (1 more problem(s) in class-vehicles.csv): the import refuses the whole file while a row has a problem');
  });

  it('refuses a class-vehicles file without its vin column, naming the cell that looks like it', () => {
    const { dir, edit, check } = settlement();
    edit('class-vehicles.csv', (t) => t.replace(/^vin/, 'vni'));
    expect(check().map((i) => shown(dir, i))).toEqual([
      { file: 'class-vehicles.csv', pointer: '/0/0', line: 1, column: 1, message: 'missing column "vin"', hint: 'rename the column "vni" to "vin"' },
    ]);
  });

  it('refuses a required-if rule that reads a field the model does not have', () => {
    const { dir, edit, check } = settlement('server-fixtures');
    edit('models.json', (t) => t.replace('"otherProperty": "mailingCountry"', '"otherProperty": "mailingCountri"'));
    const issues = check().filter((i) => !i.message.includes('PaymentElection'));
    expect(issues.map((i) => shown(dir, i))).toEqual([
      {
        file: 'models.json',
        pointer: expect.stringMatching(/^\/models\/\d+\/fields\/mailingSubDivision\/validations\/0\/otherProperty$/),
        line: expect.any(Number),
        column: 15,
        message: 'the requiredIf rule of "mailingSubDivision" names "mailingCountri", which is not a field of the Automotive model ClaimantInfo',
        hint: expect.stringMatching(/^did you mean "mailingCountry"\? Known: /),
      },
    ]);
  });

  it('refuses the other rules that name fields: nestedRequiredIf, endDate, requireOnePropertyValTrue, mustBeTrueIf, across models', () => {
    const { dir, edit, check } = settlement('server-fixtures');
    edit('models.json', (t) =>
      t.replace(
        '"type": "requiredIf",\n              "otherProperty": "mailingCountry",',
        '"type": "nestedRequiredIf", "conditions": [{ "otherProperty": "claimDetails.nope", "value": "x" }],\n              "otherProperty": "mailingCountry",',
      ),
    );
    const issues = check().filter((i) => !i.message.includes('PaymentElection'));
    expect(issues.map((i) => [path.relative(dir, i.file), i.pointer.replace(/^\/models\/\d+/, ''), i.message])).toEqual([
      ['models.json', '/fields/mailingSubDivision/validations/0/conditions/0/otherProperty', 'the nestedRequiredIf rule of "mailingSubDivision" names "claimDetails.nope", and "nope" is not a field of the Automotive model ClaimDetails'],
    ]);
  });

  it('refuses a settings file against its schema, with the nearest allowed value', () => {
    const { dir, edit, check } = settlement();
    edit('settings.json', (t) => t.replace(/"theme": "\w+"/, '"theme": "defualt"'));
    expect(check().map((i) => shown(dir, i))).toEqual([
      { file: 'settings.json', pointer: '/theme', line: expect.any(Number), column: 3, message: '"defualt" is not allowed here', hint: 'did you mean "default"? use one of: "default", "ftc", "kontent"' },
    ]);
  });

  it('takes uploads.scanUnavailable "refuse" or "acceptUnscanned" and refuses anything else', () => {
    const { dir, edit, check } = settlement();
    edit('settings.json', (t) => t.replace(/"maxFiles": (\d+)/, '"maxFiles": $1, "scanUnavailable": "acceptUnscanned"'));
    expect(check()).toEqual([]);
    edit('settings.json', (t) => t.replace('"acceptUnscanned"', '"accept"'));
    expect(check().map((i) => shown(dir, i))).toEqual([
      { file: 'settings.json', pointer: '/uploads/scanUnavailable', line: expect.any(Number), column: expect.any(Number), message: '"accept" is not allowed here', hint: expect.stringMatching(/use one of: "refuse", "acceptUnscanned"$/) },
    ]);
  });

  it('refuses a captcha file and a whitelist file that do not satisfy their schemas, and names a missing file', () => {
    const { dir, edit, check } = settlement();
    edit('captcha.json', (t) => t.replace('"siteKey"', '"siteKy"'));
    rmSync(path.join(dir, 'whitelist.json'));
    const issues = check().map((i) => shown(dir, i));
    expect(issues).toContainEqual(expect.objectContaining({ file: 'captcha.json', pointer: '/siteKy', message: 'unknown property "siteKy"', hint: expect.stringMatching(/^did you mean "siteKey"\? remove it or check its spelling/) }));
    expect(issues).toContainEqual({ file: 'whitelist.json', pointer: '', message: 'file is missing', hint: 'add whitelist.json to the settlement folder' });
  });

  it('refuses a page whose answers the server would not store: a model the flow does not list', () => {
    const { dir, edit, check } = settlement();
    edit('flows/automotive.json', (t) => {
      const flow = JSON.parse(t) as { models: string[] };
      flow.models = flow.models.filter((m) => m !== 'Signature');
      return JSON.stringify(flow, null, 2);
    });
    const issues = check().map((i) => shown(dir, i));
    expect(issues).toEqual([
      expect.objectContaining({
        file: 'flows/automotive.json',
        pointer: expect.stringMatching(/^\/pages\/\d+\/blocks\/\d+\/model$/),
        message: expect.stringMatching(/^the page "[\w-]+" asks for Signature answers, but the flow does not list Signature in "models": the server would drop them at submit$/),
        hint: 'add "Signature" to the flow\'s "models"',
      }),
    ]);
  });

  it('accepts a model of any name the model configs declare: the server stores it under its camel-cased name', () => {
    const { dir, edit, check } = settlement();
    edit('models.json', (t) => t.replace(/"dtoMapping": "Signature"/, '"dtoMapping": "Attestation"'));
    edit('flows/automotive.json', (t) => t.replaceAll('"Signature"', '"Attestation"'));
    expect(check().map((i) => shown(dir, i)).filter((i) => i.file === 'flows/automotive.json')).toEqual([]);
  });

  it('refuses a model no model config declares, wherever the flow names it, with the nearest declared name', () => {
    const { dir, edit, check } = settlement();
    edit('flows/automotive.json', (t) => t.replaceAll('"Signature"', '"Signatures"'));
    const issues = check().map((i) => shown(dir, i)).filter((i) => i.file === 'flows/automotive.json');
    expect(issues.length).toBeGreaterThan(1);
    expect(issues[0]).toEqual({
      file: 'flows/automotive.json',
      pointer: expect.stringMatching(/^\/models\/\d+$/),
      line: expect.any(Number),
      column: 5,
      message: 'model "Signatures" has no model config for the form type Automotive: the server would not store its answers',
      hint: expect.stringMatching(/^did you mean "Signature"\?.*, or declare it: add a Automotive\/Signatures entry to the model configs$/),
    });
    expect(issues.map((i) => i.pointer)).toContainEqual(expect.stringMatching(/^\/pages\/\d+\/blocks\/\d+\/model$/));
  });

  it('refuses a records block on a model answered once, and a model block on a repeating one', () => {
    const { dir, edit, check } = settlement();
    edit('models.json', (t) => t.replace(/"dtoMapping": "ClaimDetails"/, '"dtoMapping": "ClaimDetails", "repeating": true'));
    const issues = check().map((i) => shown(dir, i));
    expect(issues).toContainEqual(expect.objectContaining({ file: 'models.json', pointer: expect.stringMatching(/^\/models\/\d+\/metadata\/repeating$/), message: "ClaimDetails is one of the submission's single models (spec §3) and cannot repeat" }));
  });

  it('offers the nearest localization key for a misspelt one', () => {
    const { dir, edit, check } = settlement();
    edit('flows/lookup.json', (t) => t.replace(/"LocKey_Lookup_Title"/, '"LocKey_Lookup_Titel"'));
    const issues = check().map((i) => shown(dir, i));
    expect(issues.map((i) => [i.file, i.message, i.hint])).toEqual(
      ['en', 'es'].map((culture) => [
        'flows/lookup.json',
        expect.stringMatching(new RegExp(`^localization key "LocKey_Lookup_Titel" is missing from .*${culture}\\.json$`)),
        'did you mean "LocKey_Lookup_Title"? Else add "LocKey_Lookup_Titel" to every locale file (npm run locales:add)',
      ]),
    );
  });

  it('offers the nearest mask by edit distance', () => {
    const { dir, edit, check } = settlement();
    edit('flows/automotive.json', (t) => t.replace(/"maskName": "\w+"/, '"maskName": "currencyDecmal"'));
    expect(check().map((i) => shown(dir, i))).toEqual([
      expect.objectContaining({ file: 'flows/automotive.json', message: 'unknown mask "currencyDecmal"', hint: expect.stringMatching(/^did you mean "currencyDecimal"\?/) }),
    ]);
  });

  describe('messages built from labels', () => {
    it('warns, at the field, of a Spanish label the required message cannot name (its article depends on the noun), proposing the field\'s own message in each locale', () => {
      const { dir, edit } = settlement('tests/settlements/data-breach');
      const run = () => checkFolder({ ...settlementPaths(dir), settlementDir: dir });
      expect(run().warnings).toEqual([]);
      edit('flows/claim.json', (t) => t.replace(/,\s*"messages": \{\s*"required": "LocKey_Payment_VenmoPhoneRequired"\s*\}/, ''));
      edit('locales/es.json', (t) => t.replace('"LocKey_Payment_VenmoPhone": "Teléfono de Venmo"', '"LocKey_Payment_VenmoPhone": "Número de teléfono de su cuenta Venmo"'));
      edit('locales/en.json', (t) => t.replace(/("LocKey_Payment_VenmoPhone": )"[^"]*"/, '$1"Phone number of your Venmo account"'));
      const report = run();
      expect(report.issues).toEqual([]);
      expect(report.warnings.map((w) => [path.relative(dir, w.file), w.pointer, typeof w.line, w.message, w.hint])).toEqual([
        [
          'flows/claim.json',
          '/pages/5/blocks/2/fields/2',
          'number',
          'es.json: "Número de teléfono de su cuenta Venmo" takes an article by its noun, which no rule of es chooses; a missing answer reads "Número de teléfono de su cuenta Venmo: Ingrese su respuesta"',
          'add "messages": { "required": "LocKey_Payment_VenmoPhoneRequired" } to this field, with es.json "Ingrese el número de teléfono de su cuenta Venmo" (check the article), en.json "Enter the phone number of your Venmo account"',
        ],
      ]);
      // English has an article for every noun: its label alone is never warned of.
      edit('locales/es.json', (t) => t.replace('"Número de teléfono de su cuenta Venmo"', '"Su teléfono de Venmo"'));
      expect(run().warnings).toEqual([]);
    });
  });

  describe('forms.json', () => {
    const breach = () => settlement('tests/settlements/data-breach');

    it('refuses a credential field the Credentials model does not have, with the nearest field', () => {
      const { dir, edit, check } = breach();
      edit('forms.json', (t) => t.replace('"field": "zip"', '"field": "zipp"'));
      expect(check().map((i) => shown(dir, i))).toEqual([
        { file: 'forms.json', pointer: '/forms/0/signIn/credentials/1/field', line: 36, column: 13, message: '"zipp" is not a field of the Claim Credentials model', hint: 'did you mean "zip"? Known: "claimId", "zip"' },
      ]);
    });

    it('refuses a credential column the class list does not declare, with the nearest column', () => {
      const { dir, edit, check } = breach();
      edit('forms.json', (t) => t.replaceAll('"column": "claimId"', '"column": "claimID"'));
      const issues = check().map((i) => shown(dir, i));
      // The claim form's and the Claim ID lookup's identifier.
      expect(issues.map((i) => i.pointer)).toEqual(['/forms/0/signIn/credentials/0/column', '/forms/1/signIn/credentials/0/column']);
      expect(issues[0]).toMatchObject({ file: 'forms.json', pointer: '/forms/0/signIn/credentials/0/column', message: '"claimID" is not a column of the class list', hint: expect.stringMatching(/^did you mean "claimId"\?/) });
    });

    it('refuses a prefill key that no field of the flow takes, and the secret column as a prefill', () => {
      const { dir, edit, check } = breach();
      edit('forms.json', (t) => t.replace('"firstName": "FirstName"', '"firstName": "FristName", "zip": "MailingPostalCode"'));
      expect(check().map((i) => shown(dir, i)).map((i) => [i.pointer, i.message, i.hint.split('?')[0]])).toEqual([
        ['/forms/0/signIn/prefill/firstName', 'no field of flows/claim.json has prepopulatedDataKey "FristName"', 'did you mean "FirstName"'],
        ['/forms/0/signIn/prefill/zip', '"zip" is the secret column: it is kept hashed and never sent back', 'prefill from another column'],
      ]);
    });

    it('refuses a form whose flow is missing, and a flow no form declares', () => {
      const { dir, edit, check } = breach();
      edit('forms.json', (t) => t.replace('"flow": "flows/claim.json"', '"flow": "flows/claims.json"'));
      expect(check().map((i) => shown(dir, i)).map((i) => [i.pointer, i.message, i.hint])).toEqual([
        ['/forms/0/flow', 'no flow file "flows/claims.json"', 'did you mean "flows/claim.json"? Known: "flows/claim.json", "flows/lookup.json"'],
      ]);
      edit('forms.json', (t) => t.replace('"flow": "flows/claims.json"', '"flow": "flows/claim.json"').replace('"id": "Claim"', '"id": "Claims"'));
      expect(check().map((i) => shown(dir, i)).map((i) => [i.pointer, i.message])).toEqual([
        ['/forms/0/flow', 'the flow "flows/claim.json" is of form type "Claim", not "Claims"'],
        ['/forms', 'the flow flows/claim.json (form type "Claim") is not a declared form'],
      ]);
    });

    it('refuses a secret without an identifier, and an unknown kind against the schema', () => {
      const { dir, edit, check } = breach();
      edit('forms.json', (t) => t.replace('"match": "identifier"', '"match": "vin"').replace(/,\s*"column": "claimId"/, '').replace('"kind": "claim"', '"kind": "clam"'));
      const issues = check().map((i) => shown(dir, i));
      expect(issues.map((i) => i.pointer)).toEqual(['/forms/0/kind']);
      expect(issues[0]!.hint).toMatch(/claim/);
      edit('forms.json', (t) => t.replace('"kind": "clam"', '"kind": "claim"'));
      expect(check().map((i) => shown(dir, i)).map((i) => [i.pointer, i.message])).toEqual(
        expect.arrayContaining([['/forms/0/signIn/credentials', 'a secret needs an identifier (the row it is checked against)']]),
      );
    });

    it('checks the class-members header against the columns forms.json declares', () => {
      const { dir, edit, check } = breach();
      edit('class-members.csv', (t) => t.replace('claimId,zip,firstName', 'claimId,zpi,firstName'));
      const issues = check().map((i) => shown(dir, i));
      expect(issues.map((i) => [i.file, i.pointer, i.line, i.column, i.message])).toEqual([['class-members.csv', '/0/1', 1, 9, 'unknown column "zpi"']]);
      expect(issues[0]!.hint).toMatch(/^did you mean "zip"\?/);
    });

    it('refuses checkDigit on a credential that is not a VIN', () => {
      const { dir, edit, check } = breach();
      edit('forms.json', (t) => t.replace('"column": "zip"', '"column": "zip", "checkDigit": true'));
      expect(check().map((i) => shown(dir, i)).map((i) => [i.pointer, i.line, i.message, i.hint])).toEqual([
        ['/forms/0/signIn/credentials/1/checkDigit', 38, 'only a VIN has a check digit, not this secret credential', 'remove "checkDigit"'],
      ]);
    });

    it('warns, without refusing the folder, of class-list VINs that fail a verified check digit', () => {
      const { dir } = settlement('server-fixtures');
      const run = () => checkFolder({ ...settlementPaths(dir), settlementDir: dir });
      expect(run().warnings).toEqual([]);
      writeFileSync(path.join(dir, 'forms.json'), JSON.stringify(specFormsFile({ checkDigit: true }), null, 2));
      const report = run();
      expect(report.issues).toEqual([]);
      // The sample's three named class vehicles were written by hand; its generated ones carry their check digit.
      expect(report.warnings.map((w) => [path.relative(dir, w.file), w.line, w.message])).toEqual([
        ['class-vehicles.csv', 2, 'vin "5EXMA1B20HC000101" fails its check digit (9th character should be "6"), so it can never sign in while forms.json verifies the check digit'],
        ['class-vehicles.csv', 3, 'vin "5EXMA1B20JC000202" fails its check digit (9th character should be "4"), so it can never sign in while forms.json verifies the check digit'],
        ['class-vehicles.csv', 4, 'vin "5EXMS2D41KC000303" fails its check digit (9th character should be "6"), so it can never sign in while forms.json verifies the check digit'],
        ['class-members.csv', 2, expect.stringMatching(/^vin "5EXMA1B20HC000101" fails/)],
        ['class-members.csv', 3, expect.stringMatching(/^vin "5EXMA1B20JC000202" fails/)],
        ['class-members.csv', 4, expect.stringMatching(/^vin "5EXMS2D41KC000303" fails/)],
      ]);
    });

    it('warns, without refusing the folder, of texts claimants see that name a credential no form asks for (a VIN in a settlement signed in by Claim ID and ZIP)', () => {
      const { dir, edit } = breach();
      const run = () => checkFolder({ ...settlementPaths(dir), settlementDir: dir });
      expect(run().warnings).toEqual([]);
      edit('locales/es.json', (t) => t.replace(/("LocKey_Resume_Intro": )"/, '$1"Inicie sesión con el mismo VIN y PIN. '));
      const report = run();
      expect(report.issues).toEqual([]);
      expect(report.warnings.map((w) => [path.relative(dir, w.file), w.pointer, w.message])).toEqual([
        ['locales/es.json', '/LocKey_Resume_Intro', '1 text(s) claimants see name VIN, PIN, which no form of this settlement asks for: LocKey_Resume_Intro'],
      ]);
      // The sample asks for a VIN, a Notice ID and a PIN: its texts name them freely.
      const sample = settlement('server-fixtures');
      expect(checkFolder({ ...settlementPaths(sample.dir), settlementDir: sample.dir }).warnings).toEqual([]);
    });

    it('stays quiet on the product’s texts of saving and resuming taken as they are by a settlement signed in by Claim ID and ZIP: they name no credential', () => {
      const { dir, edit } = breach();
      const keys = ['LocKey_Resume_Intro', 'LocKey_SaveLater_HowTo', 'LocKey_Server_ResumeCodeMismatch'];
      for (const culture of ['en', 'es']) edit(`locales/${culture}.json`, (t) => keys.reduce((text, key) => text.replace(new RegExp(`\\n\\s*"${key}": "[^"]*",`), ''), t));
      syncRuntimeTexts(dir, keys);
      for (const culture of ['en', 'es']) {
        const product = JSON.parse(readFileSync(repo(`locales/${culture}.json`), 'utf8')) as Record<string, string>;
        const own = JSON.parse(readFileSync(path.join(dir, `locales/${culture}.json`), 'utf8')) as Record<string, string>;
        for (const key of keys) expect(own[key], `${culture} ${key}`).toBe(product[key]);
      }
      expect(checkFolder({ ...settlementPaths(dir), settlementDir: dir }).warnings).toEqual([]);
    });

    it('warns, without refusing the folder, of texts a claimant would read as "[TO WRITE]", at the first one, per locale', () => {
      const { dir, edit } = settlement();
      // The locales' warnings only: this settlement's flows leave some Spanish labels to built-in messages (warned of at the flows).
      const run = () => {
        const report = checkFolder({ ...settlementPaths(dir), settlementDir: dir });
        return { ...report, warnings: report.warnings.filter((w) => !w.file.includes(`${path.sep}flows${path.sep}`)) };
      };
      expect(run().warnings).toEqual([]);
      for (const culture of ['en', 'es']) edit(`locales/${culture}.json`, (t) => t.replace(/("LocKey_Site_Title": )"[^"]*"/, '$1"[TO WRITE] LocKey_Site_Title"'));
      const report = run();
      expect(report.issues).toEqual([]);
      expect(report.warnings.map((w) => [path.relative(dir, w.file), w.pointer, typeof w.line, w.message])).toEqual([
        ['locales/en.json', '/LocKey_Site_Title', 'number', '1 text(s) still read "[TO WRITE]" and would be shown so to claimants: LocKey_Site_Title'],
        ['locales/es.json', '/LocKey_Site_Title', 'number', '1 text(s) still read "[TO WRITE]" and would be shown so to claimants: LocKey_Site_Title'],
      ]);
    });

    it('asks for the default header’s label of a form link only when the settlement has the form', () => {
      // The data-breach settlement has no VIN lookup and no exclusion: its locales hold neither label.
      const breachFolder = breach();
      expect(readFileSync(path.join(breachFolder.dir, 'locales/en.json'), 'utf8')).not.toContain('LocKey_Nav_VinLookup');
      expect(breachFolder.check()).toEqual([]);
      // Without site.json, the sample's default header links to its lookup: the label is asked for.
      const sample = settlement('server-fixtures');
      rmSync(path.join(sample.dir, 'site.json'));
      cpSync(repo('locales'), path.join(sample.dir, 'locales'), { recursive: true });
      for (const culture of ['en', 'es']) sample.edit(`locales/${culture}.json`, (t) => t.replace(/\n\s*"LocKey_Nav_VinLookup": "[^"]*",/, ''));
      const message = 'LocKey_Nav_VinLookup is missing: the header links to the Lookup form under this label (the default header, as site.json names no other)';
      expect(sample.check().map((i) => [path.relative(sample.dir, i.file), i.message])).toEqual([
        ['locales/en.json', message],
        ['locales/es.json', message],
      ]);
    });

    it('refuses a fraud.minFillSeconds name that is neither a form kind nor a declared form', () => {
      const { dir, edit, check } = breach();
      edit('settings.json', (t) => t.replace(/^\{/, '{ "fraud": { "minFillSeconds": { "claim": 60, "Claims": 45, "Automotive": 90 } },'));
      expect(check().map((i) => shown(dir, i)).map((i) => [i.file, i.pointer, i.message, i.hint.split('?')[0]])).toEqual([
        ['settings.json', '/fraud/minFillSeconds/Claims', '"Claims" is neither a form kind nor a form of this settlement', 'did you mean "claim"'],
        ['settings.json', '/fraud/minFillSeconds/Automotive', '"Automotive" is neither a form kind nor a form of this settlement', expect.any(String)],
      ]);
    });

    it('tells a folder without forms.json that a flow of another form type needs declaring', () => {
      const { dir, check } = breach();
      rmSync(path.join(dir, 'forms.json'));
      const issues = check().map((i) => shown(dir, i));
      expect(issues).toContainEqual(expect.objectContaining({ file: 'flows/claim.json', pointer: '/formType', message: '"Claim" is not a form of this settlement', hint: expect.stringMatching(/declare the form in forms\.json$/) }));
    });
  });
});

