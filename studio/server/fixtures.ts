/**
 * The studio's flow fixtures: those of the folder's fixtures/ (where `npm run flows:test <folder>`
 * finds them), written from a walk and replayed by the headless player that command runs.
 *
 *   GET  /api/fixtures                 the folder's fixtures: file name, description, form
 *   POST /api/fixtures                 { name, fixture, overwrite? } writes fixtures/<name>.fixture.json
 *                                      (checked by the fixture schema; 409 when it exists and
 *                                      overwrite is not true)
 *   POST /api/fixtures/replay          { names? } plays each (all without names): passed, or the
 *                                      problems with the page and field each one concerns
 *   POST /api/fixtures/state           { name, page } the form store once the fixture has filled
 *                                      that page (the preview's sample answers); 422 when it never
 *                                      reaches the page or fails before it
 *   POST /api/walk/authorize           { formType, credentials } a walk's sign-in, answered by the
 *                                      real claims server for the folder (claims-server.ts), with
 *                                      the id of its session; a server started anew when the folder
 *                                      changed since the last sign-in
 *   GET  /api/walk/signature-date      ?culture= today's signature date, as that server gives it
 *   POST /api/walk/submit              { formType, session, payload, files } a walk's claim, sent by
 *                                      that server in the sign-in's session (files as base64): its
 *                                      answer; 409 when the session is gone (the folder changed)
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import { fieldDomId } from '../../runtime/core/view/dom-ids';
import type { DocumentFile, FlowFile, FormModel, ModelStoreState, SubmissionPayload } from '../../runtime/core/types';
import { checkFixture, FIXTURE_SUFFIX, fixtureFiles, FixtureError, forgetSettlement, loadFixture, loadSettlement, ROOT, type Fixture } from '../../tooling/fixtures/fixture';
import { playHeadless } from '../../tooling/fixtures/headless';
import { judge, runLoaded } from '../../tooling/fixtures/runner';
import { locate } from '../../tooling/flow/check-folder';
import { filesIn, readSettlementFolder } from '../../settlement/read';
import { folderStamp, startClaimsServer, type ClaimsServer } from './claims-server';
import { isFlowFile, recordOr } from '../json';
import { StudioInputError } from './folder';

/** A fixture's file name without its suffix: lowercase words joined by hyphens, as the shipped ones. */
export const FIXTURE_NAME = /^[a-z0-9]+(-[a-z0-9]+)*$/;

export interface FixtureSummary {
  name: string;
  description: string;
  formType: string;
}

/** One unmet expectation of a replay, with the page (and field) of the flow it concerns when it names one. */
export interface ReplayProblem {
  pointer: string;
  message: string;
  /** The fixture's line and column of the expectation. */
  line?: number;
  column?: number;
  page?: string;
  /** The DOM id of the field (`<model>-<field>`), as the claimant page names it. */
  fieldId?: string;
}

export interface ReplayResult extends FixtureSummary {
  passed: boolean;
  problems: ReplayProblem[];
}

const fixturesDirOf = (folder: string) => path.join(folder, 'fixtures');

/** The page and field a problem's pointer concerns: its step's page, and the field the pointer (or else the step's first answer) names. */
export function placeOfProblem(fixture: Fixture, flow: FlowFile | undefined, pointer: string): { page?: string; fieldId?: string } {
  const parts = pointer.split('/').slice(1).map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (parts[0] !== 'steps') return {};
  const step = fixture.steps[Number(parts[1])];
  if (!step) return {};
  const [kind, first, second] = parts.slice(2);
  const page = flow?.pages.find((p) => p.id === step.page);
  const modelOfField = (key: string) =>
    page?.blocks.flatMap((b) => ('fields' in b && 'model' in b && Array.isArray(b.fields) && b.fields.some((f: { key?: string }) => f.key === key) && typeof b.model === 'string' ? [b.model] : []))[0];
  let model: string | undefined;
  let field: string | undefined;
  if ((kind === 'answers' || kind === 'expectValues') && first !== undefined && second !== undefined) [model, field] = [first, second];
  else if (kind === 'expectErrors' && first !== undefined) [model, field] = [modelOfField(first), first];
  if (model === undefined || field === undefined) {
    const answered = Object.entries(step.answers ?? {})[0];
    const key = answered ? Object.keys(answered[1])[0] : undefined;
    if (answered && key !== undefined) [model, field] = [answered[0], key];
  }
  return { page: step.page, ...(model !== undefined && field !== undefined ? { fieldId: fieldDomId(model, null, field) } : {}) };
}

