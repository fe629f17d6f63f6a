/**
 * Analytics in real Chromium: without a tag id in settings.json the pages make no request to any
 * host but this server's; with one, the page asks for Google's tag script and runs the tag's
 * configuration from this origin (the browser here reaches no other host: the request is seen and
 * aborted), with no security-policy refusal.
 */
import { describe, expect, it } from 'vitest';
import { openPage, settled, withServerAndBrowser } from './harness';

/** Every request a page makes while it opens these addresses and settles. */
async function requestsOf(e2e: ReturnType<typeof withServerAndBrowser>, paths: string[]) {
  const probe = await openPage(e2e.browser);
  const urls: string[] = [];
  probe.page.on('request', (r) => urls.push(r.url()));
  for (const path of paths) {
    await probe.page.goto(`${e2e.server.url}${path}`);
    await settled(probe.page);
  }
  return { ...probe, urls };
}

describe('without an analytics tag id (the default)', () => {
  const e2e = withServerAndBrowser();

  it('the pages make no request to any host but this server', async () => {
    const { urls, context, errors } = await requestsOf(e2e, ['/automotive', '/vinlookup?culture=es', '/exclusion', '/page-not-found']);
    expect(urls.length).toBeGreaterThan(5);
    const origin = new URL(e2e.server.url).origin;
    // The captcha emulator also listens on 127.0.0.1 (its own port): still no host beyond this machine.
    expect(urls.filter((u) => !u.startsWith(origin) && new URL(u).hostname !== '127.0.0.1')).toEqual([]);
    expect(urls.filter((u) => /google|gtag|analytics/i.test(u))).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('with an analytics tag id', () => {
  const e2e = withServerAndBrowser({ settings: { analyticsTagId: 'G-AB12CD34EF', analyticsTagId2: 'UA-12345678-1' } });

  it("asks for Google's tag script and configures both tags, within the page's security policy", async () => {
    const { page, urls, context, consoleLines } = await requestsOf(e2e, ['/automotive']);
    expect(urls).toContain('https://www.googletagmanager.com/gtag/js?id=G-AB12CD34EF');
    expect(urls.some((u) => u.startsWith(`${e2e.server.url}/site/analytics.js?v=`))).toBe(true);
    const configured = await page.evaluate(() =>
      ((window as unknown as { dataLayer?: ArrayLike<unknown>[] }).dataLayer ?? []).map((entry) => Array.from(entry)).filter((entry) => entry[0] === 'config').map((entry) => entry[1]),
    );
    expect(configured).toEqual(['G-AB12CD34EF', 'UA-12345678-1']);
    expect(consoleLines.filter((l) => /Content Security Policy/i.test(l))).toEqual([]);
    await context.close();
  });
});
