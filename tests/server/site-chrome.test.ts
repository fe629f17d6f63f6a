/**
 * The site chrome over real HTTP on SQLite and PostgreSQL: the page's app settings carry the
 * settlement's chrome with form links resolved to the settlement's own pages (none to a form it
 * lacks), the logo is served from its fixed address and nothing else of the folder is, and a
 * broken site.json stops the start with the checker's report.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { AppSettings } from '../../runtime/core/types.js';
import { errorText } from '../../server/errors.js';
import { siteChrome } from '../../server/routes/app-shell/index.js';
import { loadSettlement, SettlementError } from '../../server/settlement/load.js';
import { copySettlementFolder } from '../../settlement/read.js';
import { DIALECTS, fixtureDist, ROOT, serverOver, type Send } from './helper.js';

const SECOND = path.join(ROOT, 'tests/settlements/second');
/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

const made: string[] = [];
afterAll(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A copy of the second settlement, changed by `change`. */
function secondCopy(change: (dir: string) => void): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'site-settlement-'));
  made.push(dir);
  copySettlementFolder(SECOND, dir);
  change(dir);
  return dir;
}

async function pageSettings(http: Send, url: string): Promise<AppSettings> {
  const res = await http(url);
  expect(res.statusCode, url).toBe(200);
  return JSON.parse(/<script id="app-settings" type="application\/json">(.*?)<\/script>/.exec(res.body)![1]!) as AppSettings;
}

const urls = (links: AppSettings['site']['header']) => links.map((l) => l.url);