function summaryOf(file: string): FixtureSummary {
  const name = path.basename(file, FIXTURE_SUFFIX);
  try {
    const json = recordOr(JSON.parse(readFileSync(file, 'utf8')));
    return { name, description: typeof json.description === 'string' ? json.description : name, formType: typeof json.formType === 'string' ? json.formType : '' };
  } catch {
    return { name, description: name, formType: '' };
  }
}

interface SaveBody {
  name: string;
  fixture: Record<string, unknown>;
  overwrite?: boolean;
}

export const fixtureRoutes: FastifyPluginAsync<{ folder: string }> = async (app, { folder }) => {
  const dir = fixturesDirOf(folder);
  // The folder's flows as the settlement reader makes them (its own, those of the folder it extends, or the repository's).
  const flowOf = (formType: string): FlowFile | undefined => {
    for (const entry of filesIn(readSettlementFolder(folder), 'flows')) {
      const flow = entry.json;
      if (isFlowFile(flow) && flow.formType === formType) return flow;
    }
    return undefined;
  };

  app.get('/api/fixtures', async () => ({ fixtures: fixtureFiles(folder).map(summaryOf) }));

  app.post<{ Body: SaveBody }>(
    '/api/fixtures',
    {
      schema: {
        body: {
          type: 'object',
          required: ['name', 'fixture'],
          additionalProperties: false,
          properties: { name: { type: 'string' }, fixture: { type: 'object' }, overwrite: { type: 'boolean' } },
        },
      },
    },
    async (request, reply) => {
      const { name, overwrite } = request.body;
      if (!FIXTURE_NAME.test(name)) throw new StudioInputError(`"${name}" is not a fixture name: use lowercase letters, digits and hyphens (lookup-class-vehicle)`);
      const file = path.join(dir, `${name}${FIXTURE_SUFFIX}`);
      const schema = path.relative(dir, path.join(ROOT, 'schemas/flow-fixture.schema.json')).split(path.sep).join('/');
      const { $schema: _given, ...rest } = request.body.fixture;
      const fixture = { $schema: schema, ...rest };
      try {
        checkFixture(fixture, file);
      } catch (error) {
        if (!(error instanceof FixtureError)) throw error;
        return reply.code(422).send({ code: 'fixture-invalid', message: `Not saved: the fixture does not match the fixture schema.\n${error.message}` });
      }
      if (existsSync(file) && overwrite !== true) {
        return reply.code(409).send({ code: 'fixture-exists', message: `fixtures/${name}${FIXTURE_SUFFIX} exists already; confirm to overwrite it.` });
      }
      mkdirSync(dir, { recursive: true });
      writeFileSync(file, `${JSON.stringify(fixture, null, 2)}\n`);
      return { saved: path.relative(folder, file).split(path.sep).join('/') };
    },
  );

  app.post<{ Body: { names?: string[] } }>(
    '/api/fixtures/replay',
    { schema: { body: { type: 'object', additionalProperties: false, properties: { names: { type: 'array', items: { type: 'string' } } } } } },
    async (request) => {
      const files = fixtureFiles(folder);
      const wanted = request.body.names;
      for (const name of wanted ?? []) {
        if (!files.some((f) => path.basename(f, FIXTURE_SUFFIX) === name)) throw new StudioInputError(`the folder has no fixture "${name}" (fixtures/${name}${FIXTURE_SUFFIX})`);
      }
      // The folder's files may have changed since the last replay.
      forgetSettlement(folder);
      const results: ReplayResult[] = [];
      for (const file of files.filter((f) => !wanted || wanted.includes(path.basename(f, FIXTURE_SUFFIX)))) {
        results.push(await replay(file, flowOf));
      }
      return { results };
    },
  );

  app.post<{ Body: { name: string; page: string } }>(
    '/api/fixtures/state',
    {
      schema: {
        body: { type: 'object', required: ['name', 'page'], additionalProperties: false, properties: { name: { type: 'string' }, page: { type: 'string' } } },
      },
    },
    async (request, reply) => {
      const { name, page } = request.body;
      const file = fixtureFiles(folder).find((f) => path.basename(f, FIXTURE_SUFFIX) === name);
      if (!file) throw new StudioInputError(`the folder has no fixture "${name}" (fixtures/${name}${FIXTURE_SUFFIX})`);
      // The folder's files may have changed since the last play.
      forgetSettlement(folder);
      const outcome = await stateAt(file, page);
      if ('store' in outcome) return outcome;
      return reply.code(422).send(outcome);
    },
  );

  // The claims server over the folder as it was at its start; a sign-in after a change starts another.
  let claims: { stamp: string; server: Promise<ClaimsServer> } | undefined;
  const stopQuietly = (server: Promise<ClaimsServer>) => server.then((s) => s.stop()).catch(() => undefined);
  app.addHook('onClose', async () => {
    if (claims) await stopQuietly(claims.server);
  });
  const signInServer = async (): Promise<ClaimsServer> => {
    const stamp = folderStamp(folder);
    if (claims && claims.stamp !== stamp) {
      void stopQuietly(claims.server);
      claims = undefined;
    }
    const started = (claims ??= { stamp, server: startClaimsServer(folder) });
    return started.server.catch((error: unknown) => {
      if (claims === started) claims = undefined;
      throw error;
    });
  };
  const flowOrRefuse = (formType: string): FlowFile => {
    const flow = flowOf(formType);
    if (!flow) throw new StudioInputError(`the folder has no flow of the form "${formType}"`);
    return flow;
  };

  app.post<{ Body: { formType: string; credentials: FormModel } }>(
    '/api/walk/authorize',
    {
      schema: {
        body: {
          type: 'object',
          required: ['formType', 'credentials'],
          additionalProperties: false,
          properties: { formType: { type: 'string' }, credentials: { type: 'object' } },
        },
      },
    },
    async (request) => {
      const flow = flowOrRefuse(request.body.formType);
      const server = await signInServer();
      return server.authorize(flow.authorize.endpoint, request.body.credentials);
    },
  );

  // The server the walk signed in to, not a new one: a change of the folder waits for the next sign-in.
  app.get<{ Querystring: { culture?: string } }>('/api/walk/signature-date', async (request) =>
    (await (claims?.server.catch(() => signInServer()) ?? signInServer())).signatureDate(request.query.culture ?? 'en'),
  );

  app.post<{ Body: { formType: string; session: string; payload: SubmissionPayload; files: WalkFile[] } }>(
    '/api/walk/submit',
    {
      // A walk's receipts and invoices: the claims server's own limits judge them.
      bodyLimit: 64 * 1024 * 1024,
      schema: {
        body: {
          type: 'object',
          required: ['formType', 'session', 'payload', 'files'],
          additionalProperties: false,
          properties: {
            formType: { type: 'string' },
            session: { type: 'string' },
            payload: { type: 'object' },
            files: {
              type: 'array',
              items: {
                type: 'object',
                required: ['clientId', 'name', 'type', 'data'],
                additionalProperties: false,
                properties: { clientId: { type: 'string' }, name: { type: 'string' }, type: { type: 'string' }, data: { type: 'string' } },
              },
            },
          },
        },
      },
    },
    async (request, reply) => {
      const { formType, session, payload, files } = request.body;
      const flow = flowOrRefuse(formType);
      if (!flow.submit) throw new StudioInputError(`the form "${formType}" has no submit call in its flow`);
      const server = await claims?.server.catch(() => undefined);
      if (!server?.hasSession(session)) {
        return reply.code(409).send({
          code: 'walk-session-gone',
          message: 'This walk signed in to a claims server that has since been replaced (the folder changed, or the studio restarted). Start the walk again to submit.',
        });
      }
      const documents: DocumentFile[] = files.map((f) => {
        const data = Buffer.from(f.data, 'base64');
        return { clientId: f.clientId, name: f.name, type: f.type, size: data.byteLength, data };
      });
      const { answer } = await server.submit(flow.submit.endpoint, session, { ...payload, documents: documents.length > 0 ? documents : null });
      return answer;
    },
  );
};

