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

/** The test name: the fixture's description, or its file name while it cannot be read. */
function nameOf(file: string): string {
  try {
    const { description } = JSON.parse(readFileSync(file, 'utf8')) as { description?: unknown };
    if (typeof description === 'string' && description !== '') return description;
  } catch {
    // An unreadable fixture still gets its test, which fails with the reason.
  }
  return path.basename(file);
}

describe('flow fixtures', () => {
  const files = fixtureFiles();

  it('are shipped', () => {
    expect(files.length).toBeGreaterThan(0);
  });

  for (const file of files) {
    it(nameOf(file), async () => {
      await runFixture(file);
    });
  }
});
