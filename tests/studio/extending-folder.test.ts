/**
 * The studio over a folder that extends another (settlement.json `extends`): it shows each file
 * merged with the files it was made from, checks the merged result, and saves a change as the
 * merge patch from the extended folder's file, so the folder keeps holding only what differs.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildStudioServer } from '../../studio/server/app';
import { copySampleSettlement, type SettlementCopy } from './settlement-copy';

interface Folder {
  extended: string[];
  files: Array<{ id: string; kind: string; path: string; from: string[]; json: Record<string, unknown> }>;
  issues: Array<{ file: string; pointer: string; message: string }>;
}

let parent: SettlementCopy;
let child: string;
let appDir: string;
let app: FastifyInstance;

beforeEach(async () => {
  parent = copySampleSettlement();
  child = mkdtempSync(path.join(tmpdir(), 'studio-extending-'));
  writeFileSync(path.join(child, 'settlement.json'), JSON.stringify({ extends: parent.dir }));
  writeFileSync(path.join(child, 'settings.json'), `${JSON.stringify({ theme: 'ftc' }, null, 2)}\n`);
  mkdirSync(path.join(child, 'locales'));
  writeFileSync(path.join(child, 'locales', 'en.json'), `${JSON.stringify({ LocKey_Button_Next: 'Onward' }, null, 2)}\n`);
  appDir = mkdtempSync(path.join(tmpdir(), 'studio-app-'));
  writeFileSync(path.join(appDir, 'index.html'), '<!doctype html><title>studio</title>');
  app = await buildStudioServer({ folder: child, appDir, debounceMs: 10 });
});

afterEach(async () => {
  await app.close();
  parent.cleanup();
  rmSync(child, { recursive: true, force: true });
  rmSync(appDir, { recursive: true, force: true });
});

const folder = async () => (await app.inject({ method: 'GET', url: '/api/folder' })).json<Folder>();
const save = (changes: Record<string, unknown>) => app.inject({ method: 'POST', url: '/api/save', payload: { changes } });
const fileOf = (f: Folder, id: string) => f.files.find((file) => file.id === id);
const readJson = (file: string): unknown => JSON.parse(readFileSync(file, 'utf8'));
const relative = (file: string) => path.relative(process.cwd(), file);

describe('the studio over a folder that extends another', () => {
  it('shows every file merged, with the files each was made from, and the checker finding nothing', async () => {
    const f = await folder();
    expect(f.issues).toEqual([]);
    expect(f.extended).toEqual([relative(parent.dir)]);
    const settings = fileOf(f, 'settings.json');
    expect(settings?.json).toMatchObject({ theme: 'ftc', client: { minSessionDuration: expect.any(Number) } });
    expect(settings?.from).toEqual([relative(path.join(parent.dir, 'settings.json')), relative(path.join(child, 'settings.json'))]);
    expect(fileOf(f, 'locales/en.json')?.json).toMatchObject({ LocKey_Button_Next: 'Onward', LocKey_Button_Back: expect.any(String) });
    // A file the folder does not have is the extended folder's, whole.
    expect(fileOf(f, 'captcha.json')?.from).toEqual([relative(path.join(parent.dir, 'captcha.json'))]);
    expect(fileOf(f, 'flows/automotive.json')?.kind).toBe('flow');
  });

  it('saves a change as the merge patch from the extended folder\'s file, never writing into that folder', async () => {
    const before = readFileSync(path.join(parent.dir, 'settings.json'), 'utf8');
    const f = await folder();
    const settings = structuredClone(fileOf(f, 'settings.json')!.json) as { theme: string; redirectOnError?: boolean; client: { minSessionDuration: number } };
    settings.client.minSessionDuration = 45;
    const captcha = structuredClone(fileOf(f, 'captcha.json')!.json) as { siteKey: string };
    captcha.siteKey = 'another-site-key';
    const saved = await save({ 'settings.json': settings, 'captcha.json': captcha });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(readJson(path.join(child, 'settings.json'))).toEqual({ theme: 'ftc', client: { minSessionDuration: 45 } });
    expect(readJson(path.join(child, 'captcha.json'))).toEqual({ siteKey: 'another-site-key' });
    expect(readFileSync(path.join(parent.dir, 'settings.json'), 'utf8')).toBe(before);
    expect(fileOf(await folder(), 'settings.json')?.json).toMatchObject({ theme: 'ftc', client: { minSessionDuration: 45 } });
  });

  it('saves a change to one model or one page as a patch of that item by name, not the whole array', async () => {
    const f = await folder();
    const models = structuredClone(fileOf(f, 'models.json')!.json) as { models: Array<{ metadataHash: string; metadata: { formType: string; dtoMapping: string } }> };
    const signature = models.models.find((m) => m.metadata.formType === 'Exclusion' && m.metadata.dtoMapping === 'Signature');
    expect(signature).toBeDefined();
    if (signature) signature.metadataHash = '0123456789abcdef';
    const flow = structuredClone(fileOf(f, 'flows/automotive.json')!.json) as { pages: Array<{ id: string; titleKey: string }> };
    const eligibility = flow.pages.find((p) => p.id === 'eligibility');
    if (eligibility) eligibility.titleKey = 'LocKey_Summary_Eligibility';
    const saved = await save({ 'models.json': models, 'flows/automotive.json': flow });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(readJson(path.join(child, 'models.json'))).toEqual({ models: { 'Exclusion/Signature': { metadataHash: '0123456789abcdef' } } });
    expect(readJson(path.join(child, 'flows', 'automotive.json'))).toEqual({ pages: { eligibility: { titleKey: 'LocKey_Summary_Eligibility' } } });
    const merged = await folder();
    expect(merged.issues).toEqual([]);
    expect(fileOf(merged, 'models.json')?.json).toEqual(models);
    expect(fileOf(merged, 'flows/automotive.json')?.json).toEqual(flow);
  });

  it('saves a change to one field of a block as a patch of that block by id and that field by key', async () => {
    const f = await folder();
    type Flow = { pages: Array<{ id: string; blocks: Array<{ id?: string; fields?: Array<{ key: string; label: string }> }> }> };
    const flow = structuredClone(fileOf(f, 'flows/automotive.json')!.json) as Flow;
    const field = flow.pages.find((p) => p.id === 'eligibility')?.blocks.find((b) => b.id === 'claim-details')?.fields?.[0];
    expect(field).toBeDefined();
    if (field) field.label = 'LocKey_Summary_Eligibility';
    const saved = await save({ 'flows/automotive.json': flow });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(readJson(path.join(child, 'flows', 'automotive.json'))).toEqual({
      pages: { eligibility: { blocks: { 'claim-details': { fields: { [field?.key ?? '']: { label: 'LocKey_Summary_Eligibility' } } } } } },
    });
    expect(fileOf(await folder(), 'flows/automotive.json')?.json).toEqual(flow);
  });

  it('removes the folder\'s file when the change makes it the extended folder\'s again', async () => {
    const f = await folder();
    const settings = structuredClone(fileOf(f, 'settings.json')!.json) as { theme: string };
    settings.theme = (readJson(path.join(parent.dir, 'settings.json')) as { theme: string }).theme;
    expect((await save({ 'settings.json': settings })).statusCode).toBe(200);
    expect(existsSync(path.join(child, 'settings.json'))).toBe(false);
  });

  it('refuses a change the merged result would not pass, naming the folder\'s file and writing nothing', async () => {
    const f = await folder();
    const settings = structuredClone(fileOf(f, 'settings.json')!.json) as { theme: string };
    settings.theme = 'neon';
    const refused = await save({ 'settings.json': settings });
    expect(refused.statusCode).toBe(422);
    expect(refused.json<{ issues: Folder['issues'] }>().issues).toContainEqual(expect.objectContaining({ file: 'settings.json', pointer: '/theme' }));
    expect(readJson(path.join(child, 'settings.json'))).toEqual({ theme: 'ftc' });
  });
});