/** A file a walk chose, as its Submit sends it to the studio. */
interface WalkFile {
  clientId: string;
  name: string;
  type: string;
  /** The bytes, base64. */
  data: string;
}

/** A problem as the studio lists it: where in the fixture file, and what it concerns in the flow. */
function problemOf(problem: { pointer: string; message: string }, text?: string, place?: () => { page?: string; fieldId?: string }): ReplayProblem {
  const at = text === undefined ? {} : locate(text, problem.pointer);
  return { pointer: problem.pointer, message: problem.message, ...at, ...(place ? place() : {}) };
}

async function replay(file: string, flowOf: (formType: string) => FlowFile | undefined): Promise<ReplayResult> {
  const summary = summaryOf(file);
  try {
    const loaded = loadFixture(file);
    try {
      await runLoaded(loaded);
      return { ...summary, passed: true, problems: [] };
    } catch (error) {
      if (!(error instanceof FixtureError)) throw error;
      const flow = flowOf(loaded.fixture.formType);
      return { ...summary, passed: false, problems: error.problems.map((p) => problemOf(p, loaded.text, () => placeOfProblem(loaded.fixture, flow, p.pointer))) };
    }
  } catch (error) {
    if (error instanceof FixtureError) return { ...summary, passed: false, problems: error.problems.map((p) => problemOf(p)) };
    return { ...summary, passed: false, problems: [{ pointer: '', message: error instanceof Error ? error.message : String(error) }] };
  }
}

