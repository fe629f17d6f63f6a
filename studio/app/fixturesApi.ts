/** The studio server's fixture and walk calls (studio/server/fixtures.ts). */
import type { AuthorizeResponse, FormModel, ModelStoreState, SignatureDateInfo, SubmissionPayload, SubmitResponse } from '../../runtime/core/types';
import type { FixtureSummary, ReplayResult } from '../server/fixtures';

export type { FixtureSummary, ReplayProblem, ReplayResult } from '../server/fixtures';

export type SaveFixtureResult = { ok: true; saved: string } | { ok: false; exists: boolean; message: string };

async function post<T>(url: string, body: unknown): Promise<{ res: Response; body: T & { message?: string; code?: string } }> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { res, body: (await res.json()) as T & { message?: string; code?: string } };
}

export async function listFixtures(): Promise<FixtureSummary[]> {
  const res = await fetch('/api/fixtures');
  if (!res.ok) throw new Error(`GET /api/fixtures answered ${res.status}`);
  return ((await res.json()) as { fixtures: FixtureSummary[] }).fixtures;
}

export async function saveFixture(name: string, fixture: Record<string, unknown>, overwrite: boolean): Promise<SaveFixtureResult> {
  const { res, body } = await post<{ saved?: string }>('/api/fixtures', { name, fixture, overwrite });
  if (res.ok) return { ok: true, saved: body.saved ?? name };
  return { ok: false, exists: body.code === 'fixture-exists', message: body.message ?? `POST /api/fixtures answered ${res.status}` };
}

export async function replayFixtures(names?: string[]): Promise<ReplayResult[]> {
  const { res, body } = await post<{ results?: ReplayResult[] }>('/api/fixtures/replay', names ? { names } : {});
  if (!res.ok) throw new Error(body.message ?? `POST /api/fixtures/replay answered ${res.status}`);
  return body.results ?? [];
}

/** The form store once the fixture has filled the page (the preview's sample answers), or the server's reason why there is none. */
export async function fixtureState(name: string, page: string): Promise<{ ok: true; store: ModelStoreState } | { ok: false; message: string }> {
  const { res, body } = await post<{ store?: ModelStoreState }>('/api/fixtures/state', { name, page });
  if (res.ok && body.store) return { ok: true, store: body.store };
  return { ok: false, message: body.message ?? `POST /api/fixtures/state answered ${res.status}` };
}

/** A walk's sign-in, answered by the real claims server for the folder, and its session's id. A failed call rejects, as the claimant app's client does. */
export async function walkAuthorize(formType: string, credentials: FormModel): Promise<{ answer: AuthorizeResponse; session: string }> {
  const { res, body } = await post<{ answer: AuthorizeResponse; session: string }>('/api/walk/authorize', { formType, credentials });
  if (!res.ok) throw new Error(body.message ?? `POST /api/walk/authorize answered ${res.status}`);
  return body;
}

/** Today's signature date, as the claims server gives it to the claimant app. */
export async function walkSignatureDate(culture: string): Promise<SignatureDateInfo> {
  const res = await fetch(`/api/walk/signature-date?culture=${encodeURIComponent(culture)}`);
  if (!res.ok) throw new Error(`GET /api/walk/signature-date answered ${res.status}`);
  return (await res.json()) as SignatureDateInfo;
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
  const { res, body } = await post<SubmitResponse>('/api/walk/submit', { formType, session, payload: rest, files });
  if (!res.ok) throw new Error(body.message ?? `POST /api/walk/submit answered ${res.status}`);
  return body;
}
