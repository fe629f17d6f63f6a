import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildStudioServer } from '../../studio/server/app';
import { createSettlement, isEmptyFolder, SAMPLE_IDENTITY, type NewSettlementIdentity } from '../../studio/server/new-settlement';
import { ROOT } from './settlement-copy';

const made: string[] = [];
const emptyFolder = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'studio-empty-'));
  made.push(dir);
  return path.join(dir, 'my-settlement');
};
const ACME: NewSettlementIdentity = { name: 'Acme Data Breach Settlement', shortName: 'Acme', email: 'info@acmesettlement.example', website: 'https://www.acmesettlement.example/' };
/** Every file of the folder, by its path in it. */
const filesOf = (dir: string, under = ''): string[] =>
  readdirSync(path.join(dir, under)).flatMap((name) => (statSync(path.join(dir, under, name)).isDirectory() ? filesOf(dir, path.join(under, name)) : [path.join(under, name)]));
const flowsCheck = (folder: string) =>
  // The command a configurer runs: exit 0, else execFileSync throws with its output.
  execFileSync(process.execPath, [path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'scripts/flows-check.ts', folder], { cwd: ROOT, encoding: 'utf8' });

afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('a new settlement from an empty folder', () => {
  it('counts a folder holding only what `git init` and an editor leave (.git, .gitignore) as empty, and one with any other file as not', () => {
    const folder = emptyFolder();
    execFileSync('git', ['init', '-q', folder]);
    writeFileSync(path.join(folder, '.gitignore'), 'data/\n');
    expect(isEmptyFolder(folder)).toBe(true);
    expect(createSettlement(folder, { forms: ['Exclusion'], signIn: 'vin-notice-pin', identity: ACME })).toMatchObject({ ok: true });
    const other = emptyFolder();
    execFileSync('git', ['init', '-q', other]);
    writeFileSync(path.join(other, 'notes.txt'), 'x');
    expect(isEmptyFolder(other)).toBe(false);
  });

  it('writes the forms picked, their models, en and es locales, the settlement files and class-list headers, which flows:check accepts', () => {
    const folder = emptyFolder();
    expect(isEmptyFolder(folder)).toBe(true);
    const result = createSettlement(folder, { forms: ['Exclusion'], signIn: 'vin-notice-pin', identity: ACME });
    expect(result).toEqual({ ok: true, created: expect.arrayContaining(['flows/exclusion.json', 'models.json', 'locales/en.json', 'locales/es.json', 'settings.json', 'forms.json', 'site.json', 'class-members.csv', 'class-vehicles.csv']) });
    expect(readdirSync(path.join(folder, 'flows'))).toEqual(['exclusion.json']);
    const models = JSON.parse(readFileSync(path.join(folder, 'models.json'), 'utf8')) as { $schema: string; models: Array<{ metadata: { formType: string } }> };
    expect(new Set(models.models.map((m) => m.metadata.formType))).toEqual(new Set(['Exclusion']));
    // Editors still find the schema from the new folder.
    expect(path.resolve(folder, models.$schema)).toBe(path.join(ROOT, 'schemas/model-config.schema.json'));
    expect(readFileSync(path.join(folder, 'class-members.csv'), 'utf8').split('\n')).toHaveLength(2);
    expect(isEmptyFolder(folder)).toBe(false);
    flowsCheck(folder);
  }, 120_000);

  it('is the settlement\'s own: its name, e-mail and site in the locales, no word of the sample anywhere, the texts about its case marked to write', () => {
    const folder = emptyFolder();
    expect(createSettlement(folder, { forms: ['Automotive', 'Lookup', 'Exclusion'], signIn: 'vin-notice-pin', identity: ACME })).toMatchObject({ ok: true });
    for (const file of filesOf(folder)) {
      const text = readFileSync(path.join(folder, file), 'utf8');
      for (const sample of SAMPLE_IDENTITY) expect(text.includes(sample), `${file} holds "${sample}"`).toBe(false);
    }
    const en = JSON.parse(readFileSync(path.join(folder, 'locales/en.json'), 'utf8')) as Record<string, string>;
    const es = JSON.parse(readFileSync(path.join(folder, 'locales/es.json'), 'utf8')) as Record<string, string>;
    expect(en).toMatchObject({
      LocKey_Site_Title: 'Acme Data Breach Settlement',
      LocKey_Site_Url: 'https://www.acmesettlement.example',
      LocKey_Footer_EmailAddress: 'info@acmesettlement.example',
      LocKey_Footer_MailingAddressLine1: 'Acme Settlement Administrator',
      LocKey_Banner_Line1: '[TO WRITE] LocKey_Banner_Line1',
      LocKey_Footer_PhoneNumber: '[TO WRITE] LocKey_Footer_PhoneNumber',
    });
    expect(es).toMatchObject({ LocKey_Site_Title: 'Acme Data Breach Settlement', LocKey_Footer_MailingAddressLine1: 'Administrador del Acuerdo Acme', LocKey_Exclusion_Start_Intro: '[TO WRITE] LocKey_Exclusion_Start_Intro' });
    // A text of the sample that says nothing of its case is kept as it is.
    const sampleEn = JSON.parse(readFileSync(path.join(ROOT, 'locales/en.json'), 'utf8')) as Record<string, string>;
    expect(en.LocKey_Button_Next).toBe(sampleEn.LocKey_Button_Next);
    // The locale keeps the sample file's layout: only the changed lines differ.
    const sampleLines = readFileSync(path.join(ROOT, 'locales/en.json'), 'utf8').split('\n');
    const lines = readFileSync(path.join(folder, 'locales/en.json'), 'utf8').split('\n');
    expect(lines.length).toBe(sampleLines.length);
    const site = JSON.parse(readFileSync(path.join(folder, 'site.json'), 'utf8')) as { logo?: unknown; header: Array<{ form?: string }> };
    expect(site.logo).toBeUndefined();
    expect(site.header.filter((l) => l.form).map((l) => l.form)).toEqual(['Lookup', 'Exclusion']);
    const forms = JSON.parse(readFileSync(path.join(folder, 'forms.json'), 'utf8')) as { classList: { columns: string[] }; forms: Array<{ id: string; kind: string; flow: string; referencePrefix: string; signIn: { credentials: Array<{ match: string }> } }> };
    expect(forms.forms.map((f) => [f.id, f.kind, f.flow, f.referencePrefix, f.signIn.credentials.map((c) => c.match).join('+')])).toEqual([
      ['Automotive', 'claim', 'flows/automotive.json', 'AUT', 'vin+identifier+secret'],
      ['Lookup', 'lookup', 'flows/lookup.json', 'LKP', 'vin'],
      ['Exclusion', 'exclusion', 'flows/exclusion.json', 'EXC', 'vin+identifier+secret'],
    ]);
    expect(readFileSync(path.join(folder, 'class-members.csv'), 'utf8')).toBe(`${forms.classList.columns.join(',')}\n`);
    flowsCheck(folder);
  }, 120_000);

  it('signs in by a member ID and ZIP code when the author picks it: forms.json, the Credentials models, the start pages and the class-list header follow', () => {
    const folder = emptyFolder();
    expect(createSettlement(folder, { forms: ['Lookup', 'Exclusion'], signIn: 'member-zip', identity: ACME })).toMatchObject({ ok: true });
    expect(readFileSync(path.join(folder, 'class-members.csv'), 'utf8').split(',').slice(0, 3)).toEqual(['memberId', 'zip', 'firstName']);
    expect(existsSync(path.join(folder, 'class-vehicles.csv'))).toBe(false);
    const forms = JSON.parse(readFileSync(path.join(folder, 'forms.json'), 'utf8')) as { forms: Array<{ id: string; signIn: { credentials: unknown[]; prefill?: Record<string, string> } }> };
    expect(forms.forms.map((f) => [f.id, f.signIn.credentials])).toEqual([
      ['Lookup', [{ field: 'memberId', match: 'identifier', column: 'memberId' }]],
      ['Exclusion', [{ field: 'memberId', match: 'identifier', column: 'memberId' }, { field: 'zip', match: 'secret', column: 'zip' }]],
    ]);
    expect(forms.forms[1]!.signIn.prefill).toMatchObject({ firstName: 'FirstName', mailingCity: 'MailingCity' });
    const exclusion = readFileSync(path.join(folder, 'flows/exclusion.json'), 'utf8');
    expect(exclusion).toContain('"key": "memberId"');
    expect(exclusion).not.toContain('"key": "vin"');
    const models = JSON.parse(readFileSync(path.join(folder, 'models.json'), 'utf8')) as { models: Array<{ metadata: { formType: string; dtoMapping: string }; fields: object }> };
    expect(models.models.filter((m) => m.metadata.dtoMapping === 'Credentials').map((m) => [m.metadata.formType, Object.keys(m.fields)])).toEqual([
      ['Lookup', ['memberId']],
      ['Exclusion', ['memberId', 'zip']],
    ]);
    const en = JSON.parse(readFileSync(path.join(folder, 'locales/en.json'), 'utf8')) as Record<string, string>;
    expect(en.LocKey_Credentials_MemberId).toBe('Member ID');
    expect(en.LocKey_Server_SignInNotMatched).toBe('The Member ID and ZIP code do not match our records. Please check the notice you received.');
    flowsCheck(folder);
  }, 120_000);

  it('is offered by the API only in an empty folder: a folder holding something, or a form the product does not have, is refused with what to do and nothing written', async () => {
    const folder = emptyFolder();
    const appDir = mkdtempSync(path.join(tmpdir(), 'studio-app-'));
    made.push(appDir);
    writeFileSync(path.join(appDir, 'index.html'), '<!doctype html><title>studio</title>');
    const app = await buildStudioServer({ folder, appDir, debounceMs: 10 });
    try {
      const before = (await app.inject({ method: 'GET', url: '/api/folder' })).json<{ empty?: boolean; newSettlementForms?: string[] }>();
      expect(before).toMatchObject({ empty: true, newSettlementForms: ['Automotive', 'Lookup', 'Exclusion'] });
      const unknown = await app.inject({ method: 'POST', url: '/api/create', payload: { forms: ['Rebate'], identity: ACME } });
      expect(unknown.statusCode).toBe(400);
      const noEmail = await app.inject({ method: 'POST', url: '/api/create', payload: { forms: ['Lookup'], identity: { ...ACME, email: 'info at acme' } } });
      expect(noEmail.statusCode).toBe(400);
      expect(noEmail.json<{ message: string }>().message).toBe('"info at acme" is not an e-mail address (info@acmesettlement.com). Nothing was written.');
      const noName = await app.inject({ method: 'POST', url: '/api/create', payload: { forms: ['Lookup'], identity: { ...ACME, name: ' ' } } });
      expect(noName.json<{ message: string }>().message).toBe('The settlement\'s name is 3 to 120 characters ("Acme Data Breach Settlement"). Nothing was written.');
      const noSignIn = await app.inject({ method: 'POST', url: '/api/create', payload: { forms: ['Lookup'], signIn: 'retina', identity: ACME } });
      expect(noSignIn.statusCode).toBe(400);
      expect(readdirSync(folder)).toEqual([]);
      writeFileSync(path.join(folder, 'notes.txt'), 'mine');
      const taken = await app.inject({ method: 'POST', url: '/api/create', payload: { forms: ['Lookup'], identity: ACME } });
      expect(taken.statusCode).toBe(409);
      expect(taken.json<{ message: string }>().message).toBe(`${folder} is not empty: a new settlement is made only in an empty folder (nothing was written).`);
      expect(readdirSync(folder)).toEqual(['notes.txt']);
    } finally {
      await app.close();
    }
  });
});
