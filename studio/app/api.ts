/** The studio server's JSON API (studio/server/app.ts). */

export type FileKind = 'flow' | 'locale' | 'models' | 'settlement' | 'fixture';

export interface FolderFile {
  id: string;
  kind: FileKind;
  path: string;
  json: unknown;
}

/** A checker problem: the file (studio id or folder path), the JSON pointer, what is wrong and how to fix it. */
export interface Issue {
  file: string;
  pointer: string;
  message: string;
  hint: string;
  line?: number;
  column?: number;
}

export interface FolderResponse {
  folder: string;
  files: FolderFile[];
  issues: Issue[];
  unusedKeys: string[];
  /** The settlement's theme (settings.json): default, ftc or kontent. */
  theme: string;
  /** The folder is empty: the studio offers to make a new settlement in it, with some of these forms. */
  empty?: boolean;
  newSettlementForms?: string[];
}

/** The files' JSON by id. */
export type Documents = Record<string, unknown>;

export async function loadFolder(): Promise<FolderResponse> {
  const res = await fetch('/api/folder');
  if (!res.ok) throw new Error(`GET /api/folder answered ${res.status}`);
  return (await res.json()) as FolderResponse;
}

export async function checkChanges(changes: Documents): Promise<Issue[]> {
  const res = await fetch('/api/check', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ changes }) });
  const body = (await res.json()) as { issues?: Issue[]; message?: string };
  if (!res.ok) throw new Error(body.message ?? `POST /api/check answered ${res.status}`);
  return body.issues ?? [];
}

export type SaveResult = { ok: true; saved: string[] } | { ok: false; checkerRefused: boolean; message: string; issues: Issue[] };

export async function saveChanges(changes: Documents): Promise<SaveResult> {
  const res = await fetch('/api/save', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ changes }) });
  const body = (await res.json()) as { saved?: string[]; code?: string; message?: string; issues?: Issue[] };
  if (res.ok) return { ok: true, saved: body.saved ?? [] };
  return { ok: false, checkerRefused: body.code === 'checker-refused', message: body.message ?? `POST /api/save answered ${res.status}`, issues: body.issues ?? [] };
}

/** The ids whose JSON differs between the two. */
export function changedIds(saved: Documents, working: Documents): string[] {
  return Object.keys(working).filter((id) => JSON.stringify(saved[id]) !== JSON.stringify(working[id]));
}

export type CreateResult = { ok: true; created: string[] } | { ok: false; message: string; issues: Issue[] };

/** Makes a new settlement with `forms` in the (empty) folder. */
export async function createSettlement(forms: readonly string[]): Promise<CreateResult> {
  const res = await fetch('/api/create', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ forms }) });
  const body = (await res.json()) as { created?: string[]; message?: string; issues?: Issue[] };
  if (res.ok) return { ok: true, created: body.created ?? [] };
  return { ok: false, message: body.message ?? `POST /api/create answered ${res.status}`, issues: body.issues ?? [] };
}
