/**
 * The studio draws a deadline as the app draws it, in Chromium: the second test settlement's start
 * page names its claim filing deadline (LocKey_Deadline_ClaimFilingDeadline_FullDateZone); every
 * preview frame (each culture at phone and desktop width) and the walk's frame show the date in
 * the settlement's time zone, never the key, and nothing on the phone frame is wider than it.
 */
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildStudioServer } from '../../studio/server/app';
import { ROOT } from './harness';
import { AUTOMOTIVE, openStudio, setUpStudio, studioScreenshot } from './studio-harness';

// The harness's browser and built studio; the studio under test is started on a copy of the second settlement.
const studio = setUpStudio();

/** The start page's deadline in each culture (deadlines.json: 2027-10-31T23:59:59, Eastern). */
const DEADLINE = { en: /Sunday, October 31, 2027 at 11:59\sPM EDT/, es: /domingo, 31 de octubre de 2027, 11:59\sp\.\s?m\.\sEDT/ } as const;

let dir = '';
let server: FastifyInstance | undefined;
let url = '';

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'studio-deadlines-e2e-'));
  cpSync(path.join(ROOT, 'tests/settlements/second'), dir, { recursive: true });
  // The copy extends the same folder as the original, named where it is.
  writeFileSync(path.join(dir, 'settlement.json'), `${JSON.stringify({ extends: path.join(ROOT, 'server-fixtures') }, null, 2)}\n`);
  server = await buildStudioServer({ folder: dir, appDir: studio.appDir, debounceMs: 20 });
  url = await server.listen({ host: '127.0.0.1', port: 0 });
});

afterAll(async () => {
  await server?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Each preview frame's culture, width, text, and how much wider than the frame its page draws. */
const previewFrames = (page: Page) =>
  page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLIFrameElement>('.preview iframe')).map((f) => {
      const doc = f.contentDocument;
      const widest = doc ? Math.max(0, ...Array.from(doc.querySelectorAll<HTMLElement>('main *')).map((e) => e.getBoundingClientRect().right)) : 0;
      return {
        culture: f.getAttribute('data-culture') ?? '',
        width: Number(f.getAttribute('data-width')),
        text: doc?.querySelector('main')?.textContent ?? '',
        overflow: doc ? Math.max(doc.documentElement.scrollWidth - doc.documentElement.clientWidth, widest - doc.documentElement.clientWidth) : 0,
      };
    }),
  );

describe('a deadline in the studio', () => {
  it('shows the date, not its key, in every preview frame and in the walk, and overflows no phone frame', async () => {
    const { page, errors, close } = await openStudio({ ...studio, url });
    try {
      await page.focus(`${AUTOMOTIVE} [data-node="page:start"]`);
      await page.keyboard.press('Enter');
      await page.waitForFunction(() => document.activeElement?.id === 'editor-heading');
      await page.waitForFunction(() => {
        const frames = Array.from(document.querySelectorAll<HTMLIFrameElement>('.preview iframe'));
        return frames.length === 4 && frames.every((f) => (f.contentDocument?.querySelector('main')?.textContent ?? '').includes('2027'));
      });
      const frames = await previewFrames(page);
      expect(frames.map((f) => `${f.culture}@${f.width}`)).toEqual(['en@375', 'en@1280', 'es@375', 'es@1280']);
      for (const frame of frames) {
        expect(frame.text, `${frame.culture}@${frame.width}`).toMatch(DEADLINE[frame.culture === 'es' ? 'es' : 'en']);
        expect(frame.text, `${frame.culture}@${frame.width}`).not.toContain('LocKey_');
        expect(frame.overflow, `${frame.culture}@${frame.width} draws wider than its frame`).toBeLessThanOrEqual(0);
      }
      await studioScreenshot(page, 'deadline-preview');

      // The walk draws the start page through the claimant renderer, the deadline with it.
      await page.getByRole('button', { name: 'Fixtures', exact: true }).click();
      await page.getByLabel('Form to walk').selectOption('flows/automotive.json');
      await page.getByRole('button', { name: 'Start the walk' }).click();
      const walk = page.frameLocator('iframe[data-walk-frame]');
      await walk.locator('#credentials-vin').waitFor();
      const walked = (await walk.locator('main').textContent()) ?? '';
      expect(walked).toMatch(DEADLINE.en);
      expect(walked).not.toContain('LocKey_');
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });
});
