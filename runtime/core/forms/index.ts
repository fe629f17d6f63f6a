/**
 * The forms a settlement offers and how class members sign in to each (forms.json), resolved
 * against its flows; without forms.json, the spec's three forms (§2) signed in as the spec's
 * sample is: a class VIN, and optionally a Notice ID + PIN that fill in the claimant's details.
 * Pure data and functions: the server, the checker and the tests read the same resolution.
 */
import type { FlowFile, FormType, ModelConfig } from '../types';
import { VIN_CHECK_DIGIT_RULE } from '../rules/adapters/vinCheckDigit';
import type { FlowIssue } from '../flow/issues';
import { didYouMean } from '../flow/nearest';

export type FormKind = 'claim' | 'lookup' | 'exclusion';
export type CredentialMatch = 'vin' | 'identifier' | 'secret';

/** One credential field of a form's Credentials model and what it is matched against. */
export interface CredentialDeclaration {
  field: string;
  match: CredentialMatch;
  /** The class-list column (identifier, secret). */
  column?: string;
  /** identifier: may be left empty (with its secret). */
  optional?: boolean;
  /** vin: its 9th character must be its check digit. */
  checkDigit?: boolean;
}

export interface SignInDeclaration {
  credentials: CredentialDeclaration[];
  /** Class-list column → prepopulatedDataKey. */
  prefill?: Record<string, string>;
}

export interface FormDeclaration {
  id: FormType;
  kind: FormKind;
  /** 'flows/<file>.json', relative to the settlement folder. */
  flow: string;
  referencePrefix: string;
  signIn: SignInDeclaration;
}

export interface ClassListDeclaration {
  columns: string[];
  required?: string[];
}

/** forms.json as written. */
export interface FormsFile {
  $schema?: string;
  classList?: ClassListDeclaration;
  forms: FormDeclaration[];
}

/** How a form signs in, by role: the field names of its Credentials model, and the columns matched. */
export interface SignIn {
  /** The VIN field, checked against the class-vehicle list. */
  vin?: string;
  /** The VIN's check digit is verified (page and server) before the class-vehicle list is read. */
  vinCheckDigit?: boolean;
  /** The identifier field and the class-list column it names a row by. */
  identifier?: { field: string; column: string; optional: boolean };
  /** The secret field and the column it must equal (stored hashed). */
  secret?: { field: string; column: string };
  /** Class-list column → prepopulatedDataKey. */
  prefill: Record<string, string>;
}

/** A form as the server runs it. */
export interface SettlementForm {
  id: FormType;
  kind: FormKind;
  referencePrefix: string;
  signIn: SignIn;
}

/** The class list's header as the import reads it. */
export interface ClassListHeader {
  /** Every column the file may have. */
  known: string[];
  /** Columns every row fills. */
  required: string[];
  /** The column naming a row at sign-in. */
  identifier: string;
  /** The column stored as a keyed hash, when a form signs in with a secret. */
  secret?: string;
  /** The column holding the member's VIN, when a form signs in with a VIN and an identifier. */
  vin?: string;
}

/** The spec's sample class-list header: the columns of server-fixtures/class-members.csv. */
export const SPEC_CLASS_LIST: ClassListHeader = {
  known: [
    'noticeId',
    'pin',
    'firstName',
    'middleInitial',
    'lastName',
    'mailingStreetLine1',
    'mailingStreetLine2',
    'mailingCity',
    'mailingSubDivision',
    'mailingPostalCode',
    'mailingSubDivisionNonUS',
    'mailingPostalCodeNonUS',
    'mailingCountry',
    'emailAddress',
    'phoneNumber',
    'vin',
  ],
  required: ['noticeId', 'pin', 'firstName', 'lastName', 'vin'],
  identifier: 'noticeId',
  secret: 'pin',
  vin: 'vin',
};

