import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildStudioServer } from '../../studio/server/app';
import { copySampleSettlement, ROOT, type SettlementCopy } from './settlement-copy';

interface Folder {
  files: Array<{ id: string; kind: string; json: Record<string, unknown> }>;
  issues: Array<{ file: string; pointer: string; message: string; line?: number }>;
  warnings: Array<{ file: string; pointer: string; message: string; line?: number }>;
  unusedKeys: string[];
}
interface Flow {
  pages: Array<{ id: string; titleKey: string; skipWhen?: { scope: string; schema: { const: string } } }>;
}

let copy: SettlementCopy;
let appDir: string;
let app: FastifyInstance;

beforeEach(async () => {
  copy = copySampleSettlement({ git: true });
  appDir = mkdtempSync(path.join(tmpdir(), 'studio-app-'));
  writeFileSync(path.join(appDir, 'index.html'), '<!doctype html><title>studio</title>');
  app = await buildStudioServer({ folder: copy.dir, appDir, debounceMs: 10 });
});

afterEach(async () => {
  await app.close();
  copy.cleanup();
  rmSync(appDir, { recursive: true, force: true });
});

const folder = async () => (await app.inject({ method: 'GET', url: '/api/folder' })).json<Folder>();
const flowOf = (f: Folder, id: string) => structuredClone(f.files.find((file) => file.id === id)!.json) as unknown as Flow;
const save = (changes: Record<string, unknown>) => app.inject({ method: 'POST', url: '/api/save', payload: { changes } });

