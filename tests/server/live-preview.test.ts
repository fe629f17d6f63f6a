/**
 * Live preview (npm run dev): a change of a settlement's flows/, locales/, site.json or logo is checked and served
 * without a restart, and open pages hear of it on GET /api/dev/live-preview (Server-Sent Events);
 * an invalid change is reported with file and pointer and the last good version stays. Also the
 * app shell's page set, which follows the loaded flows.
 */
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startCaptchaEmulator, type CaptchaEmulator } from '../../server/captcha-emulator/emulator.js';
import type { AppSettings, FlowFile } from '../../runtime/core/types.js';
import { fixtureDist, ROOT, settlementCopy, testApp, testDatabase, type TestDatabase } from './helper.js';

let emulator: CaptchaEmulator;
let db: TestDatabase;
const apps: FastifyInstance[] = [];
const printed: string[] = [];
const print = { log: (...args: unknown[]) => printed.push(args.join(' ')), error: (...args: unknown[]) => printed.push(args.join(' ')) };

beforeAll(async () => {
  emulator = await startCaptchaEmulator();
  db = await testDatabase('sqlite');
});
afterEach(async () => {
  while (apps.length) await apps.pop()!.close();
  printed.length = 0;
});
afterAll(async () => {
  await db?.cleanup();
  await emulator?.close();
});

/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

/** The site chrome of a page's app settings. */
function pageSite(res: { body: string }): AppSettings['site'] {
  return (JSON.parse(/<script id="app-settings" type="application\/json">(.*?)<\/script>/.exec(res.body)![1]!) as AppSettings).site;
}

/** A copy of the sample settlement with its own flows/ and locales/. */
function ownSettlement(): string {
  const dir = settlementCopy();
  cpSync(path.join(ROOT, 'flows'), path.join(dir, 'flows'), { recursive: true });
  mkdirSync(path.join(dir, 'locales'));
  cpSync(path.join(ROOT, 'locales'), path.join(dir, 'locales'), { recursive: true });
  return dir;
}

async function start(dir: string, livePreview: boolean): Promise<FastifyInstance> {
  const app = await testApp(await db.open(), emulator, {
    settlementDir: dir,
    appDistDir: fixtureDist(),
    ...(livePreview ? { livePreview: { debounceMs: 30, print } } : {}),
  });
  apps.push(app);
  return app;
}

function editJson<T>(file: string, edit: (json: T) => void): void {
  const json = JSON.parse(readFileSync(file, 'utf8')) as T;
  edit(json);
  writeFileSync(file, JSON.stringify(json, null, 2));
}

