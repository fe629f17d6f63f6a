/**
 * Every flow fixture (tests/flows/, the fixtures/ of each test settlement, or the folder
 * `npm run flows:test <folder>` names), played headlessly through the real form
 * machine: one test per fixture, named after its description. How to write one:
 * docs/testing-flows.md.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixtureFiles } from '../../tooling/fixtures/fixture';
import { runFixture } from '../../tooling/fixtures/runner';

/** The test name: the fixture's description, or its file name while it cannot be read; and whether it goes on after Submit. */
function aboutOf(file: string): { name: string; afterSubmit: boolean } {
  try {
    const { description, afterSubmit } = JSON.parse(readFileSync(file, 'utf8')) as { description?: unknown; afterSubmit?: unknown };
    if (typeof description === 'string' && description !== '') return { name: description, afterSubmit: afterSubmit !== undefined };
  } catch {
    // An unreadable fixture still gets its test, which fails with the reason.
  }
  return { name: path.basename(file), afterSubmit: false };
}

/** A fixture that goes on after Submit starts the real server in this process (its database, its migrations). */
const AFTER_SUBMIT_TIMEOUT_MS = 60_000;

describe('flow fixtures', () => {
  const files = fixtureFiles();

  it('are shipped', () => {
    expect(files.length).toBeGreaterThan(0);
  });

  for (const file of files) {
    const { name, afterSubmit } = aboutOf(file);
    it(name, async () => {
      await runFixture(file);
    }, afterSubmit ? AFTER_SUBMIT_TIMEOUT_MS : undefined);
  }
});