describe('the studio API over a settlement folder', () => {
  it('lists the flows, locales, models.json and settlement files of the folder with the checker finding nothing in the sample', async () => {
    const f = await folder();
    expect(f.files.map((file) => file.id)).toEqual([
      'flows/automotive.json',
      'flows/exclusion.json',
      'flows/lookup.json',
      'locales/en.json',
      'locales/es.json',
      'models.json',
      'deadlines.json',
      'deadlines.legacy.json',
      'captcha.json',
      'settings.json',
      'site.json',
      'whitelist.json',
    ]);
    expect(f.files.find((file) => file.id === 'settings.json')?.kind).toBe('settlement');
    expect(f.issues).toEqual([]);
  });

  it('saves a changed skip rule as exactly that one line of the flow file', async () => {
    const flow = flowOf(await folder(), 'flows/automotive.json');
    const denials = flow.pages.find((p) => p.id === 'denials')!;
    denials.skipWhen!.schema.const = 'false';
    const res = await save({ 'flows/automotive.json': flow });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ saved: ['flows/automotive.json'] });
    const diff = copy.diff();
    expect(diff.split('\n').filter((line) => /^[-+] /.test(line))).toEqual(['-          "const": "true"', '+          "const": "false"']);
  });

  it('saves a settings edit as exactly that line, and refuses one its schema rejects with the file and JSON pointer, writing nothing', async () => {
    const settings = structuredClone((await folder()).files.find((file) => file.id === 'settings.json')!.json) as { client: { minSessionDuration: number }; theme: string };
    settings.client.minSessionDuration = 20;
    const res = await save({ 'settings.json': settings });
    expect(res.statusCode).toBe(200);
    expect(copy.diff().split('\n').filter((line) => /^[-+] /.test(line))).toEqual(['-  "client": { "minSessionDuration": 30 },', '+  "client": { "minSessionDuration": 20 },']);
    copy.commit('shorter sessions');

    const refused = await save({ 'settings.json': { ...settings, theme: 'sepia' } });
    expect(refused.statusCode).toBe(422);
    expect(refused.json<{ issues: Folder['issues'] }>().issues).toEqual([expect.objectContaining({ file: 'settings.json', pointer: '/theme' })]);
    expect(copy.diff()).toBe('');
  });

  it('refuses an edit that breaks a cross-reference with the file and JSON pointer, and writes nothing', async () => {
    const before = readFileSync(path.join(copy.dir, 'flows/automotive.json'), 'utf8');
    const flow = flowOf(await folder(), 'flows/automotive.json');
    const index = flow.pages.findIndex((p) => p.id === 'claimant-info');
    flow.pages[index]!.titleKey = 'LocKey_Nowhere_ToBeFound';
    const res = await save({ 'flows/automotive.json': flow });
    expect(res.statusCode).toBe(422);
    const body = res.json<{ message: string; issues: Folder['issues'] }>();
    expect(body.message).toBe('Not saved: the checker found problems (nothing was written).');
    expect(body.issues).toContainEqual(expect.objectContaining({ file: 'flows/automotive.json', pointer: `/pages/${index}/titleKey` }));
    expect(body.issues.every((issue) => issue.line !== undefined)).toBe(true);
    expect(readFileSync(path.join(copy.dir, 'flows/automotive.json'), 'utf8')).toBe(before);
    expect(copy.diff()).toBe('');
  });

  it("lists the folder's flow fixtures as files a rename edits, leaving out one that is not JSON rather than failing", async () => {
    mkdirSync(path.join(copy.dir, 'fixtures'));
    cpSync(path.join(ROOT, 'tests/flows/automotive-prefill.fixture.json'), path.join(copy.dir, 'fixtures/automotive-prefill.fixture.json'));
    writeFileSync(path.join(copy.dir, 'fixtures/half-typed.fixture.json'), '{ "version": 1, ');
    const res = await app.inject({ method: 'GET', url: '/api/folder' });
    expect(res.statusCode).toBe(200);
    const f = res.json<Folder>();
    expect(f.files.filter((file) => file.kind === 'fixture').map((file) => file.id)).toEqual(['fixtures/automotive-prefill.fixture.json']);
    expect(f.issues).toEqual([]);
  });

  it('opens a folder whose flow or locale file is not JSON (a half-typed edit in an editor): the checker names the file, line and column; a save is refused, writing nothing', async () => {
    const broken = readFileSync(path.join(copy.dir, 'flows/exclusion.json'), 'utf8').replace('"pages": [', '"pages": [,');
    writeFileSync(path.join(copy.dir, 'flows/exclusion.json'), broken);
    writeFileSync(path.join(copy.dir, 'locales/es.json'), '{ "LocKey_Site_Title": ');
    const res = await app.inject({ method: 'GET', url: '/api/folder' });
    expect(res.statusCode).toBe(200);
    const f = res.json<Folder>();
    expect(f.files.map((file) => file.id)).not.toContain('flows/exclusion.json');
    expect(f.files.map((file) => file.id)).not.toContain('locales/es.json');
    expect(f.files.map((file) => file.id)).toContain('flows/automotive.json');
    expect(f.issues.map((i) => i.file)).toEqual(expect.arrayContaining(['flows/exclusion.json', 'locales/es.json']));
    expect(f.issues.find((i) => i.file === 'flows/exclusion.json')).toMatchObject({ line: expect.any(Number), column: expect.any(Number) });
    const models = f.files.find((file) => file.id === 'models.json')!.json;
    const refused = await save({ 'models.json': models });
    expect(refused.statusCode).toBe(422);
    expect(readFileSync(path.join(copy.dir, 'flows/exclusion.json'), 'utf8')).toBe(broken);
  });

  it('does not save over a file changed on disk since the studio read it (409 naming it, nothing written) unless told to; a file only changed on disk is kept', async () => {
    const f = await folder();
    const read = f.files.find((file) => file.id === 'locales/es.json')!.json as Record<string, string>;
    // Another writer (an editor) changes the same file after the studio read it.
    const onDisk = readFileSync(path.join(copy.dir, 'locales/es.json'), 'utf8').replace(/("LocKey_Site_Title": )"[^"]*"/, '$1"Título del editor"');
    writeFileSync(path.join(copy.dir, 'locales/es.json'), onDisk);
    const mine = { ...read, LocKey_Nav_Home: 'Inicio del estudio' };
    const refused = await app.inject({ method: 'POST', url: '/api/save', payload: { changes: { 'locales/es.json': mine }, bases: { 'locales/es.json': read } } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'changed-on-disk', files: ['locales/es.json'], message: expect.stringContaining('locales/es.json changed on disk since the studio read it') });
    expect(readFileSync(path.join(copy.dir, 'locales/es.json'), 'utf8')).toBe(onDisk);
    // Read again, the same edit saves and keeps the editor's change.
    const again = (await folder()).files.find((file) => file.id === 'locales/es.json')!.json as Record<string, string>;
    const saved = await app.inject({ method: 'POST', url: '/api/save', payload: { changes: { 'locales/es.json': { ...again, LocKey_Nav_Home: 'Inicio del estudio' } }, bases: { 'locales/es.json': again } } });
    expect(saved.statusCode).toBe(200);
    const now = JSON.parse(readFileSync(path.join(copy.dir, 'locales/es.json'), 'utf8')) as Record<string, string>;
    expect([now.LocKey_Site_Title, now.LocKey_Nav_Home]).toEqual(['Título del editor', 'Inicio del estudio']);
    // Told to, the studio's version is saved over the disk's.
    const over = await app.inject({ method: 'POST', url: '/api/save', payload: { changes: { 'locales/es.json': mine }, bases: { 'locales/es.json': read }, overwrite: true } });
    expect(over.statusCode).toBe(200);
    expect((JSON.parse(readFileSync(path.join(copy.dir, 'locales/es.json'), 'utf8')) as Record<string, string>).LocKey_Site_Title).toBe(read.LocKey_Site_Title);
  });

  it('gives the checker\'s warnings beside its problems: a text still to write warns, a save is not refused for it', async () => {
    expect((await folder()).warnings).toEqual([]);
    const es = (await folder()).files.find((file) => file.id === 'locales/es.json')!.json as Record<string, string>;
    const changes = { 'locales/es.json': { ...es, LocKey_Site_Title: '[TO WRITE] LocKey_Site_Title' } };
    const checked = (await app.inject({ method: 'POST', url: '/api/check', payload: { changes } })).json<{ issues: unknown[]; warnings: Array<{ file: string; pointer: string; message: string }> }>();
    expect(checked.issues).toEqual([]);
    expect(checked.warnings).toEqual([expect.objectContaining({ file: 'locales/es.json', pointer: '/LocKey_Site_Title', message: expect.stringContaining('still read "[TO WRITE]"') })]);
    expect((await save(changes)).statusCode).toBe(200);
    expect((await folder()).warnings).toEqual([expect.objectContaining({ file: 'locales/es.json' })]);
  });

  it('gives the preview the settlement\'s own logo: an image of the folder only, as its bytes say', async () => {
    mkdirSync(path.join(copy.dir, 'assets'));
    writeFileSync(path.join(copy.dir, 'assets/logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"/>');
    writeFileSync(path.join(copy.dir, 'assets/fake.png'), 'not a png');
    const get = (file: string) => app.inject({ method: 'GET', url: `/api/logo?file=${encodeURIComponent(file)}` });
    const logo = await get('assets/logo.svg');
    expect([logo.statusCode, logo.headers['content-type'], logo.headers['content-security-policy']]).toEqual([200, 'image/svg+xml', expect.stringContaining("default-src 'none'")]);
    expect(logo.body).toContain('<svg');
    expect((await get('../package.json')).statusCode).toBe(400);
    expect((await get('assets/../../x.svg')).statusCode).toBe(400);
    expect((await get('models.json')).statusCode).toBe(400);
    expect((await get('assets/none.svg')).statusCode).toBe(404);
    const fake = await get('assets/fake.png');
    expect([fake.statusCode, fake.json<{ message: string }>().message]).toEqual([422, 'assets/fake.png is not the png image its name says.']);
  });

  it('checks unsaved changes without writing them', async () => {
    const f = await folder();
    const es = { ...f.files.find((file) => file.id === 'locales/es.json')!.json };
    delete es.LocKey_Denials_Title;
    const res = await app.inject({ method: 'POST', url: '/api/check', payload: { changes: { 'locales/es.json': es } } });
    expect(res.statusCode).toBe(200);
    const { issues } = res.json<{ issues: Folder['issues'] }>();
    expect(issues.some((issue) => issue.file === 'locales/es.json' && issue.message.includes('LocKey_Denials_Title'))).toBe(true);
    expect(copy.diff()).toBe('');
  });

  it('answers a 400 a person can act on for a file that is not the folder\'s or a body without changes, and writes nothing', async () => {
    const outside = await save({ '../settings.json': {} });
    expect(outside.statusCode).toBe(400);
    expect(outside.json<{ message: string }>().message).toBe(
      '"../settings.json" is not a file of this settlement (flows/*.json, locales/*.json, models.json or one of deadlines.json, deadlines.legacy.json, captcha.json, settings.json, site.json, forms.json, whitelist.json, statuses.json that the folder has, or fixtures/*.fixture.json)',
    );
    const empty = await app.inject({ method: 'POST', url: '/api/save', payload: { edits: [] } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json<{ message: string }>().message).toMatch(/changes/);
    expect(copy.diff()).toBe('');
  });

  it('reports a rule still without its parameters (a requiredIf naming no other field) as the checker\'s problem, not a failure', async () => {
    const f = await folder();
    const models = structuredClone(f.files.find((file) => file.id === 'models.json')!.json) as { models: Array<{ metadata: { dtoMapping: string }; fields: Record<string, unknown> }> };
    const index = models.models.findIndex((m) => m.metadata.dtoMapping === 'ClaimDetails');
    models.models[index]!.fields.vehicleColor = { dataType: 'string', validations: [{ type: 'requiredIf' }] };
    const res = await app.inject({ method: 'POST', url: '/api/check', payload: { changes: { 'models.json': models } } });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ issues: Folder['issues'] }>().issues).toContainEqual(
      expect.objectContaining({ file: 'models.json', pointer: `/models/${index}/fields/vehicleColor/validations/0`, message: 'missing required property "otherProperty"' }),
    );
  });

  it('lists the locale keys that no flow, model config or code uses', async () => {
    for (const culture of ['en', 'es']) {
      const file = path.join(copy.dir, 'locales', `${culture}.json`);
      writeFileSync(file, readFileSync(file, 'utf8').replace('{\n', `{\n  "LocKey_Nobody_Reads": "${culture}",\n`));
    }
    const f = await folder();
    expect(f.unusedKeys).toContain('LocKey_Nobody_Reads');
    expect(f.unusedKeys).not.toContain('LocKey_Denials_Title');
    expect(f.unusedKeys).not.toContain('LocKey_Button_Next');
  });

  it('announces a change made on disk to the open event streams (flows, locales, site.json, the logo)', async () => {
    const url = await app.listen({ host: '127.0.0.1', port: 0 });
    const res = await fetch(`${url}/api/events`);
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let received = '';
    const readUntil = async (word: string) => {
      while (!received.includes(word)) {
        const { value, done } = await reader.read();
        if (done) throw new Error(`the stream ended before "${word}"`);
        received += decoder.decode(value);
      }
    };
    await readUntil('event: ready');
    const file = path.join(copy.dir, 'locales/en.json');
    writeFileSync(file, readFileSync(file, 'utf8').replace('"Repair Denials"', '"Denied repairs"'));
    await readUntil('event: changed');

    // site.json and its logo, too: the folder's problems follow them.
    received = '';
    writeFileSync(path.join(copy.dir, 'site.json'), JSON.stringify({ logo: { file: 'brand.png', altKey: 'LocKey_Site_LogoAlt' } }));
    await readUntil('event: changed');
    expect((await folder()).issues).toContainEqual(expect.objectContaining({ file: 'site.json', pointer: '/logo/file', message: 'the logo file "brand.png" is not in the settlement folder' }));
    received = '';
    writeFileSync(path.join(copy.dir, 'brand.png'), 'not a png');
    await readUntil('event: changed');
    expect((await folder()).issues).toContainEqual(expect.objectContaining({ file: 'site.json', pointer: '/logo/file', message: '"brand.png" is not a png image' }));
    await reader.cancel();
  });
});