/** An open event stream: the events received so far, and a wait for the next one of a kind. */
async function openEvents(app: FastifyInstance) {
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  const events: Array<{ event: string; data: unknown }> = [];
  const waiters: Array<() => void> = [];
  const response = await new Promise<IncomingMessage>((resolve, reject) => {
    const req = httpRequest(`${address}/api/dev/live-preview`, { headers: { accept: 'text/event-stream' } }, resolve);
    req.on('error', reject);
    req.end();
  });
  let buffer = '';
  response.setEncoding('utf8');
  response.on('data', (chunk: string) => {
    buffer += chunk;
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const frame = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const event = /^event: (.*)$/m.exec(frame)?.[1];
      const data = /^data: (.*)$/m.exec(frame)?.[1];
      if (event) events.push({ event, data: data ? JSON.parse(data) : null });
      for (const w of waiters.splice(0)) w();
    }
  });
  const next = async (kind: string, after = events.length): Promise<{ event: string; data: unknown }> => {
    const deadline = Date.now() + 5000;
    for (;;) {
      const found = events.slice(after).find((e) => e.event === kind);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no "${kind}" event; got ${JSON.stringify(events)}`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 200);
      });
    }
  };
  return { response, events, next };
}

describe('the app shell', () => {
  it('answers the app for each page path and alias of the loaded flows and the fixed routes, 404 otherwise', async () => {
    const dir = ownSettlement();
    editJson<FlowFile>(path.join(dir, 'flows', 'lookup.json'), (flow) => {
      flow.pages[0]!.path = '/check-my-vehicle';
      flow.pages[0]!.aliases = ['/check'];
    });
    const app = await start(dir, false);
    for (const url of ['/', '/check-my-vehicle', '/check?culture=es', '/automotive/claimant-info', '/exclusion', '/page-not-found', '/error', '/deadline', '/session-expired']) {
      const res = await app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('id="app-settings"');
      expect(res.body).not.toContain('id="live-preview"');
    }
    for (const url of ['/vinlookup', '/automotive/no-such-page', '/exclusion/claimant-info/more']) {
      const res = await app.inject(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body).toContain('id="app-settings"');
    }
  });

  it('has no live preview route unless asked for', async () => {
    const app = await start(ownSettlement(), false);
    const res = await app.inject('/api/dev/live-preview');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
  });
});

describe('live preview', () => {
  it('names its event stream in the page and watches the settlement\'s own flows/ and locales/, and the folder (site.json, the logo)', async () => {
    const dir = ownSettlement();
    const app = await start(dir, true);
    const page = await app.inject('/automotive');
    expect(page.body).toContain('<script id="live-preview" type="application/json">{"events":"/api/dev/live-preview"}</script>');
    expect(app.livePreview.watched).toEqual([path.join(dir, 'flows'), path.join(dir, 'locales'), path.resolve(dir)]);
  });

  it('watches the repository defaults when the folder has no flows/ or locales/', async () => {
    const dir = settlementCopy();
    const app = await start(dir, true);
    expect(app.livePreview.watched).toEqual([path.join(ROOT, 'flows'), path.join(ROOT, 'locales'), path.resolve(dir)]);
  });

  it('a changed flow file: the event fires, and the served flows and page paths change', async () => {
    const dir = ownSettlement();
    const app = await start(dir, true);
    const before = await app.inject('/api/forms/flows');
    const etag = before.headers.etag as string;
    const stream = await openEvents(app);
    const ready = await stream.next('ready');
    expect(ready.data).toEqual({ version: app.livePreview.version(), site: expect.objectContaining({ header: expect.any(Array) }), settings: { theme: 'default', redirectOnError: true, internationalAddresses: true } });

    const mark = stream.events.length;
    editJson<FlowFile>(path.join(dir, 'flows', 'lookup.json'), (flow) => {
      flow.pages[0]!.aliases = ['/vin-check'];
    });
    const reload = await stream.next('reload', mark);
    expect(reload.data).toEqual({ version: app.livePreview.version(), site: expect.objectContaining({ header: expect.any(Array) }), settings: expect.objectContaining({ theme: 'default' }) });
    expect(reload.data).not.toEqual(ready.data);

    const after = await app.inject('/api/forms/flows');
    expect(after.headers.etag).not.toBe(etag);
    expect((after.json() as FlowFile[]).find((f) => f.formType === 'Lookup')!.pages[0]!.aliases).toEqual(['/vin-check']);
    expect((await app.inject({ url: '/api/forms/flows', headers: { 'if-none-match': etag } })).statusCode).toBe(200);
    expect((await app.inject('/vin-check')).statusCode).toBe(200);
    expect(printed.join('\n')).toContain('Live preview: flows, locales and site chrome reloaded');
    stream.response.destroy();
  });

  it('a changed locale file: the event fires and the content served changes', async () => {
    const dir = ownSettlement();
    const app = await start(dir, true);
    const stream = await openEvents(app);
    await stream.next('ready');
    const mark = stream.events.length;
    editJson<Record<string, string>>(path.join(dir, 'locales', 'es.json'), (texts) => {
      texts.LocKey_Lookup_Title = 'Consulte su vehículo aquí';
    });
    await stream.next('reload', mark);
    const content = (await app.inject('/api/culture/content?culture=es')).json() as Array<{ key: string; value: string }>;
    expect(content.find((c) => c.key === 'LocKey_Lookup_Title')!.value).toBe('Consulte su vehículo aquí');
    stream.response.destroy();
  });

  it('an invalid edit prints file and pointer, tells the page, and the last good version stays', async () => {
    const dir = ownSettlement();
    const app = await start(dir, true);
    const served = (await app.inject('/api/forms/flows')).body;
    const version = app.livePreview.version();
    const stream = await openEvents(app);
    await stream.next('ready');
    const mark = stream.events.length;

    const file = path.join(dir, 'flows', 'automotive.json');
    writeFileSync(file, readFileSync(file, 'utf8').replace('"key": "lastName"', '"key": "surname"'));
    const invalid = await stream.next('invalid', mark);
    expect(invalid.data).toEqual({
      problems: [expect.objectContaining({ file: 'flows/automotive.json', pointer: '/pages/1/blocks/2/fields/2/key', line: expect.any(Number) })],
    });
    expect(printed.join('\n')).toMatch(/still serving the last good version[\s\S]*flows\/automotive\.json:\d+:\d+ \/pages\/1\/blocks\/2\/fields\/2\/key — field "surname"/);
    expect((await app.inject('/api/forms/flows')).body).toBe(served);
    expect(app.livePreview.version()).toBe(version);

    // Broken JSON is reported the same way.
    writeFileSync(path.join(dir, 'locales', 'en.json'), '{ "LocKey_Lookup_Title": ');
    const broken = await app.livePreview.reload();
    expect(broken.kind).toBe('invalid');
    expect(broken.kind === 'invalid' && broken.problems).toContainEqual(expect.objectContaining({ file: 'locales/en.json', message: expect.stringContaining('not valid JSON') }));
    expect((await app.inject('/api/forms/flows')).body).toBe(served);

    // Fixing both applies the change.
    cpSync(path.join(ROOT, 'locales', 'en.json'), path.join(dir, 'locales', 'en.json'));
    writeFileSync(file, readFileSync(path.join(ROOT, 'flows', 'automotive.json'), 'utf8').replace('"aliases": [', '"aliases": [\n        "/claim",'));
    const outcome = await app.livePreview.reload();
    expect(outcome.kind).toBe('reloaded');
    expect((await app.inject('/claim')).statusCode).toBe(200);
    stream.response.destroy();
  });

  it('a changed site.json: the event carries the new chrome, the page and the cultures served follow', async () => {
    const dir = ownSettlement();
    const app = await start(dir, true);
    const stream = await openEvents(app);
    await stream.next('ready');
    expect(pageSite(await app.inject('/automotive')).banner.enabled).toBe(false);
    const mark = stream.events.length;
    writeFileSync(
      path.join(dir, 'site.json'),
      JSON.stringify({
        languages: [{ culture: 'es', labelKey: 'LocKey_Language_Spanish' }],
        banner: { enabled: true, headerKey: 'LocKey_Banner_Header', line1Key: 'LocKey_Banner_Line1', line2Key: 'LocKey_Banner_Line2' },
      }),
    );
    const reload = await stream.next('reload', mark);
    const site = (reload.data as { site: AppSettings['site'] }).site;
    expect(site.banner.enabled).toBe(true);
    expect(site.languages).toEqual([{ culture: 'es', labelKey: 'LocKey_Language_Spanish' }]);
    expect(pageSite(await app.inject('/automotive')).banner.enabled).toBe(true);
    // Spanish alone is offered now: English is a culture the settlement does not have.
    const content = await app.inject('/api/culture/content?culture=en');
    expect(content.headers['content-language']).toBe('es');
    stream.response.destroy();
  });

  it('a changed settings.json: the page settings follow in the event and the page, the server reads the new limits, and a broken one keeps the last good settings', async () => {
    const dir = ownSettlement();
    const app = await start(dir, true);
    const stream = await openEvents(app);
    await stream.next('ready');
    const pageSettings = async () => JSON.parse(/<script id="app-settings" type="application\/json">(.*?)<\/script>/.exec((await app.inject('/automotive')).body)![1]!) as AppSettings;
    expect((await pageSettings()).theme).toBe('default');
    const fraud = app.fraud.settings;
    const mark = stream.events.length;
    editJson<Record<string, unknown>>(path.join(dir, 'settings.json'), (json) => {
      json.theme = 'ftc';
      json.internationalAddresses = false;
      json.pinAttempts = { max: 2 };
      json.fraud = { ...(json.fraud as object), minFillSeconds: { claim: 30 } };
    });
    const reload = await stream.next('reload', mark);
    expect((reload.data as { settings: unknown }).settings).toEqual({ theme: 'ftc', redirectOnError: true, internationalAddresses: false });
    expect(await pageSettings()).toMatchObject({ theme: 'ftc', internationalAddresses: false });
    expect(app.settlement.settings.pinAttempts.max).toBe(2);
    // The fraud screening holds the same settings object, now with the new fill time.
    expect(app.fraud.settings).toBe(fraud);
    expect(fraud.minFillSeconds).toMatchObject({ claim: 30 });
    expect(printed.join('\n')).toMatch(/settings/);

    // A setting the server set up at start is applied, with a word that it takes a restart.
    editJson<Record<string, unknown>>(path.join(dir, 'settings.json'), (json) => {
      json.uploads = { maxFiles: 3 };
    });
    expect((await app.livePreview.reload()).kind).toBe('reloaded');
    expect(printed.join('\n')).toMatch(/settings\.json changed uploads, which the server set up at start; restart npm run dev/);

    // A broken edit: the checker's report with file and pointer, and the last good settings stay.
    editJson<Record<string, unknown>>(path.join(dir, 'settings.json'), (json) => {
      json.theme = 'blue';
    });
    const broken = await app.livePreview.reload();
    expect(broken.kind).toBe('invalid');
    expect(broken.kind === 'invalid' && broken.problems.map((p) => [p.file, p.pointer])).toEqual([['settings.json', '/theme']]);
    expect(printed.join('\n')).toMatch(/settings\.json:\d+:\d+ \/theme/);
    expect((await pageSettings()).theme).toBe('ftc');
    stream.response.destroy();
  });

  it('a new logo is served at once; a broken site.json is reported and the last good chrome stays', async () => {
    const dir = ownSettlement();
    const app = await start(dir, true);
    expect((await app.inject('/site/logo.png')).statusCode).toBe(404);
    writeFileSync(path.join(dir, 'brand.png'), PNG);
    writeFileSync(path.join(dir, 'site.json'), JSON.stringify({ logo: { file: 'brand.png', altKey: 'LocKey_Site_Title' } }));
    expect((await app.livePreview.reload()).kind).toBe('reloaded');
    const logo = pageSite(await app.inject('/automotive')).logo;
    expect(logo.src).toMatch(/^\/site\/logo\.png\?v=/);
    const served = await app.inject(logo.src!);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PNG)).toBe(true);

    // A form link to a form the settlement lacks: the checker's report, not a crash.
    writeFileSync(path.join(dir, 'site.json'), JSON.stringify({ logo: { file: 'brand.png', altKey: 'LocKey_Site_Title' }, header: [{ labelKey: 'LocKey_Nav_Home', form: 'Lokup' }] }));
    const broken = await app.livePreview.reload();
    expect(broken.kind).toBe('invalid');
    expect(broken.kind === 'invalid' && broken.problems).toContainEqual(
      expect.objectContaining({ file: 'site.json', pointer: '/header/0/form', line: expect.any(Number), message: expect.stringContaining('did you mean "Lookup"') }),
    );
    expect(pageSite(await app.inject('/automotive')).logo.src).toBe(logo.src);
    expect((await app.inject(logo.src!)).statusCode).toBe(200);

    // The logo removed from site.json: no logo is served.
    writeFileSync(path.join(dir, 'site.json'), '{}');
    expect((await app.livePreview.reload()).kind).toBe('reloaded');
    expect((await app.inject('/site/logo.png')).statusCode).toBe(404);
    expect(pageSite(await app.inject('/automotive')).logo.src).toBeNull();
  });

  it('a save that changes nothing sends nothing', async () => {
    const dir = ownSettlement();
    const app = await start(dir, true);
    const file = path.join(dir, 'flows', 'lookup.json');
    writeFileSync(file, `${readFileSync(file, 'utf8')}\n`);
    expect(await app.livePreview.reload()).toEqual({ kind: 'unchanged', version: app.livePreview.version() });
  });

  it('closing the server ends the open event streams', async () => {
    const app = await start(ownSettlement(), true);
    const stream = await openEvents(app);
    await stream.next('ready');
    const ended = new Promise<void>((resolve) => stream.response.once('end', resolve));
    await apps.pop()!.close();
    await ended;
  });
});