/** The answer of POST /api/fixtures/state: the store on the page, or why there is none. */
export type FixtureState = { store: ModelStoreState; step: number } | { code: 'fixture-invalid' | 'fixture-not-reaching' | 'fixture-fails-before'; message: string };

/**
 * Plays a fixture up to a page (the headless player's `until`): the store once the fixture has
 * given its answers and records there. The steps before it must pass as `flows:test` judges them,
 * or the answers would not be those the fixture means.
 */
export async function stateAt(file: string, page: string): Promise<FixtureState> {
  const name = path.basename(file, FIXTURE_SUFFIX);
  const listed = (problems: Array<{ pointer: string; message: string }>) => problems.map((p) => `${p.pointer || '/'}: ${p.message}`).join('\n');
  let loaded;
  try {
    loaded = loadFixture(file);
  } catch (error) {
    if (!(error instanceof FixtureError)) throw error;
    return { code: 'fixture-invalid', message: `The fixture ${name} cannot be read:\n${listed(error.problems)}` };
  }
  const { fixture } = loaded;
  let seen;
  try {
    seen = await playHeadless(loaded, loadSettlement(loaded), { page });
  } catch (error) {
    // A settlement the page logic refuses is the folder's problem to name, as a replay names it, not the studio's failure.
    const problems = error instanceof FixtureError ? error.problems : [{ pointer: '', message: error instanceof Error ? error.message : String(error) }];
    return { code: 'fixture-fails-before', message: `The fixture ${name} fails before it reaches page "${page}":\n${listed(problems)}` };
  }
  // The steps before the page, judged as a replay judges them (the expectations of the whole claim aside).
  const before = { ...fixture, steps: fixture.steps.slice(0, seen.reached?.step ?? fixture.steps.length), expectPages: undefined, expectPayload: undefined, expectNoSubmission: undefined };
  const problems = judge({ ...loaded, fixture: before }, seen);
  if (problems.length > 0) return { code: 'fixture-fails-before', message: `The fixture ${name} fails before it reaches page "${page}":\n${listed(problems)}` };
  if (!seen.reached) {
    return { code: 'fixture-not-reaching', message: `The fixture ${name} never reaches page "${page}" of ${fixture.formType} (its pages: ${seen.pages.join(' → ')}).` };
  }
  return seen.reached;
}
