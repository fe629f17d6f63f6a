import { cpSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { changedTexts, checkWith, readTexts, studioFiles } from '../../studio/server/folder';
import { renameField } from '../../studio/app/rename';
import { fixtureFiles } from '../../tooling/fixtures/fixture';
import { runFixture } from '../../tooling/fixtures/runner';
import { copySampleSettlement, ROOT, type SettlementCopy } from './settlement-copy';

let copy: SettlementCopy;
beforeEach(() => {
  copy = copySampleSettlement();
});
afterEach(() => copy.cleanup());

const documents = () => {
  const files = studioFiles(copy.dir);
  const texts = readTexts(files);
  return { files, texts, docs: Object.fromEntries(files.map((f) => [f.id, JSON.parse(texts[f.id]!) as unknown])) };
};
/** Where a text occurs in a file's text, one entry per occurrence. */
const occurrences = (text: string, needle: string) => text.split(needle).length - 1;

describe('renaming a model field', () => {
  it("renames the field, its flow fields, the conditions and rules that read it and the summaries that list it, and the checker accepts the folder", () => {
    const { files, texts, docs } = documents();
    const renamed = renameField(docs, { formType: 'Automotive', model: 'ClaimDetails', from: 'isCurrentOwner', to: 'ownsVehicleNow' });
    const changed = changedTexts(files, texts, Object.fromEntries(['models.json', 'flows/automotive.json'].map((id) => [id, renamed[id]])));
    expect(occurrences(changed['models.json']!, 'isCurrentOwner')).toBe(0);
    expect(occurrences(changed['models.json']!, '"ownsVehicleNow"')).toBe(2);
    expect(occurrences(changed['flows/automotive.json']!, 'isCurrentOwner')).toBe(0);
    expect(occurrences(changed['flows/automotive.json']!, '"ownsVehicleNow"')).toBe(occurrences(texts['flows/automotive.json']!, '"isCurrentOwner"'));
    expect(checkWith(copy.dir, files, changed)).toEqual([]);
    // Another form's flows and a field of the same name elsewhere are left alone.
    expect(renamed['flows/exclusion.json']).toEqual(docs['flows/exclusion.json']);
  });

  it('renames a qualified reference (model.field) from another model and a skip rule, and leaves the other models of the form as they were', () => {
    const { files, texts, docs } = documents();
    const renamed = renameField(docs, { formType: 'Automotive', model: 'ClaimDetails', from: 'didIncurOutOfPocketExpensesPriorToSeptember', to: 'paidBeforeSeptember' });
    const flow = JSON.stringify(renamed['flows/automotive.json']);
    expect(flow).not.toContain('didIncurOutOfPocketExpensesPriorToSeptember');
    expect(flow).toContain('"scope":"claimDetails.paidBeforeSeptember"');
    const changed = changedTexts(files, texts, { 'models.json': renamed['models.json'], 'flows/automotive.json': renamed['flows/automotive.json'] });
    expect(checkWith(copy.dir, files, changed)).toEqual([]);
    const before = JSON.parse(readFileSync(path.join(copy.dir, 'models.json'), 'utf8')) as { models: Array<{ metadata: { formType: string; dtoMapping: string } }> };
    const after = renamed['models.json'] as typeof before;
    after.models.forEach((config, i) => {
      if (config.metadata.dtoMapping !== 'ClaimDetails' && !JSON.stringify(before.models[i]).includes('didIncurOutOfPocket')) expect(config).toEqual(before.models[i]);
    });
  });
});

describe('renaming a model field in a folder with flow fixtures', () => {
  /** The sample's Automotive fixtures (those that play the shipped settlement), copied into the folder's fixtures/. */
  const withFixtures = () => {
    const dir = path.join(copy.dir, 'fixtures');
    mkdirSync(dir);
    const names = readdirSync(path.join(ROOT, 'tests/flows')).filter((name) => {
      if (!name.endsWith('.fixture.json')) return false;
      const fixture = JSON.parse(readFileSync(path.join(ROOT, 'tests/flows', name), 'utf8')) as { formType: string; settlement?: string };
      return fixture.formType === 'Automotive' && fixture.settlement === undefined;
    });
    for (const name of names) cpSync(path.join(ROOT, 'tests/flows', name), path.join(dir, name));
    return names.map((name) => `fixtures/${name}`);
  };
  const renames = [
    { formType: 'Automotive', model: 'ClaimDetails', from: 'didIncurOutOfPocketExpensesPriorToSeptember', to: 'paidBeforeSeptember' },
    { formType: 'Automotive', model: 'ClaimTransactions', from: 'facilityName', to: 'repairShop' },
    { formType: 'Automotive', model: 'ClaimantInfo', from: 'lastName', to: 'familyName' },
  ];

  it('renames the answers, expected values, records, expected errors and expected payload that name the field, each as its own line, and the fixtures still pass', async () => {
    const ids = withFixtures();
    const { files, texts, docs } = documents();
    expect(files.filter((f) => f.kind === 'fixture').map((f) => f.id)).toEqual(ids);
    const renamed = renames.reduce(renameField, docs);
    const changed = changedTexts(files, texts, Object.fromEntries(Object.keys(docs).filter((id) => JSON.stringify(renamed[id]) !== JSON.stringify(docs[id])).map((id) => [id, renamed[id]])));
    const fixturesChanged = ids.filter((id) => changed[id] !== undefined);
    // Each fixture naming one of the fields changes, and only in those names: every other line stays as it was.
    expect(fixturesChanged).toEqual(ids.filter((id) => renames.some((r) => texts[id]!.includes(`"${r.from}"`))));
    expect(fixturesChanged.length).toBeGreaterThan(4);
    for (const id of fixturesChanged) {
      const expected = renames.reduce((text, r) => text.split(`"${r.from}"`).join(`"${r.to}"`), texts[id]!);
      expect(changed[id], id).toBe(expected);
    }
    // lastName's refusal on claimant-info is expected by its key, and the prefilled values by theirs.
    expect(changed['fixtures/automotive-wrong-answers.fixture.json']).toContain('"familyName": "Enter your last name"');
    expect(checkWith(copy.dir, files, changed)).toEqual([]);

    for (const [id, text] of Object.entries(changed)) writeFileSync(files.find((f) => f.id === id)!.absolutePath, text);
    const failures: string[] = [];
    expect(fixtureFiles(copy.dir)).toHaveLength(ids.length);
    for (const file of fixtureFiles(copy.dir)) await runFixture(file).catch((error: Error) => failures.push(error.message));
    expect(failures).toEqual([]);
  }, 120_000);

  it('refuses a fixture edit its schema rejects, naming the fixture, its line and JSON pointer', () => {
    withFixtures();
    const { files, texts, docs } = documents();
    const id = 'fixtures/automotive-expenses-true.fixture.json';
    const broken = { ...(docs[id] as object), steps: [] };
    const issues = checkWith(copy.dir, files, changedTexts(files, texts, { [id]: broken }));
    expect(issues).toEqual([expect.objectContaining({ file: id, pointer: '/steps', line: expect.any(Number) as number })]);
  });
});
