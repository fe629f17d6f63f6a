/**
 * Every flow fixture (tests/flows/, the fixtures/ of each test settlement and shipped template, or the folder
 * `npm run flows:test <folder> --browser` names) played in Chromium through the real app against
 * the real server, judged by the same judge as the headless run (tooling/fixtures/runner.ts): pages
 * visited, errors shown, and the stored submission's payload. One browser for the file and one
 * server per settlement; one test per fixture, named after its description.
 */
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { fixtureFiles, loadFixture, settlementDirOf, type LoadedFixture } from '../../tooling/fixtures/fixture';
import { runLoaded } from '../../tooling/fixtures/runner';
import { SETTLEMENT_TEMPLATES, TEMPLATES_DIR } from '../../studio/server/new-settlement';
import { browserPlayer, forRealServer, unplayable } from './fixture-player';
import { launchBrowser, startE2eServer, type E2eServer } from './harness';

/** The shipped templates' own fixtures too (a new settlement starts from one), unless a folder is named. */
const templateFixtures = (): string[] => (process.env.FLOW_FIXTURES ? [] : SETTLEMENT_TEMPLATES.flatMap((template) => fixtureFiles(path.join(TEMPLATES_DIR, template))));
const fixtures: LoadedFixture[] = [...new Set([...fixtureFiles(), ...templateFixtures()])].map((file) => loadFixture(file));
/** The settlement folder of a fixture ('' for the shipped one). */
const settlementOf = (loaded: LoadedFixture): string => settlementDirOf(loaded) ?? '';

describe('flow fixtures in the browser', () => {
  let browser: Browser;
  const servers = new Map<string, E2eServer>();
  const notes: string[] = [];

  beforeAll(async () => {
    const folders = [...new Set(fixtures.filter((f) => unplayable(f) === null).map(settlementOf))];
    const [launched, ...started] = await Promise.all([launchBrowser(), ...folders.map((dir) => startE2eServer(dir === '' ? {} : { from: dir }))]);
    browser = launched as Browser;
    folders.forEach((dir, i) => servers.set(dir, started[i] as E2eServer));
  });
  afterAll(async () => {
    await browser?.close();
    await Promise.all([...servers.values()].map((s) => s.stop()));
    if (notes.length > 0) console.info(`Answers not typed in the browser:\n  ${[...new Set(notes)].join('\n  ')}`);
  });

  for (const loaded of fixtures) {
    const reason = unplayable(loaded);
    if (reason !== null) {
      it.skip(`${loaded.fixture.description} (skipped: ${reason}, which the real server cannot reproduce)`, () => {});
      continue;
    }
    it(loaded.fixture.description, async () => {
      const server = servers.get(settlementOf(loaded)) as E2eServer;
      await runLoaded(forRealServer(loaded), browserPlayer({ browser, server, notes }));
    });
  }
});
