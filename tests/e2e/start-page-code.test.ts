import { describe, expect, it } from 'vitest';
import { readManifest } from '../../server/routes/app-shell/preload';
import { builtApp, openPage, settled, withServerAndBrowser } from './harness';

/**
 * Code a form's start page leaves for later (manifest keys, relative to runtime/app): the later
 * pages' blocks and widgets, the saved-for-later panel and the session warning of the pages after
 * sign-in, and the submit (payload building and its multipart form) with the checks of the answers
 * after sign-in.
 */
const BLOCKS_AND_WIDGETS = ['../widgets/blocks/records.tsx', '../widgets/blocks/summary.tsx', '../widgets/blocks/confirmation.tsx', '../widgets/date.tsx', '../widgets/file.tsx', 'forms/SavedForLaterPanel.tsx', '../widgets/SessionTimeoutModal.tsx'];
const SUBMIT = ['../core/payload/build.ts', '../core/payload/multipart.ts', '../core/api/claim-checks.ts'];

describe("a form's start page and the code of later steps", () => {
  const e2e = withServerAndBrowser();

  it('loads none of it while the page loads; once the claimant is in a field, the later pages, the saved-for-later panel, the session warning and the submit load in idle time', async () => {
    const manifest = readManifest(builtApp());
    const later = new Map([...BLOCKS_AND_WIDGETS, ...SUBMIT].map((key) => [`/app/dist/${manifest?.[key]?.file ?? `missing ${key}`}`, key]));
    const { page, context, errors } = await openPage(e2e.browser);
    const requested = new Set<string>();
    page.on('request', (request) => {
      const key = later.get(new URL(request.url()).pathname);
      if (key) requested.add(key);
    });
    await page.goto(`${e2e.server.url}/automotive`);
    await settled(page);
    await page.waitForLoadState('networkidle');
    expect([...requested]).toEqual([]);
    await page.focus('#credentials-vin');
    await expect.poll(() => [...requested].sort(), { timeout: 10_000 }).toEqual([...BLOCKS_AND_WIDGETS, ...SUBMIT].sort());
    expect(errors).toEqual([]);
    await context.close();
  });
});
