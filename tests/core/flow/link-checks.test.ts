/**
 * The checker on links into the app beyond site.json's form links: an <a href="/…"> in localized
 * copy and a plain internal address of site.json must name a page the settlement has (a flow's
 * page path or alias, a fixed route, a resume link); each one that does not is reported once, at
 * its file, line:col and pointer, with the nearest page. Links elsewhere are not followed.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkFolder, settlementPaths } from '../../../tooling/flow/check-folder';
import { copySettlementFolder } from '../../../settlement/read';
import { formatIssue } from '../../../runtime/core/flow/issues';
import { anchorHrefs, appPathOf } from '../../../runtime/core/site';

const repo = (p: string) => new URL(`../../../${p}`, import.meta.url).pathname;
const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A copy of the second settlement (pages /rebate…, /opt-out…, /battery-check) with some texts of each locale replaced. */
function secondWith(texts: Record<string, Record<string, string>>, site?: unknown) {
  const dir = mkdtempSync(path.join(tmpdir(), 'link-check-'));
  made.push(dir);
  copySettlementFolder(repo('tests/settlements/second'), dir);
  for (const [culture, replaced] of Object.entries(texts)) {
    const file = path.join(dir, 'locales', `${culture}.json`);
    const json = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
    writeFileSync(file, `${JSON.stringify({ ...json, ...replaced }, null, 2)}\n`);
  }
  if (site !== undefined) writeFileSync(path.join(dir, 'site.json'), `${JSON.stringify(site, null, 2)}\n`);
  const issues = checkFolder({ ...settlementPaths(dir), settlementDir: dir }).issues.map((i) => ({ ...i, file: path.relative(dir, i.file) }));
  const text = (file: string) => readFileSync(path.join(dir, file), 'utf8');
  return { issues, text };
}

/** The text at an issue's line and column. */
const at = (text: string, issue: { line?: number; column?: number }) => text.split('\n')[issue.line! - 1]!.slice(issue.column! - 1);

describe('links in localized copy', () => {
  it('a link to a page the settlement does not have is an error at its text, with the nearest page', () => {
    const { issues, text } = secondWith({
      en: { LocKey_NotFound_Copy: 'Go back to the <a href="/opt-uot?culture=en">opt-out form</a> or <a class="x" href=\'/exclusion\'>exclude yourself</a>.' },
      es: { LocKey_NotFound_Copy: 'Vuelva al <a href="/opt-out">formulario</a>.' },
    });
    expect(issues.map(formatIssue).length).toBe(2);
    const [misspelt, absent] = issues;
    expect(misspelt).toEqual({
      file: 'locales/en.json',
      pointer: '/LocKey_NotFound_Copy',
      message: 'the link "/opt-uot?culture=en" in LocKey_NotFound_Copy leads to no page of this settlement',
      hint: expect.stringMatching(/^did you mean "\/opt-out"\? Known: .*; or link to the project site with a full address$/),
      line: expect.any(Number),
      column: expect.any(Number),
    });
    expect(at(text('locales/en.json'), misspelt!)).toMatch(/^"LocKey_NotFound_Copy": "Go back/);
    expect(absent).toMatchObject({ file: 'locales/en.json', pointer: '/LocKey_NotFound_Copy', message: 'the link "/exclusion" in LocKey_NotFound_Copy leads to no page of this settlement' });
    expect(absent!.hint).toMatch(/^use one of: "\/", .*"\/opt-out".*; or link to the project site with a full address$/);
  });

  it('links to its pages, their aliases, the fixed routes and resume links resolve; links elsewhere are not followed', () => {
    const copy =
      '<a href="/">start</a> <a href="/rebate/">claim</a> <a href="/battery-check?culture=es#top">check</a> <a href="/deadline">closed</a> ' +
      '<a href="/resume/K7QX-2M9P-R4TD">resume</a> <a href="https://court.example.gov/x">court</a> <a href="mailto:info@example.com">mail</a> ' +
      '<a href="{0}/faq">FAQ</a> <a href="//cdn.example.com/x">cdn</a> <a href="#main">skip</a>';
    const { issues } = secondWith({ en: { LocKey_NotFound_Copy: copy }, es: { LocKey_NotFound_Copy: copy } });
    expect(issues.map(formatIssue)).toEqual([]);
  });

  it('reads the href of every anchor, in either quotes, and the app path of an address', () => {
    expect(anchorHrefs('<a href="/a">x</a> <A title="t" HREF = \'/b?c=1\'>y</A> <link href="/c"> <abbr href="/d">')).toEqual(['/a', '/b?c=1']);
    expect(appPathOf('/exclusion?culture=es#top')).toBe('/exclusion');
    expect(appPathOf('https://example.com/')).toBeNull();
    expect(appPathOf('//example.com/')).toBeNull();
    expect(appPathOf('{0}/faq')).toBeNull();
  });
});

describe('plain internal addresses of site.json', () => {
  it('an address of this app that leads nowhere is an error at its url, with the nearest page', () => {
    const { issues, text } = secondWith({}, { header: [{ labelKey: 'LocKey_Nav_Home', url: '{0}/' }, { labelKey: 'LocKey_Nav_VinLookup', url: '/batery-check', target: '_self' }, { labelKey: 'LocKey_Nav_Faq', url: '/rebate/contact' }] });
    expect(issues).toEqual([
      {
        file: 'site.json',
        pointer: '/header/1/url',
        message: '"/batery-check" leads to no page of this settlement',
        hint: expect.stringMatching(/^did you mean "\/battery-check"\? Known: .*; link to a form with \{ "form": "<formType>" \}, or to the project site with "\{0\}\/…"$/),
        line: expect.any(Number),
        column: expect.any(Number),
      },
    ]);
    expect(at(text('site.json'), issues[0]!)).toBe('"url": "/batery-check",');
  });
});
