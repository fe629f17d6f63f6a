/**
 * The class-list header a settlement folder declares (forms.json `classList`), read without the
 * whole folder's checks: the admin commands import a class list into a database the server of
 * that folder reads, so they read the columns the same way.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { classListHeader, settlementForms, type ClassListHeader, type FormsFile } from '../../runtime/core/forms/index.js';

export const FORMS_FILE = 'forms.json';

/** The class-members.csv header of the folder: its forms.json's, else the spec's sample. */
export function declaredClassListHeader(dir: string): ClassListHeader {
  const file = path.join(dir, FORMS_FILE);
  if (!existsSync(file)) return classListHeader(undefined);
  return classListHeader(JSON.parse(readFileSync(file, 'utf8')) as FormsFile);
}

/** The form ids of the folder: its forms.json's, else the spec's three. */
export function declaredFormIds(dir: string): string[] {
  const file = path.join(dir, FORMS_FILE);
  if (!existsSync(file)) return settlementForms(undefined).map((f) => f.id);
  return settlementForms(JSON.parse(readFileSync(file, 'utf8')) as FormsFile).map((f) => f.id);
}
