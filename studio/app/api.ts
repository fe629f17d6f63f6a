/** The studio server's JSON API (studio/server/app.ts). */
import type { ClassListRowProblem, ClassListTable } from '../server/class-lists';
import { isRecord, isString, itemsOf, recordOr, stringArray, stringOr } from '../json';

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
  /** The folder is empty: the studio offers to make a new settlement in it, from one of these templates (templates/). */
  empty?: boolean;
  newSettlementTemplates?: string[];
}

/** The files' JSON by id. */
export type Documents = Record<string, unknown>;

const FILE_KINDS: readonly FileKind[] = ['flow', 'locale', 'models', 'settlement', 'fixture'];
const isFileKind = (value: unknown): value is FileKind => FILE_KINDS.some((kind) => kind === value);

const isFolderFile = (value: unknown): value is FolderFile => isRecord(value) && typeof value.id === 'string' && isFileKind(value.kind) && typeof value.path === 'string' && 'json' in value;

/** The issues of an answer's list (none when it has no such list); a member missing from one reads as empty, so no problem goes unshown. */
const issuesOf = (value: unknown): Issue[] =>
  itemsOf(value, isRecord).map(({ file, pointer, message, hint, line, column }) => ({
    file: stringOr(file) ?? '',
    pointer: stringOr(pointer) ?? '',
    message: stringOr(message) ?? '',
    hint: stringOr(hint) ?? '',
    ...(typeof line === 'number' ? { line } : {}),
    ...(typeof column === 'number' ? { column } : {}),
  }));

/** GET /api/folder's answer, checked member by member. */
export function folderResponseOf(value: unknown): FolderResponse {
  const body = recordOr(value);
  const { folder, theme, empty } = body;
  if (typeof folder !== 'string' || !Array.isArray(body.files)) throw new Error('GET /api/folder did not answer a folder and its files');
  const newSettlementTemplates = stringArray(body.newSettlementTemplates);
  return {
    folder,
    files: body.files.filter(isFolderFile),
    issues: issuesOf(body.issues),
    warnings: issuesOf(body.warnings),
    unusedKeys: itemsOf(body.unusedKeys, isString),
    theme: stringOr(theme) ?? 'default',
    ...(typeof empty === 'boolean' ? { empty } : {}),
    ...(newSettlementTemplates ? { newSettlementTemplates } : {}),
  };
}

export async function loadFolder(): Promise<FolderResponse> {
  const res = await fetch('/api/folder');
  if (!res.ok) throw new Error(`GET /api/folder answered ${res.status}`);
  return folderResponseOf(await res.json());
}

export interface CheckReport {
  issues: Issue[];
  warnings: Issue[];
}

export async function checkChanges(changes: Documents): Promise<CheckReport> {
  const res = await fetch('/api/check', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ changes }) });
  const body = recordOr(await res.json());
  if (!res.ok) throw new Error(stringOr(body.message) ?? `POST /api/check answered ${res.status}`);
  return { issues: issuesOf(body.issues), warnings: issuesOf(body.warnings) };
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
  const body = recordOr(await res.json());
  if (res.ok) return { ok: true, saved: itemsOf(body.saved, isString) };
  return {
    ok: false,
    checkerRefused: body.code === 'checker-refused',
    message: stringOr(body.message) ?? `POST /api/save answered ${res.status}`,
    issues: issuesOf(body.issues),
    ...(body.code === 'changed-on-disk' ? { changedOnDisk: itemsOf(body.files, isString) } : {}),
  };
}

/** The ids whose JSON differs between the two. */
export function changedIds(saved: Documents, working: Documents): string[] {
  return Object.keys(working).filter((id) => JSON.stringify(saved[id]) !== JSON.stringify(working[id]));
}

export type CreateResult = { ok: true; created: string[] } | { ok: false; message: string; issues: Issue[] };

export interface NewSettlementIdentity {
  name: string;
  shortName: string;
  administrator: string;
  email: string;
  website: string;
  timeZone: string;
}

export interface NewSettlementRequest {
  template: string;
  identity: NewSettlementIdentity;
}

/** Makes a new settlement from this template with this identity in the (empty) folder. */
export async function createSettlement(request: NewSettlementRequest): Promise<CreateResult> {
  const res = await fetch('/api/create', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(request) });
  const body = recordOr(await res.json());
  if (res.ok) return { ok: true, created: itemsOf(body.created, isString) };
  return { ok: false, message: stringOr(body.message) ?? `POST /api/create answered ${res.status}`, issues: issuesOf(body.issues) };
}

export async function loadClassLists(): Promise<ClassListTable[]> {
  const res = await fetch('/api/class-lists');
  if (!res.ok) throw new Error(`GET /api/class-lists answered ${res.status}`);
  return itemsOf(recordOr(await res.json()).lists, isClassListTable);
}

const isRow = (value: unknown): value is string[] => stringArray(value) !== undefined;

const isClassListTable = (value: unknown): value is ClassListTable =>
  isRecord(value) && typeof value.file === 'string' && isRow(value.columns) && isRow(value.required) && Array.isArray(value.rows) && value.rows.every(isRow);

const isRowProblem = (value: unknown): value is ClassListRowProblem => isRecord(value) && typeof value.row === 'number' && typeof value.message === 'string';

export type ClassListSaveResult = { ok: true; table: ClassListTable } | { ok: false; message: string; problems: ClassListRowProblem[] };

/** Writes the class list's rows (under its header); refused with each row's problem. */
export async function saveClassList(file: string, rows: string[][]): Promise<ClassListSaveResult> {
  const res = await fetch(`/api/class-lists/${encodeURIComponent(file)}`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ rows }) });
  const body: unknown = await res.json();
  if (res.ok && isClassListTable(body)) return { ok: true, table: body };
  const answer = recordOr(body);
  return { ok: false, message: stringOr(answer.message) ?? `PUT /api/class-lists/${file} answered ${res.status}`, problems: itemsOf(answer.problems, isRowProblem) };
}
