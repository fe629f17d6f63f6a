/** Where fixtures are found: tests/flows/ and a settlement's own fixtures/, whose settlement they play by default. */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURES_DIR, fixtureFiles, loadFixture, ROOT, settlementDirOf } from '../../tooling/fixtures/fixture';

const second = path.join(ROOT, 'tests', 'settlements', 'second');

describe('fixture files', () => {
  it('are those of tests/flows and of every test settlement\'s fixtures/', () => {
    const files = fixtureFiles(undefined);
    expect(files).toContain(path.join(FIXTURES_DIR, 'automotive-wrong-pin.fixture.json'));
    expect(files).toContain(path.join(second, 'fixtures', 'second-rebate-battery-replaced.fixture.json'));
  });

  it('of a settlement folder are its fixtures/, and they play that settlement without naming it', () => {
    const files = fixtureFiles(second);
    expect(files.map((f) => path.basename(f))).toEqual(['second-exclusion-opt-out.fixture.json', 'second-rebate-battery-replaced.fixture.json', 'second-rebate-no-replacement.fixture.json']);
    const loaded = loadFixture(files[0]!);
    expect(loaded.fixture.settlement).toBeUndefined();
    expect(settlementDirOf(loaded)).toBe(second);
  });

  it('of a settlement folder include those of tests/flows that play it (`npm run flows:test <folder>`)', () => {
    const recordRules = fixtureFiles(path.join(ROOT, 'tests', 'settlements', 'record-rules')).map((f) => path.basename(f));
    expect(recordRules).toEqual(['record-rules-dependency-minimum.fixture.json', 'record-rules-none-apply.fixture.json']);
    const sample = fixtureFiles(path.join(ROOT, 'server-fixtures')).map((f) => path.basename(f));
    expect(sample).toContain('automotive-wrong-pin.fixture.json');
    expect(sample).not.toContain('record-rules-none-apply.fixture.json');
  });

  it('of tests/flows play the shipped settlement unless they name one', () => {
    const wrongPin = loadFixture(path.join(FIXTURES_DIR, 'automotive-wrong-pin.fixture.json'));
    expect(settlementDirOf(wrongPin)).toBeNull();
    const recordRules = loadFixture(path.join(FIXTURES_DIR, 'record-rules-none-apply.fixture.json'));
    expect(settlementDirOf(recordRules)).toBe(path.join(ROOT, 'tests', 'settlements', 'record-rules'));
  });
});
