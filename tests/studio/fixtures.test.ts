import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIdSource, findModel, initStore } from '../../runtime/core/models';
import type { ModelConfig } from '../../runtime/core/types';
import { buildStudioServer } from '../../studio/server/app';
import type { ReplayResult } from '../../studio/server/fixtures';
import { copySampleSettlement, type SettlementCopy } from './settlement-copy';

let copy: SettlementCopy;
let appDir: string;
let app: FastifyInstance;

beforeAll(async () => {
  copy = copySampleSettlement();
  appDir = mkdtempSync(path.join(tmpdir(), 'studio-app-'));
  writeFileSync(path.join(appDir, 'index.html'), '<!doctype html><title>studio</title>');
  app = await buildStudioServer({ folder: copy.dir, appDir, debounceMs: 10 });
});

afterAll(async () => {
  await app?.close();
  copy?.cleanup();
  if (appDir) rmSync(appDir, { recursive: true, force: true });
});

const LOOKUP = {
  version: 1,
  description: 'Lookup: a class VIN shows the success box',
  formType: 'Lookup',
  now: '2026-03-15T17:00:00Z',
  authorize: { authorized: true },
  steps: [{ page: 'lookup', answers: { credentials: { vin: '5EXMA1B20HC000101' } }, expectResult: { feedback: 'success' } }],
  expectPages: ['lookup'],
  expectNoSubmission: true,
};

const save = (body: Record<string, unknown>) => app.inject({ method: 'POST', url: '/api/fixtures', payload: body });
const replay = async (names?: string[]) => (await app.inject({ method: 'POST', url: '/api/fixtures/replay', payload: names ? { names } : {} })).json<{ results: ReplayResult[] }>().results;
/** The Lookup credentials model as the walk's form store holds it. */
function credentials(vin: string) {
  const models = (JSON.parse(readFileSync(path.join(copy.dir, 'models.json'), 'utf8')) as { models: ModelConfig[] }).models;
  const model = findModel(initStore(models, 'Lookup', createIdSource()), 'credentials')!;
  return { ...model, fields: { ...model.fields, vin } };
}

