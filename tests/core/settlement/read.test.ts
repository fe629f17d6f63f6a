/**
 * The settlement reader (settlement/read.ts): the repository's flows/ and locales/ for a folder
 * without its own; `extends` applying each JSON file as a JSON Merge Patch (RFC 7386, and named
 * items — pages, blocks, fields, models — patched by name), other files
 * replacing, chains, and the problems of a cycle, a missing folder or a broken file, each naming
 * its file and JSON pointer; and the checker naming the file an inherited value came from.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_FLOWS_DIR, DEFAULT_LOCALES_DIR, SAMPLE_SETTLEMENT_DIR } from '../../../settlement/files';
import { applyMergePatch, mergePatchBetween } from '../../../settlement/merge-patch';
import { filesIn, originOf, readSettlementFolder } from '../../../settlement/read';
import { checkFolder } from '../../../tooling/flow/check-folder';

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A temporary tree of folders: { 'a/settings.json': {...} } (objects written as JSON, strings as they are). */
function tree(files: Record<string, unknown>): string {
  const root = mkdtempSync(path.join(tmpdir(), 'settlement-read-'));
  made.push(root);
  for (const [name, content] of Object.entries(files)) {
    const file = path.join(root, name);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, typeof content === 'string' ? content : `${JSON.stringify(content, null, 2)}\n`);
  }
  return root;
}

const page = (id: string, titleKey = `LocKey_${id}`) => ({ id, path: `/${id}`, titleKey });
const model = (formType: string, dtoMapping: string, fields: Record<string, unknown> = {}) => ({ metadata: { formType, dtoMapping }, fields });

describe('JSON Merge Patch (RFC 7386)', () => {
  it('merges objects, deletes members patched with null, replaces arrays and scalars whole', () => {
    const target = { a: { b: 1, c: [1, 2, 3], d: 'x' }, e: true };
    expect(applyMergePatch(target, { a: { b: null, c: [9], f: { g: 1 } }, e: 'no' })).toEqual({ a: { c: [9], d: 'x', f: { g: 1 } }, e: 'no' });
    expect(target).toEqual({ a: { b: 1, c: [1, 2, 3], d: 'x' }, e: true });
    expect(applyMergePatch({ a: 1 }, [1])).toEqual([1]);
  });

  it('gives the patch from one value to another, which applied gives the other back', () => {
    const before = { a: { b: 1, c: [1, 2] }, d: 'x', e: 1 };
    const after = { a: { b: 2, c: [1, 2] }, d: 'x', f: [3] };
    const patch = mergePatchBetween(before, after);
    expect(patch).toEqual({ a: { b: 2 }, e: null, f: [3] });
    expect(applyMergePatch(before, patch)).toEqual(after);
    expect(mergePatchBetween(before, before)).toBeUndefined();
  });

  it('patches an array of named items by name when the patch is an object: pages by id, models by formType/dtoMapping', () => {
    const pages = [page('start'), page('contact'), page('review')];
    // null removes, an object patches, an item the array lacks goes after the one named before it.
    expect(applyMergePatch(pages, { contact: null, start: { titleKey: 'LocKey_Begin' }, vehicle: page('vehicle') })).toEqual([
      { ...page('start'), titleKey: 'LocKey_Begin' },
      page('vehicle'),
      page('review'),
    ]);
    // An item added by the first member goes first; `{}` names an item without changing it.
    expect(applyMergePatch(pages, { intro: page('intro'), review: {}, thanks: page('thanks') })).toEqual([page('intro'), ...pages, page('thanks')]);
    const models = [model('Automotive', 'Credentials', { vin: { dataType: 'string' } }), model('Automotive', 'Signature', { signature: { dataType: 'string' }, attestation: { dataType: 'boolean' } })];
    expect(applyMergePatch({ models }, { models: { 'Automotive/Signature': { fields: { attestation: null } } } })).toEqual({
      models: [models[0], model('Automotive', 'Signature', { signature: { dataType: 'string' } })],
    });
    // An array patch still replaces whole.
    expect(applyMergePatch(pages, [page('only')])).toEqual([page('only')]);
  });

  it('patches a page\'s blocks by id and a block\'s fields by key, leaving the blocks without an id where they are', () => {
    const field = (key: string, label = `LocKey_${key}`) => ({ key, widget: 'text', label });
    const blocks = [
      { block: 'header', element: 'h1', textKey: 'LocKey_Title' },
      { id: 'intro', block: 'copy', paragraphs: ['LocKey_Intro'] },
      { id: 'credentials', block: 'model', model: 'Credentials', fields: [field('vin'), field('noticeId'), field('pin')] },
      { block: 'captcha' },
    ];
    const patch = { intro: null, credentials: { fields: { vin: { label: 'LocKey_Vehicle' }, noticeId: null, zip: field('zip') } } };
    expect(applyMergePatch(blocks, patch)).toEqual([
      blocks[0],
      { id: 'credentials', block: 'model', model: 'Credentials', fields: [field('vin', 'LocKey_Vehicle'), field('zip'), field('pin')] },
      blocks[3],
    ]);
    // The patch back by name, the unnamed blocks left out.
    const after = applyMergePatch(blocks, patch);
    expect(mergePatchBetween(blocks, after)).toEqual({ intro: null, credentials: { fields: { noticeId: null, vin: { label: 'LocKey_Vehicle' }, zip: field('zip') } } });
    // A changed block without an id cannot be named: the array is written whole.
    const retitled = [{ ...blocks[0], textKey: 'LocKey_Other' }, ...blocks.slice(1)];
    expect(mergePatchBetween(blocks, retitled)).toEqual(retitled);
  });

  it('tells of each member naming an item the array does not have, at its path in the patch, and leaves the array as it was there', () => {
    const blocks = [{ id: 'intro', block: 'copy', paragraphs: ['LocKey_Intro'] }];
    const told: unknown[] = [];
    const merged = applyMergePatch({ pages: [{ id: 'start', blocks }] }, { pages: { start: { blocks: { intor: { paragraphs: [] }, outro: null } } } }, (u) => told.push(u));
    expect(merged).toEqual({ pages: [{ id: 'start', blocks }] });
    expect(told).toEqual([
      { path: ['pages', 'start', 'blocks', 'intor'], name: 'intor', removing: false },
      { path: ['pages', 'start', 'blocks', 'outro'], name: 'outro', removing: true },
    ]);
  });

  it('gives the patch between two arrays of named items by name when that is shorter, and the whole array when the items kept change order', () => {
    const before = { pages: [page('start'), page('contact'), page('review'), page('done')] };
    const after = { pages: [page('start'), page('vehicle'), { ...page('review'), titleKey: 'LocKey_Check' }, page('done')] };
    const patch = mergePatchBetween(before, after);
    expect(patch).toEqual({ pages: { contact: null, start: {}, vehicle: page('vehicle'), review: { titleKey: 'LocKey_Check' } } });
    expect(applyMergePatch(before, patch)).toEqual(after);
    const reordered = { pages: [page('review'), page('start'), page('contact'), page('done')] };
    expect(mergePatchBetween(before, reordered)).toEqual(reordered);
    expect(mergePatchBetween(before, { pages: [page('start'), page('contact'), page('review'), page('done')] })).toBeUndefined();
  });
});

