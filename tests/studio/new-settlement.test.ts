import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildStudioServer } from '../../studio/server/app';
import { createSettlement, isEmptyFolder, SETTLEMENT_TEMPLATES, TEMPLATE_IDENTITY, type NewSettlementIdentity } from '../../studio/server/new-settlement';
import { ROOT } from './settlement-copy';

const made: string[] = [];
const emptyFolder = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'studio-empty-'));
  made.push(dir);
  return path.join(dir, 'my-settlement');
};
const ACME: NewSettlementIdentity = {
  name: 'Acme Data Breach Settlement',
  shortName: 'Acme Settlement',
  administrator: 'Acme Claims Administrator',
  email: 'info@acmesettlement.example',
  website: 'https://www.acmesettlement.example/',
  timeZone: 'Eastern',
};
/** Every file of the folder, by its path in it (a .git folder left out). */
const filesOf = (dir: string, under = ''): string[] =>
  readdirSync(path.join(dir, under))
    .filter((name) => name !== '.git')
    .flatMap((name) => (statSync(path.join(dir, under, name)).isDirectory() ? filesOf(dir, path.join(under, name)) : [path.join(under, name)]));
/** An npm script as a configurer runs it: its output, or a throw with it when it exits non-zero. */
const npmScript = (script: string, folder: string) =>
  execFileSync(process.execPath, [path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'), script, folder], { cwd: ROOT, encoding: 'utf8', stdio: 'pipe', env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1' } });
const readJson = <T>(folder: string, name: string) => JSON.parse(readFileSync(path.join(folder, name), 'utf8')) as T;

afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('a new settlement from an empty folder', () => {
  it('counts a folder holding only what `git init` and an editor leave (.git, .gitignore) as empty, and one with any other file as not', () => {
    const folder = emptyFolder();
    execFileSync('git', ['init', '-q', folder]);
    writeFileSync(path.join(folder, '.gitignore'), 'data/\n');
    expect(isEmptyFolder(folder)).toBe(true);
    expect(createSettlement(folder, { template: 'exclusion', identity: ACME })).toMatchObject({ ok: true });
    expect(isEmptyFolder(folder)).toBe(false);
    const other = emptyFolder();
    execFileSync('git', ['init', '-q', other]);
    writeFileSync(path.join(other, 'notes.txt'), 'x');
    expect(isEmptyFolder(other)).toBe(false);
  });

  it('makes a data-breach claim settlement in a folder holding only a .git: standalone, its class list a header, its name, administrator and time zone written, and flows:check and flows:test pass on it', () => {
    const folder = emptyFolder();
    execFileSync('git', ['init', '-q', folder]);
    const result = createSettlement(folder, { template: 'data-breach', identity: ACME });
    expect(result).toEqual({ ok: true, created: expect.arrayContaining(['flows/claim.json', 'flows/lookup.json', 'models.json', 'forms.json', 'locales/en.json', 'locales/es.json', 'deadlines.json', 'fixtures/claim-check-by-mail.fixture.json']) });
    const files = filesOf(folder).sort();
    expect(files).not.toContain('settlement.json');
    expect(files.filter((f) => !f.startsWith('fixtures/'))).toEqual(['captcha.json', 'class-members.csv', 'deadlines.json', 'flows/claim.json', 'flows/lookup.json', 'forms.json', 'locales/en.json', 'locales/es.json', 'models.json', 'settings.json', 'site.json', 'whitelist.json']);
    // No VIN is asked, so there is no vehicle list; the members' list is its header alone.
    expect(readFileSync(path.join(folder, 'class-members.csv'), 'utf8')).toBe('claimId,zip,firstName,lastName,mailingStreetLine1,mailingStreetLine2,mailingCity,mailingSubDivision,mailingPostalCode,emailAddress,phoneNumber\n');
    const forms = readJson<{ forms: Array<{ id: string; signIn: { credentials: Array<{ field: string; match: string }> } }> }>(folder, 'forms.json');
    expect(forms.forms.map((f) => [f.id, f.signIn.credentials.map((c) => `${c.field}:${c.match}`)])).toEqual([
      ['Claim', ['claimId:identifier', 'zip:secret']],
      ['ClaimLookup', ['claimId:identifier']],
    ]);
    expect(readJson<{ timeZone: string }>(folder, 'deadlines.json').timeZone).toBe('Eastern');
    // Editors still find each file's schema from the new folder.
    for (const name of ['models.json', 'flows/claim.json', 'forms.json', 'fixtures/claim-check-by-mail.fixture.json']) {
      const file = path.join(folder, name);
      expect(existsSync(path.resolve(path.dirname(file), readJson<{ $schema: string }>(folder, name).$schema)), name).toBe(true);
    }
    const en = readJson<Record<string, string>>(folder, 'locales/en.json');
    const es = readJson<Record<string, string>>(folder, 'locales/es.json');
    expect(en).toMatchObject({
      LocKey_Site_Title: 'Acme Data Breach Settlement',
      LocKey_Site_LogoAlt: 'Acme Settlement home',
      LocKey_Site_Url: 'https://www.acmesettlement.example',
      LocKey_Footer_EmailAddress: 'info@acmesettlement.example',
      // The administrator's own name, said once: not "<short name> Settlement Administrator".
      LocKey_Footer_MailingAddressLine1: 'Acme Claims Administrator',
      LocKey_Footer_Copyright: '© {0} Acme Claims Administrator. All rights reserved.',
      LocKey_Banner_Line1: '[TO WRITE] LocKey_Banner_Line1',
      LocKey_Footer_PhoneNumber: '[TO WRITE] LocKey_Footer_PhoneNumber',
      LocKey_Claim_Start_Intro: '[TO WRITE] LocKey_Claim_Start_Intro',
    });
    expect(es).toMatchObject({ LocKey_Footer_MailingAddressLine1: 'Acme Claims Administrator', LocKey_Footer_Copyright: '© {0} Acme Claims Administrator. Todos los derechos reservados.' });
    // Nothing of the templates' example cases is left in what claimants read or the server runs.
    for (const file of files.filter((f) => !f.startsWith('fixtures/'))) {
      const text = readFileSync(path.join(folder, file), 'utf8');
      for (const word of TEMPLATE_IDENTITY) expect(text.includes(word), `${file} holds "${word}"`).toBe(false);
    }
    expect(readJson<{ logo?: unknown }>(folder, 'site.json').logo).toBeUndefined();
    expect(npmScript('scripts/flows-check.ts', folder)).toMatch(/^flows:check: 2 flows, 9 pages, 8 model configs, 2 locales — no problems$/m);
    expect(npmScript('scripts/flows-test.ts', folder)).toMatch(/^Tests: 7 passed, 0 failed, 0 skipped$/m);
  }, 180_000);

  it.each(SETTLEMENT_TEMPLATES)('starts from the %s template, which the checker accepts once copied', (template) => {
    const folder = emptyFolder();
    expect(createSettlement(folder, { template, identity: { ...ACME, timeZone: 'America/Chicago' } })).toMatchObject({ ok: true });
    expect(readJson<{ timeZone: string }>(folder, 'deadlines.json').timeZone).toBe('America/Chicago');
    expect(existsSync(path.join(folder, 'fixtures'))).toBe(true);
    // A class list signed in against by VIN keeps its vehicle list (a header); one without VINs has none.
    const vin = readFileSync(path.join(folder, 'class-members.csv'), 'utf8').split('\n')[0]!.split(',').includes('vin');
    expect(existsSync(path.join(folder, 'class-vehicles.csv'))).toBe(vin);
  });

  it('is offered by the API only in an empty folder: a folder holding something, an unknown template, a missing administrator or a time zone that is none are refused with what to do and nothing written', async () => {
    const folder = emptyFolder();
    const appDir = mkdtempSync(path.join(tmpdir(), 'studio-app-'));
    made.push(appDir);
    writeFileSync(path.join(appDir, 'index.html'), '<!doctype html><title>studio</title>');
    const app = await buildStudioServer({ folder, appDir, debounceMs: 10 });
    try {
      const before = (await app.inject({ method: 'GET', url: '/api/folder' })).json<{ empty?: boolean; newSettlementTemplates?: string[] }>();
      expect(before).toMatchObject({ empty: true, newSettlementTemplates: ['vehicle-claim', 'data-breach', 'generic-claim', 'exclusion', 'lookup'] });
      const create = (body: object) => app.inject({ method: 'POST', url: '/api/create', payload: body });
      expect((await create({ template: 'rebate', identity: ACME })).statusCode).toBe(400);
      const noAdministrator = await create({ template: 'lookup', identity: { ...ACME, administrator: ' ' } });
      expect(noAdministrator.statusCode).toBe(400);
      expect(noAdministrator.json<{ message: string }>().message).toBe('The administrator\'s name is 3 to 120 characters ("Acme Settlement Administrator"). Nothing was written.');
      const noZone = await create({ template: 'lookup', identity: { ...ACME, timeZone: 'Mars/Olympus' } });
      expect(noZone.statusCode).toBe(400);
      expect(noZone.json<{ message: string }>().message).toBe('"Mars/Olympus" is not a time zone: pick one of the list (Eastern, Pacific… or an IANA name such as America/New_York). Nothing was written.');
      const noEmail = await create({ template: 'lookup', identity: { ...ACME, email: 'info at acme' } });
      expect(noEmail.json<{ message: string }>().message).toBe('"info at acme" is not an e-mail address (info@acmesettlement.com). Nothing was written.');
      expect(readdirSync(folder)).toEqual([]);
      writeFileSync(path.join(folder, 'notes.txt'), 'mine');
      const taken = await create({ template: 'lookup', identity: ACME });
      expect(taken.statusCode).toBe(409);
      expect(taken.json<{ message: string }>().message).toBe(`${folder} is not empty: a new settlement is made only in an empty folder (nothing was written).`);
      expect(readdirSync(folder)).toEqual(['notes.txt']);
    } finally {
      await app.close();
    }
  });
});