describe('the studio fixtures API', () => {
  it('writes a fixture into the folder\'s fixtures/ with its $schema, pretty-printed, and refuses to overwrite it unless confirmed', async () => {
    const first = await save({ name: 'lookup-class-vin', fixture: LOOKUP });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ saved: 'fixtures/lookup-class-vin.fixture.json' });
    const file = path.join(copy.dir, 'fixtures', 'lookup-class-vin.fixture.json');
    const text = readFileSync(file, 'utf8');
    const schema = path.relative(path.dirname(file), path.resolve('schemas/flow-fixture.schema.json')).split(path.sep).join('/');
    expect(text).toBe(`${JSON.stringify({ $schema: schema, ...LOOKUP }, null, 2)}\n`);

    const again = await save({ name: 'lookup-class-vin', fixture: { ...LOOKUP, description: 'Another' } });
    expect(again.statusCode).toBe(409);
    expect(again.json<{ message: string }>().message).toBe('fixtures/lookup-class-vin.fixture.json exists already; confirm to overwrite it.');
    expect(readFileSync(file, 'utf8')).toBe(text);

    const confirmed = await save({ name: 'lookup-class-vin', fixture: { ...LOOKUP, description: 'Another' }, overwrite: true });
    expect(confirmed.statusCode).toBe(200);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ description: 'Another' });
    await save({ name: 'lookup-class-vin', fixture: LOOKUP, overwrite: true });

    const list = await app.inject({ method: 'GET', url: '/api/fixtures' });
    expect(list.json()).toEqual({ fixtures: [{ name: 'lookup-class-vin', description: LOOKUP.description, formType: 'Lookup' }] });
  });

  it('refuses a fixture the schema refuses, and a name that is not one, writing nothing', async () => {
    const bad = await save({ name: 'lookup-bad', fixture: { ...LOOKUP, steps: [{ page: 'lookup', press: 'sideways' }] } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json<{ message: string }>().message).toContain('at /steps/0/press');
    expect(bad.json<{ message: string }>().message).toContain('must be one of "primary", "back", "none"');
    const badName = await save({ name: '../escape', fixture: LOOKUP });
    expect(badName.statusCode).toBe(400);
    expect(badName.json<{ message: string }>().message).toBe('"../escape" is not a fixture name: use lowercase letters, digits and hyphens (lookup-class-vehicle)');
    expect(existsSync(path.join(copy.dir, 'fixtures', 'lookup-bad.fixture.json'))).toBe(false);
  });

  it('replays a fixture with the headless player: it passes, and once an expected value is changed it fails at that step\'s page and field', async () => {
    expect(await replay(['lookup-class-vin'])).toEqual([{ name: 'lookup-class-vin', description: LOOKUP.description, formType: 'Lookup', passed: true, problems: [] }]);

    const broken = { ...LOOKUP, steps: [{ ...LOOKUP.steps[0]!, expectResult: { feedback: 'warning' } }] };
    await save({ name: 'lookup-class-vin', fixture: broken, overwrite: true });
    const [result] = await replay();
    expect(result).toMatchObject({ name: 'lookup-class-vin', passed: false });
    expect(result!.problems).toEqual([
      expect.objectContaining({ pointer: '/steps/0/expectResult/feedback', page: 'lookup', fieldId: 'credentials-vin', line: expect.any(Number) }),
    ]);
    expect(result!.problems[0]!.message).toMatch(/^page "lookup" shows a success box, expected warning/);

    const unknown = await app.inject({ method: 'POST', url: '/api/fixtures/replay', payload: { names: ['nothing-here'] } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<{ message: string }>().message).toBe('the folder has no fixture "nothing-here" (fixtures/nothing-here.fixture.json)');
  });

  it('answers a walk\'s sign-in with the real claims server over the folder\'s class list', async () => {
    const walk = (vin: string) => app.inject({ method: 'POST', url: '/api/walk/authorize', payload: { formType: 'Lookup', credentials: credentials(vin) } });
    const known = await walk('5EXMA1B20HC000101');
    expect(known.statusCode).toBe(200);
    expect(known.json()).toMatchObject({ answer: { authorized: true, error: null }, session: expect.any(String) });
    const other = await walk('1HGCM82633A004352');
    expect(other.json()).toMatchObject({ answer: { authorized: false, error: 'This VIN is not a class vehicle in this settlement. Please check the VIN you entered.' } });
    const noForm = await app.inject({ method: 'POST', url: '/api/walk/authorize', payload: { formType: 'Nothing', credentials: credentials('x') } });
    expect(noForm.statusCode).toBe(400);
    expect(noForm.json<{ message: string }>().message).toBe('the folder has no flow of the form "Nothing"');
  });

  it('gives a walk\'s signature page today\'s date as the claims server gives it to the claimant app', async () => {
    const answer = await app.inject({ method: 'GET', url: '/api/walk/signature-date?culture=es' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ signatureDate: expect.stringMatching(/^\d{2}\/\d{2}\/\d{4}$/), display: expect.any(String) });
  });

  it('follows the folder: a VIN added to the class list on disk is a class vehicle at the next sign-in, and a walk signed in before the change may no longer submit', async () => {
    const walk = (vin: string) => app.inject({ method: 'POST', url: '/api/walk/authorize', payload: { formType: 'Automotive', credentials: credentials(vin) } });
    const before = await walk('1HGCM82633A004352');
    expect(before.json()).toMatchObject({ answer: { authorized: false } });
    const signedIn = (await walk('5EXMA1B20HC000101')).json<{ session: string }>().session;
    const list = path.join(copy.dir, 'class-vehicles.csv');
    const original = readFileSync(list, 'utf8');
    try {
      writeFileSync(list, `${original.trimEnd()}\n1HGCM82633A004352\n`);
      const after = await walk('1HGCM82633A004352');
      expect(after.json()).toMatchObject({ answer: { authorized: true, error: null } });
      const gone = await app.inject({ method: 'POST', url: '/api/walk/submit', payload: { formType: 'Automotive', session: signedIn, payload: {}, files: [] } });
      expect(gone.statusCode).toBe(409);
      expect(gone.json<{ message: string }>().message).toBe(
        'This walk signed in to a claims server that has since been replaced (the folder changed, or the studio restarted). Start the walk again to submit.',
      );
      const noForm = await app.inject({ method: 'POST', url: '/api/walk/submit', payload: { formType: 'Nothing', session: signedIn, payload: {}, files: [] } });
      expect(noForm.statusCode).toBe(400);
    } finally {
      writeFileSync(list, original);
    }
  });
});