describe('readSettlementFolder', () => {
  it('takes the repository\'s flows/ and locales/ for a folder without its own', () => {
    const root = tree({ 'a/models.json': { models: [] } });
    const folder = readSettlementFolder(path.join(root, 'a'));
    expect(folder.problems).toEqual([]);
    expect(folder.flowsDir).toBe(DEFAULT_FLOWS_DIR);
    expect(folder.localesDir).toBe(DEFAULT_LOCALES_DIR);
    expect(filesIn(folder, 'flows').map((f) => f.path)).toContain(path.join(DEFAULT_FLOWS_DIR, 'automotive.json'));
    expect(filesIn(folder, 'locales').map((f) => f.name)).toEqual(['locales/en.json', 'locales/es.json']);
    expect(folder.files.get('models.json')?.path).toBe(path.join(root, 'a', 'models.json'));
  });

  it('applies each JSON file of an extending folder to its parent\'s as a merge patch; a CSV replaces; absent files are the parent\'s', () => {
    const root = tree({
      'parent/settings.json': { theme: 'ftc', client: { minSessionDuration: 30 }, uploads: { maxFiles: 5, maxFileBytes: 100 } },
      'parent/whitelist.json': { allowedCharacters: ['abc', 'def'] },
      'parent/class-members.csv': 'noticeId,pin\nA,1\n',
      'child/settlement.json': { extends: '../parent' },
      'child/settings.json': { theme: 'kontent', uploads: { maxFiles: null } },
      'child/whitelist.json': { allowedCharacters: ['xyz'] },
      'child/class-members.csv': 'noticeId,pin\nB,2\n',
    });
    const folder = readSettlementFolder(path.join(root, 'child'));
    expect(folder.problems).toEqual([]);
    expect(folder.extended).toEqual([path.join(root, 'child', '../parent')]);
    expect(folder.files.get('settings.json')?.json).toEqual({ theme: 'kontent', client: { minSessionDuration: 30 }, uploads: { maxFileBytes: 100 } });
    // An array is replaced whole.
    expect(folder.files.get('whitelist.json')?.json).toEqual({ allowedCharacters: ['xyz'] });
    expect(folder.files.get('class-members.csv')?.text).toBe('noticeId,pin\nB,2\n');
    // The parent's flows (the repository's) come along.
    expect(filesIn(folder, 'flows').length).toBeGreaterThan(0);
    const settings = folder.files.get('settings.json');
    expect(settings?.layers.map((l) => path.relative(root, l.file))).toEqual(['parent/settings.json', 'child/settings.json']);
    expect(settings && path.relative(root, originOf(settings, '/theme').file)).toBe('child/settings.json');
    expect(settings && path.relative(root, originOf(settings, '/client/minSessionDuration').file)).toBe('parent/settings.json');
  });

  it('names the file and the place in it that wrote a value of a named array, patched by name or inherited at another index', () => {
    const root = tree({
      'parent/models.json': { models: [model('Claim', 'Credentials', { claimId: { dataType: 'string' } }), model('Claim', 'Signature', { signature: { dataType: 'string' } })] },
      'child/settlement.json': { extends: '../parent' },
      'child/models.json': { models: { 'Claim/Credentials': null, 'Claim/Signature': { fields: { attestation: { dataType: 'boolean' } } } } },
    });
    const models = readSettlementFolder(path.join(root, 'child')).files.get('models.json');
    expect(models?.json).toEqual({ models: [model('Claim', 'Signature', { signature: { dataType: 'string' }, attestation: { dataType: 'boolean' } })] });
    const origin = (pointer: string) => {
      const found = models && originOf(models, pointer);
      return found && { file: path.relative(root, found.file), pointer: found.pointer };
    };
    expect(origin('/models/0/fields/attestation')).toEqual({ file: 'child/models.json', pointer: '/models/Claim~1Signature/fields/attestation' });
    expect(origin('/models/0/fields/signature')).toEqual({ file: 'parent/models.json', pointer: '/models/1/fields/signature' });
  });

  it('names the patch that renamed an item (its id or metadata) as the file that wrote the renamed item\'s own values', () => {
    const root = tree({
      'parent/models.json': { models: [model('Automotive', 'Signature', { signature: { dataType: 'string' } })] },
      'child/settlement.json': { extends: '../parent' },
      'child/models.json': { models: { 'Automotive/Signature': { metadata: { formType: 'Claim' }, fields: { attestation: { dataType: 'boolean' } } } } },
    });
    const models = readSettlementFolder(path.join(root, 'child')).files.get('models.json');
    expect(models?.json).toEqual({ models: [model('Claim', 'Signature', { signature: { dataType: 'string' }, attestation: { dataType: 'boolean' } })] });
    const found = models && originOf(models, '/models/0/fields/attestation');
    expect(found && { file: path.relative(root, found.file), pointer: found.pointer }).toEqual({ file: 'child/models.json', pointer: '/models/Automotive~1Signature/fields/attestation' });
  });

  it('refuses a patch naming a block or a field the extended file does not have, at the patch\'s file, line and pointer', () => {
    const root = tree({
      'child/settlement.json': { extends: SAMPLE_SETTLEMENT_DIR },
      'child/flows/automotive.json': { pages: { start: { blocks: { intro: null, credentals: { legendKey: 'LocKey_Credentials_Legend' }, credentials: { fields: { zip: null } } } } } },
    });
    const folder = readSettlementFolder(path.join(root, 'child'));
    const file = path.join(root, 'child', 'flows', 'automotive.json');
    expect(folder.problems).toEqual([
      expect.objectContaining({ file, pointer: '/pages/start/blocks/credentals', line: 6, message: 'patches "credentals", which the extended folder\'s file does not have' }),
      expect.objectContaining({ file, pointer: '/pages/start/blocks/credentials/fields/zip', line: 11, message: 'removes "zip", which the extended folder\'s file does not have' }),
    ]);
    // The checker reports them with the folder's other problems.
    expect(checkFolder(folder).issues).toContainEqual(expect.objectContaining({ file, pointer: '/pages/start/blocks/credentals' }));
  });

  it('follows a chain of folders, the nearest patch last; a file holding null removes the parent\'s', () => {
    const root = tree({
      'a/settings.json': { theme: 'default', client: { minSessionDuration: 30 } },
      'a/site.json': { languages: [] },
      'b/settlement.json': { extends: '../a' },
      'b/settings.json': { client: { minSessionDuration: 20 }, analyticsTagId: 'G-1' },
      'c/settlement.json': { extends: '../b' },
      'c/settings.json': { analyticsTagId: null },
      'c/site.json': 'null\n',
    });
    const folder = readSettlementFolder(path.join(root, 'c'));
    expect(folder.problems).toEqual([]);
    expect(folder.extended.map((d) => path.relative(root, d))).toEqual(['b', 'a']);
    expect(folder.files.get('settings.json')?.json).toEqual({ theme: 'default', client: { minSessionDuration: 20 } });
    expect(folder.files.has('site.json')).toBe(false);
  });

  it('refuses a cycle, naming the settlement.json files in it', () => {
    const root = tree({ 'a/settlement.json': { extends: '../b' }, 'b/settlement.json': { extends: '../a' } });
    const { problems } = readSettlementFolder(path.join(root, 'a'));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ file: path.join(root, 'b', 'settlement.json'), pointer: '/extends', message: expect.stringContaining('cycle') });
    expect(problems[0]?.message).toContain(`${path.join('a', 'settlement.json')} → `);
    expect(problems[0]?.message).toContain(path.join('b', 'settlement.json'));
  });

  it('refuses a folder extended that is not there, at settlement.json /extends', () => {
    const root = tree({ 'a/settlement.json': { extends: '../nowhere' } });
    expect(readSettlementFolder(path.join(root, 'a')).problems).toEqual([
      expect.objectContaining({ file: path.join(root, 'a', 'settlement.json'), pointer: '/extends', line: 2, message: expect.stringContaining('nowhere') }),
    ]);
  });

  it('names a broken patch file at its line and column, and an extends that is no folder name at its pointer', () => {
    const root = tree({
      'p/settings.json': { theme: 'ftc' },
      'c/settlement.json': { extends: '../p' },
      'c/settings.json': '{\n  "theme": \n}\n',
      'd/settlement.json': { extends: 3 },
    });
    const broken = readSettlementFolder(path.join(root, 'c')).files.get('settings.json');
    expect(broken?.parsed).toBe(false);
    expect(broken?.errors).toEqual([expect.objectContaining({ file: path.join(root, 'c', 'settings.json'), pointer: '', line: 3, column: 1 })]);
    expect(readSettlementFolder(path.join(root, 'd')).problems).toEqual([expect.objectContaining({ file: path.join(root, 'd', 'settlement.json'), pointer: '/extends' })]);
  });
});