describe('the studio API and other sites', () => {
  it('refuses a request addressed to another host name (a page elsewhere resolving to 127.0.0.1), writing nothing', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/save', headers: { host: 'attacker.example:4000' }, payload: { changes: { 'models.json': {} } } });
    expect(res.statusCode).toBe(403);
    expect(res.json<{ message: string }>().message).toBe('The studio answers only at 127.0.0.1 or localhost, not "attacker.example:4000".');
    expect(copy.diff()).toBe('');
  });

  it('refuses a write sent by a page of another origin or site (its Origin, its Sec-Fetch-Site), writing nothing', async () => {
    const settings = structuredClone((await folder()).files.find((file) => file.id === 'settings.json')!.json) as { theme: string };
    const changes = { 'settings.json': { ...settings, theme: 'default' } };
    const post = (headers: Record<string, string>, url = '/api/save') => app.inject({ method: 'POST', url, headers: { host: '127.0.0.1:4000', ...headers }, payload: { changes } });

    const elsewhere = await post({ origin: 'https://attacker.example' });
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json<{ message: string }>().message).toBe('Not written: the studio takes changes only from its own pages (http://127.0.0.1:4000), not from "https://attacker.example".');
    // Another port of this machine is another origin (a second local server), and "null" a sandboxed frame or a file.
    expect((await post({ origin: 'http://127.0.0.1:8080' })).statusCode).toBe(403);
    expect((await post({ origin: 'null' })).statusCode).toBe(403);
    expect((await post({ origin: 'http://127.0.0.1:4000' }, '/api/check')).statusCode).toBe(200);
    const crossSite = await post({ 'sec-fetch-site': 'cross-site' });
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.json<{ message: string }>().message).toBe('Not written: the studio takes changes only from its own pages, not from a cross-site page.');
    expect((await post({ 'sec-fetch-site': 'same-site' }, '/api/fixtures/replay')).statusCode).toBe(403);
    expect(copy.diff()).toBe('');

    // Its own pages, and a reading from anywhere on this machine, are answered.
    expect((await post({ origin: 'http://127.0.0.1:4000', 'sec-fetch-site': 'same-origin' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/folder', headers: { 'sec-fetch-site': 'cross-site' } })).statusCode).toBe(200);
  });
});
