/** The studio server's fixture and walk calls (studio/server/fixtures.ts). */
import type { AuthorizeResponse, FieldValue, FormModel, ModelStoreState, SignatureDateInfo, SubmissionPayload, SubmitResponse } from '../../runtime/core/types';
import type { FixtureSummary, ReplayProblem, ReplayResult } from '../server/fixtures';
import { isRecord, itemsOf, recordOr, stringOr } from '../json';

export type { FixtureSummary, ReplayProblem, ReplayResult } from '../server/fixtures';

export type SaveFixtureResult = { ok: true; saved: string } | { ok: false; exists: boolean; message: string };

/** The JSON object a call answered (an empty one when it answered something else). */
async function post(url: string, body: unknown): Promise<{ res: Response; body: Record<string, unknown> }> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { res, body: recordOr(await res.json()) };
}

const isFixtureSummary = (value: unknown): value is FixtureSummary => isRecord(value) && typeof value.name === 'string' && typeof value.description === 'string' && typeof value.formType === 'string';
const isReplayProblem = (value: unknown): value is ReplayProblem => isRecord(value) && typeof value.pointer === 'string' && typeof value.message === 'string';

function replayResultOf(value: unknown): ReplayResult[] {
  if (!isRecord(value)) return [];
  const { name, description, formType, passed, problems } = value;
  if (typeof name !== 'string' || typeof description !== 'string' || typeof formType !== 'string' || typeof passed !== 'boolean') return [];
  return [{ name, description, formType, passed, problems: itemsOf(problems, isReplayProblem) }];
}

/** The store's own shape (drafts, saved, everEdited); its models are the claims server's, taken as it sends them. */
const isModelStoreState = (value: unknown): value is ModelStoreState => isRecord(value) && Array.isArray(value.drafts) && Array.isArray(value.saved) && isRecord(value.everEdited);

const textOrNull = (value: unknown): string | null => stringOr(value) ?? null;

/** The claims server's sign-in answer, field by field, as the claimant app's client reads it. */
function authorizeAnswerOf(value: unknown): AuthorizeResponse {
  const answer = recordOr(value);
  const prepopulatedData = answer.prepopulatedData;
  return {
    authorized: answer.authorized === true,
    error: textOrNull(answer.error),
    captcha: textOrNull(answer.captcha),
    prepopulatedData: isRecord(prepopulatedData) ? fieldValuesOf(prepopulatedData) : null,
    ...(answer.code === undefined ? {} : { code: textOrNull(answer.code) }),
  };
}

const isFieldValue = (value: unknown): value is FieldValue => value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
const fieldValuesOf = (values: Record<string, unknown>): Record<string, FieldValue> => Object.fromEntries(Object.entries(values).filter((entry): entry is [string, FieldValue] => isFieldValue(entry[1])));

function submitAnswerOf(value: unknown): SubmitResponse {
  const answer = recordOr(value);
  return {
    submitted: answer.submitted === true,
    error: textOrNull(answer.error),
    referenceCodeForm: textOrNull(answer.referenceCodeForm),
    ...(typeof answer.receiptQueued === 'boolean' ? { receiptQueued: answer.receiptQueued } : {}),
    ...(typeof answer.receiptAddress === 'string' ? { receiptAddress: answer.receiptAddress } : {}),
  };
}

export async function listFixtures(): Promise<FixtureSummary[]> {
  const res = await fetch('/api/fixtures');
  if (!res.ok) throw new Error(`GET /api/fixtures answered ${res.status}`);
  return itemsOf(recordOr(await res.json()).fixtures, isFixtureSummary);
}

export async function saveFixture(name: string, fixture: Record<string, unknown>, overwrite: boolean): Promise<SaveFixtureResult> {
  const { res, body } = await post('/api/fixtures', { name, fixture, overwrite });
  if (res.ok) return { ok: true, saved: stringOr(body.saved) ?? name };
  return { ok: false, exists: body.code === 'fixture-exists', message: stringOr(body.message) ?? `POST /api/fixtures answered ${res.status}` };
}

export async function replayFixtures(names?: string[]): Promise<ReplayResult[]> {
  const { res, body } = await post('/api/fixtures/replay', names ? { names } : {});
  if (!res.ok) throw new Error(stringOr(body.message) ?? `POST /api/fixtures/replay answered ${res.status}`);
  return Array.isArray(body.results) ? body.results.flatMap(replayResultOf) : [];
}

/** The form store once the fixture has filled the page (the preview's sample answers), or the server's reason why there is none. */
export async function fixtureState(name: string, page: string): Promise<{ ok: true; store: ModelStoreState } | { ok: false; message: string }> {
  const { res, body } = await post('/api/fixtures/state', { name, page });
  if (res.ok && isModelStoreState(body.store)) return { ok: true, store: body.store };
  return { ok: false, message: stringOr(body.message) ?? `POST /api/fixtures/state answered ${res.status}` };
}

/** A walk's sign-in, answered by the real claims server for the folder, and its session's id. A failed call rejects, as the claimant app's client does. */
export async function walkAuthorize(formType: string, credentials: FormModel): Promise<{ answer: AuthorizeResponse; session: string }> {
  const { res, body } = await post('/api/walk/authorize', { formType, credentials });
  if (!res.ok) throw new Error(stringOr(body.message) ?? `POST /api/walk/authorize answered ${res.status}`);
  const session = stringOr(body.session);
  if (session === undefined) throw new Error('POST /api/walk/authorize answered without a session');
  return { answer: authorizeAnswerOf(body.answer), session };
}

/** Today's signature date, as the claims server gives it to the claimant app. */
export async function walkSignatureDate(culture: string): Promise<SignatureDateInfo> {
  const res = await fetch(`/api/walk/signature-date?culture=${encodeURIComponent(culture)}`);
  if (!res.ok) throw new Error(`GET /api/walk/signature-date answered ${res.status}`);
  const { signatureDate, display } = recordOr(await res.json());
  if (typeof signatureDate !== 'string' || typeof display !== 'string') throw new Error('GET /api/walk/signature-date did not answer a signature date');
  return { signatureDate, display };
}

/** The bytes of a chosen file as base64 (the studio's JSON call carries them). */
async function base64Of(data: Blob | Uint8Array): Promise<string> {
  // A file chosen in the walk's frame is a Blob of the frame's window: not `instanceof` this one's Blob.
  const bytes = data instanceof Uint8Array ? data : new Uint8Array(await data.arrayBuffer());
  let text = '';
  // In slices: String.fromCharCode takes a bounded number of arguments.
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
}

/** A walk's claim, sent by the claims server in the sign-in's session: its answer. A failed call rejects. */
export async function walkSubmit(formType: string, session: string, payload: SubmissionPayload): Promise<SubmitResponse> {
  const { documents, ...rest } = payload;
  const files = await Promise.all((documents ?? []).map(async (d) => ({ clientId: d.clientId, name: d.name, type: d.type, data: await base64Of(d.data) })));
  const { res, body } = await post('/api/walk/submit', { formType, session, payload: rest, files });
  if (!res.ok) throw new Error(stringOr(body.message) ?? `POST /api/walk/submit answered ${res.status}`);
  return submitAnswerOf(body);
}
