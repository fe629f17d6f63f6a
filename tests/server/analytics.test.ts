/**
 * The analytics tags of settings.json over real HTTP on SQLite and PostgreSQL: off by default (no
 * script, no address, nothing of Google's in the security policy); with a tag id, the page loads
 * Google's tag script and the tag's configuration from this origin, and the policy allows exactly
 * Google's tag hosts. A malformed id is the checker's report at its line and pointer.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { loadSettlement, SettlementError } from '../../server/settlement/load.js';
import { DIALECTS, fixtureDist, serverOver, settlementCopy } from './helper.js';

const made: string[] = [];
afterAll(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A copy of the sample settlement whose settings.json has these tag ids. */
function withTags(analyticsTagId: string | null, analyticsTagId2: string | null = null): string {
  const dir = settlementCopy();
  made.push(dir);
  const file = path.join(dir, 'settings.json');
  writeFileSync(file, JSON.stringify({ ...(JSON.parse(readFileSync(file, 'utf8')) as object), analyticsTagId, analyticsTagId2 }, null, 2));
  return dir;
}

/** The CSP directives of a response, by name. */
function policy(header: unknown): Record<string, string[]> {
  return Object.fromEntries(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

const GOOGLE = /google|gtag/i;

describe.each(DIALECTS)('analytics (%s)', (dialect) => {
  describe('without a tag id (the default)', () => {
    const server = serverOver(dialect, () => ({ appDistDir: fixtureDist() }));

    it('loads no analytics script, has no analytics address, and the policy names no analytics host', async () => {
      const page = await server.http('/automotive');
      expect(page.statusCode).toBe(200);
      expect(page.body).not.toMatch(GOOGLE);
      expect(page.body).not.toContain('/site/analytics.js');
      expect(String(page.headers['content-security-policy'])).not.toMatch(GOOGLE);
      expect((await server.http('/site/analytics.js')).statusCode).toBe(404);
    });
  });

  describe('with two tag ids', () => {
    const server = serverOver(dialect, () => ({ appDistDir: fixtureDist(), settlementDir: withTags('G-AB12CD34EF', 'AW-123456789') }));

    it("loads Google's tag script for the first id and the configuration of both from this origin", async () => {
      const page = await server.http('/automotive?culture=es');
      const src = /<script defer src="(\/site\/analytics\.js\?v=[\w-]+)"><\/script>/.exec(page.body)?.[1];
      expect(src).toBeDefined();
      expect(page.body).toContain('<script async src="https://www.googletagmanager.com/gtag/js?id=G-AB12CD34EF"></script>');
      const script = await server.http(src!);
      expect(script.statusCode).toBe(200);
      expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
      expect(script.body).toBe(
        "window.dataLayer=window.dataLayer||[];\nfunction gtag(){window.dataLayer.push(arguments);}\ngtag('js',new Date());\ngtag('config',\"G-AB12CD34EF\");\ngtag('config',\"AW-123456789\");\n",
      );
      // The ids stay in the app settings as the spec has them.
      expect(page.body).toContain('"analyticsTagId":"G-AB12CD34EF","analyticsTagId2":"AW-123456789"');
    });

    it("allows exactly Google's tag hosts for scripts, connections and images, and nothing more", async () => {
      const page = await server.http('/automotive');
      const csp = policy(page.headers['content-security-policy']);
      expect(csp['script-src']!.filter((s) => GOOGLE.test(s))).toEqual(['https://*.googletagmanager.com']);
      expect(csp['connect-src']!.filter((s) => GOOGLE.test(s))).toEqual(['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://*.googletagmanager.com']);
      expect(csp['img-src']!.filter((s) => GOOGLE.test(s))).toEqual(['https://*.google-analytics.com', 'https://*.googletagmanager.com']);
      expect(csp['frame-src']!.join(' ')).not.toMatch(GOOGLE);
      expect(csp['default-src']).toEqual(["'self'"]);
      // Still no inline script but the page's one by hash.
      expect(csp['script-src']!.filter((s) => s.startsWith("'sha256-"))).toHaveLength(1);
    });
  });
});

describe('a malformed tag id', () => {
  it("stops the start with the checker's report: settings.json, line:col, pointer and what an id looks like", () => {
    const dir = withTags('G-AB12CD34EF', 'GTM_123');
    let error: unknown;
    try {
      loadSettlement(dir);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(SettlementError);
    const lines = readFileSync(path.join(dir, 'settings.json'), 'utf8').split('\n');
    const line = lines.findIndex((l) => l.includes('"analyticsTagId2"')) + 1;
    expect((error as SettlementError).problems).toEqual([
      {
        file: 'settings.json',
        pointer: '/analyticsTagId2',
        line,
        column: 3,
        message: expect.stringMatching(/^"GTM_123" does not match .* \(use a Google tag id such as "G-AB12CD34EF" \(Google Analytics 4\), "UA-12345678-1" or "AW-123456789", or null for none\)$/),
      },
    ]);
  });
});