describe.each(DIALECTS)('the site chrome (%s)', (dialect) => {
  describe('of the sample settlement', () => {
    const server = serverOver(dialect, () => ({ appDistDir: fixtureDist() }));

    it('is today\'s chrome: the project site\'s pages in a new tab, VIN Lookup and Exclude Yourself in this app, English and Spanish, no banner, the theme\'s logo', async () => {
      const { site } = await pageSettings(server.http, '/automotive');
      expect(site).toEqual({
        logo: { src: null, altKey: 'LocKey_Site_LogoAlt' },
        header: [
          { labelKey: 'LocKey_Nav_Home', url: '{0}/', target: '_blank' },
          { labelKey: 'LocKey_Nav_KeyDates', url: '{0}/dates', target: '_blank' },
          { labelKey: 'LocKey_Nav_ImportantDocuments', url: '{0}/documents', target: '_blank' },
          { labelKey: 'LocKey_Nav_Faq', url: '{0}/faq', target: '_blank' },
          { labelKey: 'LocKey_Nav_FileAClaim', url: '{0}/claim', target: '_blank' },
          { labelKey: 'LocKey_Nav_VinLookup', url: '/vinlookup', target: '_self' },
          { labelKey: 'LocKey_Nav_ExcludeYourself', url: '/exclusion', target: '_self' },
        ],
        contentHeader: [
          { labelKey: 'LocKey_Nav_Home', url: '{0}/', target: '_blank' },
          { labelKey: 'LocKey_Nav_KeyDates', url: '{0}/dates', target: '_blank' },
          { labelKey: 'LocKey_Nav_Faq', url: '{0}/faq', target: '_blank' },
          { labelKey: 'LocKey_Nav_ImportantDocuments', url: '{0}/documents', target: '_blank' },
        ],
        wouldLikeTo: [
          { labelKey: 'LocKey_Nav_CheckClaimStatus', url: '{0}/claim/status', target: '_blank' },
          { labelKey: 'LocKey_Nav_UploadDocuments', url: '{0}/documents', target: '_blank' },
          { labelKey: 'LocKey_Nav_ChangeMyAddress', url: '{0}/coa', target: '_blank' },
        ],
        languages: [
          { culture: 'en', labelKey: 'LocKey_Language_English' },
          { culture: 'es', labelKey: 'LocKey_Language_Spanish' },
        ],
        banner: { enabled: false, headerKey: 'LocKey_Banner_Header', line1Key: 'LocKey_Banner_Line1', line2Key: 'LocKey_Banner_Line2' },
      });
      // Every link into this app opens a page the server answers.
      for (const url of urls(site.header).filter((u) => u.startsWith('/'))) expect((await server.http(url)).statusCode, url).toBe(200);
    });

    it('serves no logo when the settlement has none, and no file of the folder', async () => {
      for (const url of ['/site/logo.svg', '/site/logo.png', '/site/site.json', '/site/models.json', '/site/class-members.csv']) {
        expect((await server.http(url)).statusCode, url).toBe(404);
      }
    });
  });

  describe('cultures, when site.json lists no languages', () => {
    const server = serverOver(dialect, () => ({ appDistDir: fixtureDist() }));

    it('offers every culture with a locale file; an unknown one falls back to its language, else to en', async () => {
      for (const [asked, served] of [['es', 'es'], ['es-MX', 'es'], ['en', 'en'], ['fr', 'en'], ['', 'en']] as const) {
        const res = await server.http(`/api/culture/content${asked ? `?culture=${asked}` : ''}`);
        expect(res.statusCode, asked).toBe(200);
        expect(res.headers['content-language'], asked).toBe(served);
      }
    });
  });

  describe('of the second settlement', () => {
    const server = serverOver(dialect, () => ({ appDistDir: fixtureDist(), settlementDir: SECOND }));

    it('links to its own lookup and opt-out pages, never to /vinlookup or /exclusion', async () => {
      const { site } = await pageSettings(server.http, '/rebate');
      expect(urls(site.header)).toEqual(['{0}/', '{0}/dates', '{0}/documents', '{0}/faq', '{0}/claim', '/battery-check', '/opt-out']);
      for (const url of ['/battery-check', '/opt-out']) expect((await server.http(url)).statusCode, url).toBe(200);
    });
  });

  describe('of a settlement without a lookup form, with a site.json of its own (logo, content header, banner, one language)', () => {
    const dir = () =>
      secondCopy((d) => {
        rmSync(path.join(d, 'flows/lookup.json'));
        writeFileSync(path.join(d, 'brand-logo.png'), PNG);
        writeFileSync(
          path.join(d, 'site.json'),
          JSON.stringify({
            logo: { file: 'brand-logo.png', altKey: 'LocKey_Site_Title' },
            contentHeader: [{ labelKey: 'LocKey_Nav_Faq', url: 'https://example.org/faq', altKey: 'LocKey_Site_Title', target: '_self' }, { labelKey: 'LocKey_Nav_ExcludeYourself', form: 'Exclusion' }],
            wouldLikeTo: [],
            languages: [{ culture: 'es', labelKey: 'LocKey_Language_Spanish' }],
            banner: { enabled: true, headerKey: 'LocKey_Banner_Header', line1Key: 'LocKey_Banner_Line1', line2Key: 'LocKey_Banner_Line2' },
          }),
        );
      });
    const server = serverOver(dialect, () => ({ appDistDir: fixtureDist(), settlementDir: dir() }));

    it('carries the chrome of its site.json, and the default header without a link to the absent form', async () => {
      const { site } = await pageSettings(server.http, '/rebate');
      expect(site.contentHeader).toEqual([
        { labelKey: 'LocKey_Nav_Faq', url: 'https://example.org/faq', altKey: 'LocKey_Site_Title', target: '_self' },
        { labelKey: 'LocKey_Nav_ExcludeYourself', url: '/opt-out', target: '_self' },
      ]);
      expect(site.wouldLikeTo).toEqual([]);
      expect(site.languages).toEqual([{ culture: 'es', labelKey: 'LocKey_Language_Spanish' }]);
      expect(site.banner.enabled).toBe(true);
      expect(site.logo).toEqual({ src: expect.stringMatching(/^\/site\/logo\.png\?v=[\w-]+$/), altKey: 'LocKey_Site_Title' });
      expect(urls(site.header)).toEqual(['{0}/', '{0}/dates', '{0}/documents', '{0}/faq', '{0}/claim', '/opt-out']);
    });

    it('serves only the culture it offers: English, which it does not offer, is an unknown culture (spec §2: the default, here its one culture)', async () => {
      for (const asked of ['es', 'en', 'en-US', 'fr']) {
        const res = await server.http(`/api/culture/content?culture=${asked}`);
        expect(res.statusCode, asked).toBe(200);
        expect(res.headers['content-language'], asked).toBe('es');
      }
      // The page embeds the startup answers of the culture served, not of the one asked for.
      const page = await server.http('/rebate?culture=en');
      const answers = JSON.parse(/<script id="app-bootstrap" type="application\/json">(.*?)<\/script>/s.exec(page.body)![1]!) as Record<string, unknown>;
      expect(Object.keys(answers)).toContain('/api/culture/content?culture=es');
      expect(Object.keys(answers)).not.toContain('/api/culture/content?culture=en');
      // The server's own refusals speak the culture offered.
      const refused = await server.http('/api/forms/no-such-call?culture=en');
      expect(refused.statusCode).toBe(404);
      expect((refused.json() as { error: string }).error).toBe(errorText('NOT_FOUND', 'es', () => undefined));
    });

    it('serves the logo at the address the page names, as a PNG with cache headers, and nothing else', async () => {
      const { site } = await pageSettings(server.http, '/rebate');
      const res = await server.http(site.logo.src!);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['cache-control']).toBe('public, max-age=86400');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      // An image opened on its own runs nothing (an SVG is a document).
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox");
      expect((await server.app.inject(site.logo.src!)).rawPayload.equals(PNG)).toBe(true);
      const again = await server.http({ url: '/site/logo.png', headers: { 'if-none-match': String(res.headers.etag) } });
      expect(again.statusCode).toBe(304);

      // The class list is the folder's most private file: no address reaches it.
      const classListHeader = readFileSync(path.join(SECOND, 'class-members.csv'), 'utf8').split('\n')[0]!;
      const others = ['/site/logo.svg', '/site/brand-logo.png', '/site/site.json', '/site/class-members.csv', '/site/logo.png/../class-members.csv', '/site/..%2fclass-members.csv', '/site/%2e%2e/class-members.csv', '/site/logo.png%00.csv'];
      for (const url of others) {
        const other = await server.http(url);
        expect(other.statusCode, url).toBe(404);
        expect(other.headers['content-type'], url).not.toBe('image/png');
        expect(other.body, url).not.toContain(classListHeader);
      }
    });
  });
});