/** The prepopulatedData keys of the spec's sample, by the class-list column each reads. */
const SPEC_PREFILL: Record<string, string> = {
  firstName: 'FirstName',
  middleInitial: 'MiddleInitial',
  lastName: 'LastName',
  mailingStreetLine1: 'MailingStreetLine1',
  mailingStreetLine2: 'MailingStreetLine2',
  mailingCity: 'MailingCity',
  mailingSubDivision: 'MailingSubDivision',
  mailingPostalCode: 'MailingPostalCode',
  mailingSubDivisionNonUS: 'MailingSubDivisionNonUS',
  mailingPostalCodeNonUS: 'MailingPostalCodeNonUS',
  mailingCountry: 'MailingCountry',
  emailAddress: 'EmailAddress',
  phoneNumber: 'PhoneNumber',
};

const SPEC_SIGN_IN: SignIn = {
  vin: 'vin',
  identifier: { field: 'noticeId', column: 'noticeId', optional: true },
  secret: { field: 'pin', column: 'pin' },
  prefill: SPEC_PREFILL,
};

/** The spec's three forms (§2, §7): the forms of a settlement without forms.json. */
export const SPEC_FORMS: readonly SettlementForm[] = [
  { id: 'Automotive', kind: 'claim', referencePrefix: 'AUT', signIn: SPEC_SIGN_IN },
  { id: 'Lookup', kind: 'lookup', referencePrefix: 'LKP', signIn: { vin: 'vin', prefill: {} } },
  { id: 'Exclusion', kind: 'exclusion', referencePrefix: 'EXC', signIn: SPEC_SIGN_IN },
];

/** A declared sign-in by role (the checker has refused a declaration with two of one role). */
export function signInOf(declaration: SignInDeclaration): SignIn {
  const byMatch = (m: CredentialMatch) => declaration.credentials.find((c) => c.match === m);
  const vin = byMatch('vin');
  const identifier = byMatch('identifier');
  const secret = byMatch('secret');
  return {
    ...(vin ? { vin: vin.field } : {}),
    ...(vin?.checkDigit ? { vinCheckDigit: true } : {}),
    ...(identifier ? { identifier: { field: identifier.field, column: identifier.column ?? identifier.field, optional: identifier.optional === true } } : {}),
    ...(secret ? { secret: { field: secret.field, column: secret.column ?? secret.field } } : {}),
    prefill: { ...(declaration.prefill ?? {}) },
  };
}

/** The settlement's forms: forms.json's, else the spec's three. */
export function settlementForms(file: FormsFile | undefined): SettlementForm[] {
  if (!file) return [...SPEC_FORMS];
  return file.forms.map((f) => ({ id: f.id, kind: f.kind, referencePrefix: f.referencePrefix, signIn: signInOf(f.signIn) }));
}

/** The class list's header: forms.json's `classList` and credentials, else the spec's sample. */
export function classListHeader(file: FormsFile | undefined): ClassListHeader {
  if (!file?.classList) return SPEC_CLASS_LIST;
  const forms = settlementForms(file);
  const identifier = forms.find((f) => f.signIn.identifier)?.signIn.identifier?.column;
  const secret = forms.find((f) => f.signIn.secret)?.signIn.secret?.column;
  const { columns } = file.classList;
  const vin = forms.some((f) => f.signIn.vin && f.signIn.identifier) && columns.includes('vin') ? 'vin' : undefined;
  // A credential column the header does not declare is the checker's report on forms.json, not a missing CSV column.
  const credentialColumns = [identifier, secret, vin].filter((c): c is string => !!c && columns.includes(c));
  return {
    known: [...file.classList.columns],
    required: [...new Set([...credentialColumns, ...(file.classList.required ?? [])])],
    identifier: identifier ?? file.classList.columns[0]!,
    ...(secret ? { secret } : {}),
    ...(vin ? { vin } : {}),
  };
}

/** The form of an id, or undefined. */
export function formOf(forms: readonly SettlementForm[], id: FormType): SettlementForm | undefined {
  return forms.find((f) => f.id === id);
}

/** Every prepopulatedDataKey the fields of a flow name. */
function prepopulatedKeys(flow: FlowFile): Set<string> {
  const keys = new Set<string>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) {
        if (k === 'prepopulatedDataKey' && typeof v === 'string') {
          keys.add(v);
        } else if (k === 'prepopulatedDataKeys' && v && typeof v === 'object') {
          for (const key of Object.values(v)) if (typeof key === 'string') keys.add(key);
        } else {
          visit(v);
        }
      }
    }
  };
  visit(flow.pages);
  return keys;
}