describe('checking a folder that extends the sample', () => {
  it('passes with nothing of its own, and names the file a wrong value came from', () => {
    const root = tree({ 'ok/settlement.json': { extends: SAMPLE_SETTLEMENT_DIR } });
    expect(checkFolder(readSettlementFolder(path.join(root, 'ok'))).issues).toEqual([]);

    const wrong = tree({
      'child/settlement.json': { extends: SAMPLE_SETTLEMENT_DIR },
      // A patch that is right itself, but leaves the merged whitelist with nothing allowed.
      'child/whitelist.json': { allowedCharacters: [] },
      'child/settings.json': { theme: 'dark' },
    });
    const issues = checkFolder(readSettlementFolder(path.join(wrong, 'child'))).issues;
    expect(issues).toContainEqual(expect.objectContaining({ file: path.join(wrong, 'child', 'whitelist.json'), pointer: '/allowedCharacters', line: 2 }));
    expect(issues).toContainEqual(expect.objectContaining({ file: path.join(wrong, 'child', 'settings.json'), pointer: '/theme', line: 2 }));
  });

  it('names the line of a model patched by name that the merged models refuse', () => {
    const root = tree({
      'child/settlement.json': { extends: SAMPLE_SETTLEMENT_DIR },
      'child/models.json': { models: { 'Automotive/ClaimDetails': { fields: { ownershipType: { validations: [{ type: 'requird' }] } } } } },
    });
    const issues = checkFolder(readSettlementFolder(path.join(root, 'child'))).issues;
    const refused = issues.find((i) => i.pointer.endsWith('/fields/ownershipType/validations/0/type'));
    expect(refused).toMatchObject({ file: path.join(root, 'child', 'models.json'), line: 8 });
  });

  it('names the extended folder\'s file for a problem in a value the folder inherits', () => {
    const root = tree({
      'base/settings.json': { theme: 'default', client: { minSessionDuration: 'long' } },
      'child/settlement.json': { extends: '../base' },
      'child/settings.json': { theme: 'ftc' },
    });
    const folder = readSettlementFolder(path.join(root, 'child'));
    const issue = checkFolder(folder).issues.find((i) => i.pointer === '/client/minSessionDuration');
    expect(issue).toMatchObject({ file: path.join(root, 'base', 'settings.json'), line: 4 });
    expect(issue?.hint).toContain('inherited');
  });
});