describe('a culture offered by default', () => {
  it('needs its language label in every locale: the checker names the key and the command that adds it', () => {
    const dir = secondCopy((d) => cpSync(path.join(d, 'locales/en.json'), path.join(d, 'locales/fr.json')));
    let error: unknown;
    try {
      loadSettlement(dir);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(SettlementError);
    const problems = (error as SettlementError).problems;
    expect(problems.map((p) => p.file).sort()).toEqual(['locales/en.json', 'locales/es.json', 'locales/fr.json']);
    for (const p of problems) expect(p.message).toMatch(/^LocKey_Language_fr is missing: the language selector offers fr .* \(npm run locales:add .* LocKey_Language_fr --en "…" --es "…" --fr "…", or list the languages offered in site.json\)$/);
  });

  it('is offered once its label is in every locale, and listed after English and Spanish', () => {
    const dir = secondCopy((d) => {
      cpSync(path.join(d, 'locales/en.json'), path.join(d, 'locales/fr.json'));
      for (const culture of ['en', 'es', 'fr']) {
        const file = path.join(d, `locales/${culture}.json`);
        writeFileSync(file, JSON.stringify({ ...(JSON.parse(readFileSync(file, 'utf8')) as object), LocKey_Language_fr: 'Français' }));
      }
    });
    const settlement = loadSettlement(dir);
    expect(siteChrome(settlement).languages).toEqual([
      { culture: 'en', labelKey: 'LocKey_Language_English' },
      { culture: 'es', labelKey: 'LocKey_Language_Spanish' },
      { culture: 'fr', labelKey: 'LocKey_Language_fr' },
    ]);
  });
});

describe('a broken site.json', () => {
  it('stops the start with the checker\'s report: file, line:col, pointer, message and hint', () => {
    const dir = secondCopy((d) => writeFileSync(path.join(d, 'site.json'), '{\n  "header": [\n    { "labelKey": "LocKey_Nav_VinLookup", "form": "Lokup" }\n  ]\n}\n'));
    let error: unknown;
    try {
      loadSettlement(dir);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(SettlementError);
    expect((error as SettlementError).problems).toEqual([
      { file: 'site.json', pointer: '/header/0/form', line: 3, column: 43, message: 'the settlement has no form "Lokup" (did you mean "Lookup"? Known: "Automotive", "Exclusion", "Lookup", or remove the link)' },
    ]);
    expect(readFileSync(path.join(dir, 'site.json'), 'utf8').split('\n')[2]!.slice(42)).toBe('"form": "Lokup" }');
  });
});