/** What the checker knows beside forms.json. */
export interface FormsContext {
  /** The flows read, with their files relative to the folder ('flows/claim.json'). */
  flows: ReadonlyArray<{ file: string; flow: FlowFile }>;
  /** The Credentials fields of each form type, from the model configs. */
  credentialFields: (formType: FormType) => string[] | undefined;
}

/**
 * Every problem of forms.json against itself, the flows and the model configs, each with its JSON
 * pointer and a hint naming the nearest known name.
 */
export function formsIssues(file: FormsFile, fileName: string, context: FormsContext): FlowIssue[] {
  const issues: FlowIssue[] = [];
  const at = (ptr: string, message: string, hint: string) => issues.push({ file: fileName, pointer: ptr, message, hint });
  const columns = file.classList?.columns;
  const flowFiles = context.flows.map((f) => f.file);
  const ids = new Set<string>();
  const prefixes = new Map<string, number>();
  let identifierColumn: string | undefined;
  let secretColumn: string | undefined;

  file.forms.forEach((form, i) => {
    const base = `/forms/${i}`;
    if (ids.has(form.id)) at(`${base}/id`, `form "${form.id}" is declared twice`, 'give each form its own id');
    ids.add(form.id);
    const other = prefixes.get(form.referencePrefix);
    if (other !== undefined) at(`${base}/referencePrefix`, `reference prefix "${form.referencePrefix}" is already the prefix of /forms/${other}`, 'give each form its own three letters');
    else prefixes.set(form.referencePrefix, i);

    const flow = context.flows.find((f) => f.file === form.flow);
    if (!flow) at(`${base}/flow`, `no flow file "${form.flow}"`, didYouMean(form.flow, flowFiles) || `the flows are: ${flowFiles.join(', ') || 'none'}`);
    else if (flow.flow.formType !== form.id) at(`${base}/flow`, `the flow "${form.flow}" is of form type "${flow.flow.formType}", not "${form.id}"`, `set its "formType" to "${form.id}" or name another flow`);
    if (flow && form.kind === 'lookup' && flow.flow.submit) at(`${base}/kind`, 'a lookup form files nothing, but its flow has a submit call', 'remove the flow\'s "submit" or make the form a claim');
    if (flow && form.kind !== 'lookup' && !flow.flow.submit) at(`${base}/kind`, `a ${form.kind} form is filed, but its flow has no submit call`, 'add "submit" to the flow, or make the form a lookup');

    const fields = context.credentialFields(form.id);
    const seen = new Map<CredentialMatch, number>();
    form.signIn.credentials.forEach((credential, j) => {
      const ptr = `${base}/signIn/credentials/${j}`;
      if (seen.has(credential.match)) at(`${ptr}/match`, `a second "${credential.match}" credential`, 'a form signs in with at most one VIN, one identifier and one secret');
      seen.set(credential.match, j);
      if (fields && !fields.includes(credential.field)) at(`${ptr}/field`, `"${credential.field}" is not a field of the ${form.id} Credentials model`, didYouMean(credential.field, fields) || `add it to models.json or use one of: ${fields.join(', ')}`);
      if (credential.match === 'vin') {
        if (credential.column !== undefined) at(`${ptr}/column`, 'a VIN is matched against the class-vehicle list, not a class-list column', 'remove "column"');
      } else if (credential.column === undefined) {
        at(ptr, `the ${credential.match} credential names no class-list column`, 'add "column": the class-members.csv column it is matched against');
      } else if (columns && !columns.includes(credential.column)) {
        at(`${ptr}/column`, `"${credential.column}" is not a column of the class list`, didYouMean(credential.column, columns) || `add it to /classList/columns`);
      } else if (!columns) {
        at(`${ptr}/column`, 'a credential matched against the class list needs its header', 'add "classList": { "columns": [...] } naming the class-members.csv header');
      }
      if (credential.optional !== undefined && credential.match !== 'identifier') at(`${ptr}/optional`, `only an identifier may be optional`, 'remove "optional"');
      if (credential.checkDigit !== undefined && credential.match !== 'vin') at(`${ptr}/checkDigit`, `only a VIN has a check digit, not this ${credential.match} credential`, 'remove "checkDigit"');
      if (credential.match === 'identifier' && credential.column) {
        if (identifierColumn && identifierColumn !== credential.column) at(`${ptr}/column`, `the forms name class members by two columns ("${identifierColumn}", "${credential.column}")`, 'every form\'s identifier is the same class-list column');
        identifierColumn ??= credential.column;
      }
      if (credential.match === 'secret' && credential.column) {
        if (secretColumn && secretColumn !== credential.column) at(`${ptr}/column`, `the forms check two secret columns ("${secretColumn}", "${credential.column}")`, 'every form\'s secret is the same class-list column');
        secretColumn ??= credential.column;
      }
    });
    const roles = form.signIn.credentials.map((c) => c.match);
    if (roles.includes('secret') && !roles.includes('identifier')) at(`${base}/signIn/credentials`, 'a secret needs an identifier (the row it is checked against)', 'add an identifier credential (a Notice ID, a Claim ID)');
    if (form.kind === 'lookup' && roles.some((r) => r !== 'vin' && r !== 'identifier')) at(`${base}/signIn/credentials`, 'a lookup asks one question: a VIN or an identifier, no secret', 'remove the secret of the lookup form');
    const identifier = form.signIn.credentials.find((c) => c.match === 'identifier');
    if (identifier?.optional && !roles.includes('vin')) at(`${base}/signIn/credentials/${form.signIn.credentials.indexOf(identifier)}/optional`, 'an optional identifier needs a VIN to sign in by when it is left empty', 'remove "optional" or add a VIN credential');

    const prefill = form.signIn.prefill ?? {};
    const keys = flow ? prepopulatedKeys(flow.flow) : undefined;
    for (const [column, key] of Object.entries(prefill)) {
      const ptr = `${base}/signIn/prefill/${column.replace(/~/g, '~0').replace(/\//g, '~1')}`;
      if (!roles.includes('identifier')) at(ptr, 'prefill needs an identifier credential (the row the values come from)', 'add an identifier credential or remove "prefill"');
      if (columns && !columns.includes(column)) at(ptr, `"${column}" is not a column of the class list`, didYouMean(column, columns) || 'add it to /classList/columns');
      if (column === secretColumn) at(ptr, `"${column}" is the secret column: it is kept hashed and never sent back`, 'prefill from another column');
      if (keys && !keys.has(key)) at(ptr, `no field of ${form.flow} has prepopulatedDataKey "${key}"`, didYouMean(key, [...keys]) || `set "prepopulatedDataKey": "${key}" on the field it fills`);
    }
  });

  for (const { file: flowFile, flow } of context.flows) {
    if (!ids.has(flow.formType)) issues.push({ file: fileName, pointer: '/forms', message: `the flow ${flowFile} (form type "${flow.formType}") is not a declared form`, hint: didYouMean(flow.formType, [...ids]) || `declare it in /forms with "flow": "${flowFile}"` });
  }
  const required = file.classList?.required ?? [];
  required.forEach((column, k) => {
    if (columns && !columns.includes(column)) at(`/classList/required/${k}`, `"${column}" is not a column of the class list`, didYouMean(column, columns) || 'add it to /classList/columns');
  });
  return issues;
}

/**
 * The model configs with the rules each form's sign-in declares on its Credentials fields (a VIN's
 * check digit), so the page and the server check them as they check the model's own rules.
 */
export function withSignInRules<M extends ModelConfig>(models: readonly M[], forms: readonly SettlementForm[]): M[] {
  return models.map((model) => {
    if (model.metadata.dtoMapping !== 'Credentials') return model;
    const signIn = formOf(forms, model.metadata.formType)?.signIn;
    const vin = signIn?.vinCheckDigit ? signIn.vin : undefined;
    const field = vin ? model.fields[vin] : undefined;
    if (!vin || !field || field.validations.some((rule) => rule.type === VIN_CHECK_DIGIT_RULE)) return model;
    return { ...model, fields: { ...model.fields, [vin]: { ...field, validations: [...field.validations, { type: VIN_CHECK_DIGIT_RULE }] } } };
  });
}
