import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { addLocaleKey } from '../../../tooling/locales/add-key';
import { copySettlementFolder } from '../../../settlement/read';

const repo = (p: string) => new URL(`../../../${p}`, import.meta.url).pathname;
const made: string[] = [];

function folderWithLocales(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'locales-add-'));
  made.push(dir);
  const settlement = mkdtempSync(path.join(tmpdir(), 'locales-settlement-'));
  made.push(settlement);
  copySettlementFolder(repo('tests/settlements/second'), settlement);
  cpSync(path.join(settlement, 'locales'), path.join(dir, 'locales'), { recursive: true });
  return dir;
}

const read = (dir: string, culture: string) => readFileSync(path.join(dir, 'locales', `${culture}.json`), 'utf8');

afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('locales:add', () => {
  it('adds a key to every locale in its sorted place, changing nothing else', () => {
    const dir = folderWithLocales();
    const before = { en: read(dir, 'en'), es: read(dir, 'es') };
    const result = addLocaleKey(dir, 'LocKey_Button_Zoom', { en: 'Zoom in', es: 'Ampliar' });
    expect(result.added.map((f) => path.basename(f))).toEqual(['en.json', 'es.json']);
    for (const [culture, text] of [['en', 'Zoom in'], ['es', 'Ampliar']] as const) {
      const after = read(dir, culture);
      const added = after.split('\n').filter((line) => !before[culture].split('\n').includes(line));
      expect(added).toEqual([`  "LocKey_Button_Zoom": "${text}",`]);
      expect(after.split('\n').filter((line) => line !== added[0]).join('\n')).toBe(before[culture]);
      // Right after the last Button key.
      const keys = Object.keys(JSON.parse(after) as object);
      const at = keys.indexOf('LocKey_Button_Zoom');
      expect(keys[at - 1]).toMatch(/^LocKey_Button_/);
      expect(keys[at + 1]).not.toMatch(/^LocKey_Button_/);
    }
  });

  it('after the last key of its area in a file that is not sorted', () => {
    const dir = folderWithLocales();
    for (const culture of ['en', 'es']) writeFileSync(path.join(dir, 'locales', `${culture}.json`), '{\n    "LocKey_B_One": "1",\n    "LocKey_A_One": "a",\n    "LocKey_C_One": "c"\n}\n');
    addLocaleKey(dir, 'LocKey_B_Two', { en: '2', es: 'dos' });
    expect(read(dir, 'es')).toBe('{\n    "LocKey_B_One": "1",\n    "LocKey_B_Two": "dos",\n    "LocKey_A_One": "a",\n    "LocKey_C_One": "c"\n}\n');
  });

  it('writes nothing when a culture lacks its text, and leaves a file that has the key', () => {
    const dir = folderWithLocales();
    const before = read(dir, 'en');
    expect(() => addLocaleKey(dir, 'LocKey_Button_Zoom', { en: 'Zoom in' })).toThrow('give the text of LocKey_Button_Zoom for --es');
    expect(read(dir, 'en')).toBe(before);
    expect(() => addLocaleKey(dir, 'Zoom', { en: 'x', es: 'y' })).toThrow(/is not a localization key/);
    const present = addLocaleKey(dir, 'LocKey_Button_Back', {});
    expect(present).toEqual({ added: [], present: [path.join(dir, 'locales', 'en.json'), path.join(dir, 'locales', 'es.json')] });
  });
});
