/**
 * Every flow fixture (tests/flows/, the fixtures/ of each test settlement, or the folder
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
import { browserPlayer, forRealServer, unplayable } from './fixture-player';
import { launchBrowser, startE2eServer, type E2eServer } from './harness';

/** Fixtures the browser cannot play as written (file name -> why). */
const NOT_IN_BROWSER: Record<string, string> = {
  // Not understood yet: played by the browser player, the typed repair of step 4 is missing from the stored claim, while
  // the same steps typed in Chromium store it (tests/e2e/typed-records.test.ts) and the headless player passes.
  'automotive-unsaved-record.fixture.json': 'the browser player loses the repair typed in step 4; the same path is checked in tests/e2e/typed-records.test.ts',
  // The browser player fills a new draft for each record; continuing one left open ("$continue") is played by the
  // headless player, and a walk recording it is played in Chromium by tests/e2e/studio-fixtures.test.ts.
  'automotive-continue-open-record.fixture.json': 'the browser player does not continue an open record ("$continue") yet',
  'second-rebate-no-replacement.fixture.json': 'the odometer field\'s numeric mask drops the letter of "12a" as it is typed, so the invalid answer cannot be entered',
};

const fixtures: LoadedFixture[] = fixtureFiles().map((file) => loadFixture(file));
/** The settlement folder of a fixture ('' for the shipped one). */
const settlementOf = (loaded: LoadedFixture): string => settlementDirOf(loaded) ?? '';

describe('flow fixtures in the browser', () => {
  let browser: Browser;
  const servers = new Map<string, E2eServer>();
  const notes: string[] = [];

  beforeAll(async () => {
    const folders = [...new Set(fixtures.filter((f) => unplayable(f) === null && NOT_IN_BROWSER[path.basename(f.file)] === undefined).map(settlementOf))];
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
    const known = NOT_IN_BROWSER[path.basename(loaded.file)];
    if (known !== undefined) {
      it.skip(`${loaded.fixture.description} (skipped: ${known})`, () => {});
      continue;
    }
    it(loaded.fixture.description, async () => {
      const server = servers.get(settlementOf(loaded)) as E2eServer;
      await runLoaded(forRealServer(loaded), browserPlayer({ browser, server, notes }));
    });
  }
});
