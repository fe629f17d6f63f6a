/** The studio server's JSON API (studio/server/app.ts). */
import type { ClassListRowProblem, ClassListTable } from '../server/class-lists';

export type { ClassListRowProblem, ClassListTable } from '../server/class-lists';

export type FileKind = 'flow' | 'locale' | 'models' | 'settlement' | 'fixture';

export interface FolderFile {
  id: string;
  kind: FileKind;
  path: string;
  /** The files it is made from (more than one when the folder extends another and patches it). */
  from?: string[];
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
  /** What the checker warns of without refusing a save (texts still to write, VINs failing their check digit). */
  warnings: Issue[];
  unusedKeys: string[];
  /** The folders this one extends (settlement.json), nearest first. */
  extended?: string[];
  /** The settlement's theme (settings.json): default, ftc or kontent. */
  theme: string;
  /** The folder is empty: the studio offers to make a new settlement in it, with some of these forms. */
  empty?: boolean;
  newSettlementForms?: string[];
  /** The sign-ins a new settlement may start with (studio/server/new-settlement.ts). */
  newSettlementSignIns?: string[];
}

/** The files' JSON by id. */
export type Documents = Record<string, unknown>;

export async function loadFolder(): Promise<FolderResponse> {
  const res = await fetch('/api/folder');
  if (!res.ok) throw new Error(`GET /api/folder answered ${res.status}`);
  return (await res.json()) as FolderResponse;
}

export interface CheckReport {
  issues: Issue[];
  warnings: Issue[];
}

export async function checkChanges(changes: Documents): Promise<CheckReport> {
  const res = await fetch('/api/check', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ changes }) });
  const body = (await res.json()) as { issues?: Issue[]; warnings?: Issue[]; message?: string };
  if (!res.ok) throw new Error(body.message ?? `POST /api/check answered ${res.status}`);
  return { issues: body.issues ?? [], warnings: body.warnings ?? [] };
}

export type SaveResult =
  | { ok: true; saved: string[] }
  | { ok: false; checkerRefused: boolean; message: string; issues: Issue[]; changedOnDisk?: string[] };

/**
 * Saves the changed files. `bases` are those files as the studio read them: one changed on disk
 * since is refused (`changedOnDisk`) rather than saved over, unless `overwrite`.
 */
export async function saveChanges(changes: Documents, bases: Documents = {}, overwrite = false): Promise<SaveResult> {
  const res = await fetch('/api/save', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ changes, bases, overwrite }) });
  const body = (await res.json()) as { saved?: string[]; code?: string; message?: string; issues?: Issue[]; files?: string[] };
  if (res.ok) return { ok: true, saved: body.saved ?? [] };
  return {
    ok: false,
    checkerRefused: body.code === 'checker-refused',
    message: body.message ?? `POST /api/save answered ${res.status}`,
    issues: body.issues ?? [],
    ...(body.code === 'changed-on-disk' ? { changedOnDisk: body.files ?? [] } : {}),
  };
}

/** The ids whose JSON differs between the two. */
export function changedIds(saved: Documents, working: Documents): string[] {
  return Object.keys(working).filter((id) => JSON.stringify(saved[id]) !== JSON.stringify(working[id]));
}

export type CreateResult = { ok: true; created: string[] } | { ok: false; message: string; issues: Issue[] };

export interface NewSettlementRequest {
  forms: readonly string[];
  signIn: string;
  identity: { name: string; shortName: string; email: string; website: string };
}

/** Makes a new settlement with these forms, sign-in and identity in the (empty) folder. */
export async function createSettlement(request: NewSettlementRequest): Promise<CreateResult> {
  const res = await fetch('/api/create', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(request) });
  const body = (await res.json()) as { created?: string[]; message?: string; issues?: Issue[] };
  if (res.ok) return { ok: true, created: body.created ?? [] };
  return { ok: false, message: body.message ?? `POST /api/create answered ${res.status}`, issues: body.issues ?? [] };
}

export async function loadClassLists(): Promise<ClassListTable[]> {
  const res = await fetch('/api/class-lists');
  if (!res.ok) throw new Error(`GET /api/class-lists answered ${res.status}`);
  return ((await res.json()) as { lists: ClassListTable[] }).lists;
}

export type ClassListSaveResult = { ok: true; table: ClassListTable } | { ok: false; message: string; problems: ClassListRowProblem[] };

/** Writes the class list's rows (under its header); refused with each row's problem. */
export async function saveClassList(file: string, rows: string[][]): Promise<ClassListSaveResult> {
  const res = await fetch(`/api/class-lists/${encodeURIComponent(file)}`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ rows }) });
  const body = (await res.json()) as ClassListTable & { message?: string; problems?: ClassListRowProblem[] };
  if (res.ok) return { ok: true, table: body };
  return { ok: false, message: body.message ?? `PUT /api/class-lists/${file} answered ${res.status}`, problems: body.problems ?? [] };
}
