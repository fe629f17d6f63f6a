/**
 * The class-list header a settlement folder declares (forms.json `classList`), read without the
 * whole folder's checks: the admin commands import a class list into a database the server of
 * that folder reads, so they read the columns the same way (through the settlement reader, so a
 * folder that extends another declares what the merged forms.json says).
 */
import { classListHeader, settlementForms, type ClassListHeader, type FormsFile } from '../../runtime/core/forms/index.js';
import { FORMS_FILE, SETTLEMENT_FILES } from '../../settlement/files.js';
import { readSettlementFolder } from '../../settlement/read.js';
import { matchesSchema } from '../../tooling/flow/validate-schema.js';

export { FORMS_FILE };

/** forms.json of the folder, when it has one its schema accepts (the server's start reports its problems). */
function declaredForms(dir: string): FormsFile | undefined {
  const entry = readSettlementFolder(dir).files.get(FORMS_FILE);
  return entry?.parsed && matchesSchema(SETTLEMENT_FILES['forms.json'], entry.json) ? entry.json : undefined;
}

/** The class-members.csv header of the folder: its forms.json's, else the spec's sample. */
export function declaredClassListHeader(dir: string): ClassListHeader {
  return classListHeader(declaredForms(dir));
}

/** The form ids of the folder: its forms.json's, else the spec's three. */
export function declaredFormIds(dir: string): string[] {
  return settlementForms(declaredForms(dir)).map((f) => f.id);
}
