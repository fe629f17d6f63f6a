import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { changedTexts, checkWith, readTexts, studioFiles } from '../../studio/server/folder';
import { renameField } from '../../studio/app/rename';
import { copySampleSettlement, type SettlementCopy } from './settlement-copy';

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
