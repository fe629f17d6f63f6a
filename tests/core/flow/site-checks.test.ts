/**
 * The checker on a settlement's site.json: one small broken file per mistake, each reported once
 * with its file, line:col, JSON pointer, message and hint.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkFolder, settlementPaths } from '../../../tooling/flow/check-folder';
import { copySettlementFolder } from '../../../settlement/read';
import { formatIssue, type FlowIssue } from '../../../runtime/core/flow/issues';

const repo = (p: string) => new URL(`../../../${p}`, import.meta.url).pathname;
const made: string[] = [];

const SVG = '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="200" height="40"><rect width="200" height="40"/></svg>\n';

/** A copy of the second settlement (its own flows and locales) with the given site.json. */
function settlementWithSite(site: unknown, files: Record<string, string> = {}) {
  const dir = mkdtempSync(path.join(tmpdir(), 'site-check-'));
  made.push(dir);
  copySettlementFolder(repo('tests/settlements/second'), dir);
  const text = typeof site === 'string' ? site : `${JSON.stringify(site, null, 2)}\n`;
  writeFileSync(path.join(dir, 'site.json'), text);
  for (const [name, body] of Object.entries(files)) writeFileSync(path.join(dir, name), body);
  const issues = checkFolder({ ...settlementPaths(dir), settlementDir: dir }).issues;
  return { dir, text, issues: issues.map((i: FlowIssue) => ({ ...i, file: path.relative(dir, i.file) })) };
}

/** The text at an issue's line and column. */
const at = (text: string, issue: { line?: number; column?: number }) => text.split('\n')[issue.line! - 1]!.slice(issue.column! - 1);

afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the checker on site.json', () => {
  it('accepts the sample settlement\'s site.json and a full one with a logo, links to forms and a banner', () => {
    const sample = checkFolder({ ...settlementPaths(repo('server-fixtures')), settlementDir: repo('server-fixtures') }).issues;
    expect(sample.map(formatIssue)).toEqual([]);
    const { issues } = settlementWithSite(
      {
        logo: { file: 'logo.svg', altKey: 'LocKey_Site_LogoAlt' },
        header: [
          { labelKey: 'LocKey_Nav_Home', url: '{0}/', altKey: 'LocKey_Site_Title' },
          { labelKey: 'LocKey_Nav_VinLookup', form: 'Lookup' },
        ],
        wouldLikeTo: [],
        languages: [{ culture: 'en', labelKey: 'LocKey_Language_English' }],
        banner: { enabled: true, headerKey: 'LocKey_Banner_Header', line1Key: 'LocKey_Banner_Line1', line2Key: 'LocKey_Banner_Line2' },
      },
      { 'logo.svg': SVG },
    );
    expect(issues.map(formatIssue)).toEqual([]);
  });

  it('refuses a link to a form the settlement does not have, with the nearest form name, at its line and column', () => {
    const { text, issues } = settlementWithSite({ header: [{ labelKey: 'LocKey_Nav_Home', url: '{0}/' }, { labelKey: 'LocKey_Nav_ExcludeYourself', form: 'Exclusoin' }] });
    expect(issues).toEqual([
      {
        file: 'site.json',
        pointer: '/header/1/form',
        message: 'the settlement has no form "Exclusoin"',
        hint: 'did you mean "Exclusion"? Known: "Automotive", "Exclusion", "Lookup", or remove the link',
        line: expect.any(Number),
        column: expect.any(Number),
      },
    ]);
    expect(at(text, issues[0]!)).toBe('"form": "Exclusoin"');
  });

  it('refuses a link to a form type the settlement has no flow for', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'site-check-'));
    made.push(dir);
    copySettlementFolder(repo('tests/settlements/second'), dir);
    rmSync(path.join(dir, 'flows', 'lookup.json'));
    writeFileSync(path.join(dir, 'site.json'), JSON.stringify({ contentHeader: [{ labelKey: 'LocKey_Nav_VinLookup', form: 'Lookup' }] }));
    const issues = checkFolder({ ...settlementPaths(dir), settlementDir: dir }).issues;
    expect(issues.map((i) => [path.relative(dir, i.file), i.pointer, i.message, i.hint])).toEqual([
      ['site.json', '/contentHeader/0/form', 'the settlement has no form "Lookup"', 'use one of: "Automotive", "Exclusion", or remove the link'],
    ]);
  });

  it('refuses a label, alt or banner key missing from a locale, naming the locale file and the key', () => {
    const { text, issues } = settlementWithSite({
      header: [{ labelKey: 'LocKey_Nav_Hoem', url: '{0}/' }],
      banner: { enabled: true, headerKey: 'LocKey_Banner_Header', line1Key: 'LocKey_Banner_Line1', line2Key: 'LocKey_Banner_Promo' },
    });
    expect(issues.map((i) => [i.file, i.pointer, i.message, i.hint])).toEqual([
      ['site.json', '/header/0/labelKey', `localization key "LocKey_Nav_Hoem" is missing from ${issues[0]!.message.split(' from ')[1]}`, 'did you mean "LocKey_Nav_Home"? Else add "LocKey_Nav_Hoem" to every locale file (npm run locales:add)'],
      ['site.json', '/banner/line2Key', expect.stringMatching(/^localization key "LocKey_Banner_Promo" is missing from .*locales\/en\.json$/), expect.stringContaining('add "LocKey_Banner_Promo" to every locale file (npm run locales:add)')],
      ['site.json', '/header/0/labelKey', expect.stringMatching(/^localization key "LocKey_Nav_Hoem" is missing from .*locales\/es\.json$/), expect.any(String)],
      ['site.json', '/banner/line2Key', expect.stringMatching(/^localization key "LocKey_Banner_Promo" is missing from .*locales\/es\.json$/), expect.any(String)],
    ]);
    expect(issues[0]!.message).toMatch(/locales\/en\.json$/);
    expect(at(text, issues[1]!)).toBe('"line2Key": "LocKey_Banner_Promo"');
  });

  it('refuses a language that has no locale file', () => {
    const { issues } = settlementWithSite({ languages: [{ culture: 'en', labelKey: 'LocKey_Language_English' }, { culture: 'fr', labelKey: 'LocKey_Language_Spanish' }] });
    expect(issues.map((i) => [i.pointer, i.message, i.hint])).toEqual([
      ['/languages/1/culture', 'no locale file fr.json for the language "fr"', 'add locales/fr.json or offer one of: en, es'],
    ]);
  });

  it('refuses a logo file that is missing, or not the image its name says', () => {
    const missing = settlementWithSite({ logo: { file: 'brand/logo.png', altKey: 'LocKey_Site_LogoAlt' } });
    expect(missing.issues.map((i) => [i.pointer, i.message])).toEqual([['/logo/file', 'the logo file "brand/logo.png" is not in the settlement folder']]);
    expect(at(missing.text, missing.issues[0]!)).toBe('"file": "brand/logo.png",');

    const wrongType = settlementWithSite({ logo: { file: 'logo.png', altKey: 'LocKey_Site_LogoAlt' } }, { 'logo.png': SVG });
    expect(wrongType.issues.map((i) => [i.pointer, i.message, i.hint])).toEqual([['/logo/file', '"logo.png" is not a png image', 'save the logo as png or name the file by its real type']]);
  });

  it('refuses a logo outside the folder or of another type by the schema', () => {
    const { issues } = settlementWithSite({ logo: { file: '../models.json', altKey: 'LocKey_Site_LogoAlt' } });
    expect(issues.map((i) => [i.pointer, i.message.split(' does not match')[0]])).toEqual([['/logo/file', '"../models.json"']]);
    const gif = settlementWithSite({ logo: { file: 'logo.gif', altKey: 'LocKey_Site_LogoAlt' } });
    expect(gif.issues.map((i) => i.pointer)).toEqual(['/logo/file']);
  });

  it('refuses literal text where a key belongs and an unknown property, with the nearest one', () => {
    const { issues } = settlementWithSite({ baner: { enabled: true }, header: [{ labelKey: 'Home', url: '/' }] });
    expect(issues.map((i) => [i.pointer, i.message, i.hint])).toEqual([
      ['/baner', 'unknown property "baner"', expect.stringMatching(/^did you mean "banner"\? /)],
      ['/header/0/labelKey', '"Home" does not match ^LocKey_[A-Za-z0-9_]+$', 'use a localization key (LocKey_Area_Name) defined in every locale file, never literal text'],
    ]);
  });

  it('reports a site.json that is not JSON at its line and column', () => {
    const { issues } = settlementWithSite('{\n  "banner": {,\n}\n');
    expect(issues[0]).toMatchObject({ file: 'site.json', line: 2, message: expect.stringMatching(/^not valid JSON/) });
  });
});
