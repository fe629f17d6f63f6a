/** The studio server's fixture and walk calls (studio/server/fixtures.ts). */
import type { AuthorizeResponse, FormModel } from '../../runtime/core/types';
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

/** A walk's sign-in, answered by the real claims server for the folder. A failed call rejects, as the claimant app's client does. */
export async function walkAuthorize(formType: string, credentials: FormModel): Promise<AuthorizeResponse> {
  const { res, body } = await post<AuthorizeResponse>('/api/walk/authorize', { formType, credentials });
  if (!res.ok) throw new Error(body.message ?? `POST /api/walk/authorize answered ${res.status}`);
  return body;
}
