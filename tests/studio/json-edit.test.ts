import { describe, expect, it } from 'vitest';
import { changedPaths, editJsonText } from '../../studio/server/json-edit';

const FLOW = `{
  "$schema": "../schemas/flow.schema.json",
  "version": 1,
  "pages": [
    {
      "id": "start",
      "titleKey": "LocKey_Start_Title",
      "skipWhen": { "scope": "owner", "schema": { "const": "true" } },
      "blocks": [1, 2, 3]
    }
  ]
}
`;

const changedLines = (before: string, after: string) => {
  const a = before.split('\n');
  const b = after.split('\n');
  return { removed: a.filter((line) => !b.includes(line)), added: b.filter((line) => !a.includes(line)) };
};

describe('writing an edited JSON value back into its file', () => {
  it('renames a property where it stands, its value and an inline object around it untouched', () => {
    const text = '{\n  "answers": { "claimDetails": { "isCurrentOwner": "true", "acquisitionDate": "05/12/2016" } },\n  "b": [1]\n}\n';
    const after = editJsonText(text, { answers: { claimDetails: { ownsVehicleNow: 'true', acquisitionDate: '05/12/2016' } }, b: [1] });
    expect(after).toBe(text.replace('"isCurrentOwner"', '"ownsVehicleNow"'));
    // A renamed property whose value changed too is renamed, then its value edited in place.
    const both = editJsonText(text, { answers: { claimDetails: { ownsVehicleNow: 'false', acquisitionDate: '05/12/2016' } }, b: [1] });
    expect(both).toBe(text.replace('"isCurrentOwner": "true"', '"ownsVehicleNow": "false"'));
  });

  it('changes only the lines of the values that changed, keeping $schema, key order and the inline formatting around them', () => {
    const json = JSON.parse(FLOW) as { pages: Array<Record<string, unknown> & { skipWhen: { schema: { const: string } } }> };
    json.pages[0]!.titleKey = 'LocKey_Start_Heading';
    json.pages[0]!.skipWhen.schema.const = 'false';
    const after = editJsonText(FLOW, json);
    expect(changedLines(FLOW, after)).toEqual({
      removed: ['      "titleKey": "LocKey_Start_Title",', '      "skipWhen": { "scope": "owner", "schema": { "const": "true" } },'],
      added: ['      "titleKey": "LocKey_Start_Heading",', '      "skipWhen": { "scope": "owner", "schema": { "const": "false" } },'],
    });
    expect(after.startsWith('{\n  "$schema": "../schemas/flow.schema.json",\n  "version": 1,')).toBe(true);
    expect(JSON.parse(after)).toEqual(json);
  });

  it('puts a new property after the one it follows in the edited value, and removes a property with its line only', () => {
    const json = JSON.parse(FLOW) as { pages: Array<Record<string, unknown>> };
    const { skipWhen: _skip, ...page } = json.pages[0]!;
    json.pages[0] = { id: page.id, path: '/start', titleKey: page.titleKey, blocks: page.blocks };
    const after = editJsonText(FLOW, json);
    expect(Object.keys((JSON.parse(after) as typeof json).pages[0]!)).toEqual(['id', 'path', 'titleKey', 'blocks']);
    const { removed, added } = changedLines(FLOW, after);
    expect(removed).toEqual(['      "skipWhen": { "scope": "owner", "schema": { "const": "true" } },']);
    expect(added).toEqual(['      "path": "/start",']);
  });

  it('keeps tabs and CRLF line ends, and places a new locale key where npm run locales:add would', () => {
    const locale = '{\r\n\t"$schema": "../schemas/locale.schema.json",\r\n\t"LocKey_A_One": "One",\r\n\t"LocKey_C_Three": "Three"\r\n}\r\n';
    const after = editJsonText(locale, { $schema: '../schemas/locale.schema.json', LocKey_A_One: 'One', LocKey_C_Three: 'Three', LocKey_B_Two: 'Two' }, { localeFile: true });
    expect(after).toBe('{\r\n\t"$schema": "../schemas/locale.schema.json",\r\n\t"LocKey_A_One": "One",\r\n\t"LocKey_B_Two": "Two",\r\n\t"LocKey_C_Three": "Three"\r\n}\r\n');
  });

  it('leaves a file byte for byte as it was when the value did not change', () => {
    expect(editJsonText(FLOW, JSON.parse(FLOW))).toBe(FLOW);
    expect(changedPaths({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] })).toEqual([]);
  });

  it('names each changed member of an array, an added item as an insertion where it goes, a removed one as a removal, a moved one as both', () => {
    expect(changedPaths({ a: [1, 2, 3] }, { a: [1, 5, 3] })).toEqual([{ path: ['a', 1], value: 5 }]);
    expect(changedPaths({ a: [1, 2, 3] }, { a: [1, 3] })).toEqual([{ path: ['a', 1], value: undefined }]);
    expect(changedPaths({ a: [1, 3] }, { a: [1, 2, 3] })).toEqual([{ path: ['a', 1], value: 2, insert: true }]);
    expect(changedPaths({ a: [1, 2, 3] }, { a: [2, 3, 1] })).toEqual([
      { path: ['a', 0], value: undefined },
      { path: ['a', 2], value: 1, insert: true },
    ]);
    // An item edited while another is added: the edit stays an edit of its members.
    expect(changedPaths({ a: [{ k: 1 }, { k: 2 }] }, { a: [{ k: 1, l: 0 }, { k: 2 }, { k: 3 }] })).toEqual([
      { path: ['a', 0, 'l'], value: 0 },
      { path: ['a', 2], value: { k: 3 }, insert: true },
    ]);
  });

  it('inserts, removes and moves array items with their own lines only, laid out like their neighbours', () => {
    const text = `{
  "blocks": [
    { "block": "header" },
    {
      "block": "copy",
      "paragraphs": ["LocKey_A", "LocKey_B"]
    }
  ]
}
`;
    const json = JSON.parse(text) as { blocks: Array<{ block: string; paragraphs?: string[] }> };
    const added = structuredClone(json);
    added.blocks.splice(1, 0, { block: 'captcha' });
    added.blocks[2]!.paragraphs!.push('LocKey_C');
    const inserted = editJsonText(text, added);
    expect(inserted).toBe(`{
  "blocks": [
    { "block": "header" },
    {
      "block": "captcha"
    },
    {
      "block": "copy",
      "paragraphs": ["LocKey_A", "LocKey_B", "LocKey_C"]
    }
  ]
}
`);
    expect(editJsonText(inserted, json)).toBe(text);
    const moved = structuredClone(json);
    moved.blocks.reverse();
    const movedText = editJsonText(text, moved);
    expect(JSON.parse(movedText)).toEqual(moved);
    // The header moves below the copy block, which keeps its lines.
    expect(movedText).toBe(`{
  "blocks": [
    {
      "block": "copy",
      "paragraphs": ["LocKey_A", "LocKey_B"]
    },
    {
      "block": "header"
    }
  ]
}
`);
    const emptied = editJsonText(text, { blocks: [] });
    expect(emptied).toBe('{\n  "blocks": []\n}\n');
    expect(editJsonText(emptied, { blocks: [{ block: 'captcha' }] })).toBe('{\n  "blocks": [\n    {\n      "block": "captcha"\n    }\n  ]\n}\n');
  });
});
