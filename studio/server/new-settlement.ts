/**
 * A new settlement in an empty folder: the forms the author picks among the product's three
 * (Automotive, Lookup, Exclusion), each starting from the shipped flow of that kind, with their
 * model configs, English and Spanish locales, the settlement files (settings, deadlines, captcha,
 * whitelist) and class lists that hold only their header. Written only when the checker passes
 * on the whole new folder, so `npm run flows:check <folder>` accepts it; the author then edits it.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkFolder, settlementPaths } from '../../tooling/flow/check-folder';
import type { FlowIssue } from '../../runtime/core/flow/issues';
import { SPEC_FORMS } from '../../runtime/core/forms';
import { arrayOr, isRecord, itemAt, recordOr, stringOr } from '../json';
import { editJsonText } from './json-edit';
import { placeholderText } from '../../tooling/flow/placeholder';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SAMPLE = path.join(ROOT, 'server-fixtures');

/** The forms a new settlement may start with: the spec's three. */
export const NEW_SETTLEMENT_FORMS = ['Automotive', 'Lookup', 'Exclusion'] as const;
export const NEW_SETTLEMENT_CULTURES = ['en', 'es'] as const;
/**
 * How class members sign in: the sample's VIN with an optional Notice ID and PIN, or a member ID
 * with the ZIP code the notice went to (no VIN anywhere), as the data-breach settlement does.
 */
export const NEW_SETTLEMENT_SIGN_INS = ['vin-notice-pin', 'member-zip'] as const;
export type NewSettlementSignIn = (typeof NEW_SETTLEMENT_SIGN_INS)[number];

/** Who the new settlement is: its texts and site.json are written from these. */
export interface NewSettlementIdentity {
  /** The settlement's full name: the site title, the banner. */
  name: string;
  /** A short name: the administrator's name in the footer. */
  shortName: string;
  /** The administrator's contact e-mail address. */
  email: string;
  /** The settlement's web site (https://…): the header's links start there. */
  website: string;
}

export interface NewSettlementRequest {
  forms: readonly string[];
  signIn: NewSettlementSignIn;
  identity: NewSettlementIdentity;
}

/** The settlement files a new settlement starts with, besides forms.json and site.json written for it. */
const SETTLEMENT_FILES = ['settings.json', 'deadlines.json', 'captcha.json', 'whitelist.json'];
const KINDS: Record<string, { kind: string; prefix: string }> = {
  Automotive: { kind: 'claim', prefix: 'AUT' },
  Lookup: { kind: 'lookup', prefix: 'LKP' },
  Exclusion: { kind: 'exclusion', prefix: 'EXC' },
};
/** The sample's own words: no text of a new settlement may keep them. */
export const SAMPLE_IDENTITY = ['Example Motors', 'CVT', 'examplemotors', 'P.O. Box 12345', 'Portland, OR', '1-800-555-0199', '2014–2018', '2014 a 2018', 'EXM-'];

/** Why the identity cannot be used (a message the author acts on), or null. */
export function identityProblem(identity: NewSettlementIdentity): string | null {
  const { name, shortName, email, website } = identity;
  if (name.trim().length < 3 || name.length > 120) return 'The settlement\'s name is 3 to 120 characters ("Acme Data Breach Settlement").';
  if (shortName.trim().length < 2 || shortName.length > 60) return 'The short name is 2 to 60 characters ("Acme").';
  if ([name, shortName].some((text) => /[{}<>]/.test(text))) return 'The names cannot hold { } < or > (they go into texts that use them as markers).';
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) return `"${email}" is not an e-mail address (info@acmesettlement.com).`;
  if (!/^https?:\/\/[^\s/]+\.[^\s/]+(\/\S*)?$/.test(website)) return `"${website}" is not a web address: start it with https:// (https://www.acmesettlement.com).`;
  return null;
}

/**
 * Whether the folder is missing or holds nothing of a settlement: the only folder a settlement is
 * created in. Hidden entries (a `.git` made by `git init`, `.gitignore`, an editor's settings) are
 * the folder's housekeeping, not its content.
 */
export function isEmptyFolder(folder: string): boolean {
  return !existsSync(folder) || readdirSync(folder).every((name) => name.startsWith('.'));
}

/** The file's `$schema` pointed at the repository's schema from where it will live. */
function withSchemaFrom(text: string, from: string, target: string): string {
  return text.replace(/("\$schema"\s*:\s*")([^"]*)(")/, (_match, before: string, schemaPath: string, after: string) => {
    const schema = path.resolve(path.dirname(from), schemaPath);
    return `${before}${path.relative(path.dirname(target), schema).split(path.sep).join('/')}${after}`;
  });
}

/** `$schema` of a file written from nothing: the repository's schema seen from `target`. */
const schemaFor = (schema: string, target: string) => path.relative(path.dirname(target), path.join(ROOT, schema)).split(path.sep).join('/');

type Json = Record<string, unknown>;
type Field = Json & { key?: string };

/** The member ID and ZIP code credentials, as the forms' Credentials models, start pages and texts have them. */
const MEMBER_ID_RULES = [{ type: 'required' }, { type: 'regularExpression', pattern: '^[A-Za-z0-9-]{1,20}$', messageKey: 'LocKey_Credentials_MemberIdInvalid' }];
const ZIP_RULES = [{ type: 'required' }, { type: 'regularExpression', pattern: '^[0-9]{5}$', messageKey: 'LocKey_Credentials_ZipInvalid' }];
const MEMBER_ID_FIELD: Field = { key: 'memberId', widget: 'text', label: 'LocKey_Credentials_MemberId', helpKey: 'LocKey_Credentials_MemberIdHelp', autocomplete: 'username' };
const ZIP_FIELD: Field = { key: 'zip', widget: 'text', label: 'LocKey_Credentials_Zip', helpKey: 'LocKey_Credentials_ZipHelp', inputMode: 'numeric', autocomplete: 'current-password', secret: true };
const MEMBER_ZIP_TEXTS: Record<string, { en: string; es: string }> = {
  LocKey_Credentials_Legend: { en: 'Sign in', es: 'Iniciar sesión' },
  LocKey_Credentials_MemberId: { en: 'Member ID', es: 'ID de miembro' },
  LocKey_Credentials_MemberIdHelp: { en: 'The Member ID printed on your notice.', es: 'El ID de miembro impreso en su aviso.' },
  LocKey_Credentials_MemberIdInvalid: { en: 'Enter the Member ID from your notice: letters, digits and hyphens', es: 'Introduzca el ID de miembro de su aviso: letras, dígitos y guiones' },
  LocKey_Credentials_Zip: { en: 'ZIP code', es: 'Código postal' },
  LocKey_Credentials_ZipHelp: { en: 'The five-digit ZIP code of the address the notice was mailed to.', es: 'El código postal de cinco dígitos de la dirección a la que se envió el aviso.' },
  LocKey_Credentials_ZipInvalid: { en: 'Enter the five-digit ZIP code the notice was mailed to', es: 'Introduzca el código postal de cinco dígitos al que se envió el aviso' },
  LocKey_Automotive_Start_Credentials: { en: 'Enter the <strong>Member ID</strong> and ZIP code from your notice to begin.', es: 'Introduzca el <strong>ID de miembro</strong> y el código postal de su aviso para comenzar.' },
  LocKey_Exclusion_Start_Credentials: { en: 'Enter the <strong>Member ID</strong> and ZIP code from your notice to begin.', es: 'Introduzca el <strong>ID de miembro</strong> y el código postal de su aviso para comenzar.' },
  LocKey_Lookup_Title: { en: 'Is my Member ID on the class list?', es: '¿Está mi ID de miembro en la lista del grupo?' },
  LocKey_Lookup_FormName: { en: 'Member ID lookup', es: 'Búsqueda de ID de miembro' },
  LocKey_Lookup_Intro: { en: 'Enter the Member ID from your notice to check that you are a class member.', es: 'Introduzca el ID de miembro de su aviso para comprobar que es miembro del grupo.' },
  LocKey_Lookup_Eligible: { en: 'Member ID {0} is on the class list. You may file a claim.', es: 'El ID de miembro {0} está en la lista del grupo. Puede presentar una reclamación.' },
  LocKey_Lookup_NotEligible: { en: 'Member ID {0} is not on the class list. Please check the Member ID on your notice.', es: 'El ID de miembro {0} no está en la lista del grupo. Revise el ID de miembro de su aviso.' },
  LocKey_Server_SignInNotMatched: { en: 'The Member ID and ZIP code do not match our records. Please check the notice you received.', es: 'El ID de miembro y el código postal no coinciden con nuestros registros. Revise el aviso que recibió.' },
  LocKey_Server_NotClassMember: { en: 'We could not find this Member ID on the class list. Please check the Member ID on your notice.', es: 'No encontramos este ID de miembro en la lista del grupo. Revise el ID de miembro de su aviso.' },
};
/** The class-list columns of a member ID sign-in: the credentials, then what prefills the contact page. */
const MEMBER_ZIP_COLUMNS = ['memberId', 'zip', 'firstName', 'middleInitial', 'lastName', 'mailingStreetLine1', 'mailingStreetLine2', 'mailingCity', 'mailingSubDivision', 'mailingPostalCode', 'emailAddress', 'phoneNumber'];

/** The class-list columns that fill the contact page once a member signed in (the sample's prefill). */
const PREFILL_KEYS: Readonly<Record<string, string>> = itemAt(SPEC_FORMS, 0, 'The spec\'s forms').signIn.prefill;

/** A stable metadataHash for a model config whose fields changed (docs/configuring.md: change it whenever they do). */
const hashOf = (model: Json) => createHash('sha256').update(JSON.stringify({ ...model, metadataHash: undefined })).digest('hex').slice(0, 16);

/** The texts of the settlement's identity, by key and culture; the sample's other words about its case become placeholders. */
function identityTexts(identity: NewSettlementIdentity): Record<string, { en: string; es: string }> {
  const { name, shortName, email } = identity;
  const website = identity.website.replace(/\/+$/, '');
  return {
    LocKey_Site_Title: { en: name, es: name },
    LocKey_Banner_Header: { en: name, es: name },
    LocKey_Site_LogoAlt: { en: `${name} home`, es: `Inicio de ${name}` },
    LocKey_Site_Url: { en: website, es: website },
    LocKey_Site_PrivacyPolicyUrl: { en: `${website}/privacy-policy`, es: `${website}/privacy-policy` },
    LocKey_Footer_EmailAddress: { en: email, es: email },
    LocKey_Footer_Copyright: { en: `© {0} ${shortName} Settlement Administrator. All rights reserved.`, es: `© {0} Administrador del Acuerdo ${shortName}. Todos los derechos reservados.` },
    LocKey_Footer_MailingAddressLine1: { en: `${shortName} Settlement Administrator`, es: `Administrador del Acuerdo ${shortName}` },
    LocKey_Exclusion_Attestation: { en: `I want to be excluded from the ${name}.`, es: `Quiero ser excluido del acuerdo: ${name}.` },
  };
}

/** A locale of the new settlement: the identity's texts, the sign-in's, and a placeholder for every other text naming the sample. */
function localeFor(text: string, culture: 'en' | 'es', own: Record<string, { en: string; es: string }>): string {
  const locale = recordOr(JSON.parse(text));
  const next: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(locale)) {
    next[key] = own[key] ? own[key][culture] : typeof value === 'string' && SAMPLE_IDENTITY.some((s) => value.includes(s)) ? placeholderText(key) : value;
  }
  for (const [key, texts] of Object.entries(own)) if (!(key in next)) next[key] = texts[culture];
  const sorted = Object.fromEntries(Object.entries(next).sort(([a], [b]) => (a === '$schema' ? -1 : b === '$schema' ? 1 : a < b ? -1 : a > b ? 1 : 0)));
  return editJsonText(text, sorted, { localeFile: true });
}

/** The Credentials block of a flow's start page: the member ID (and ZIP code, but for a lookup) instead of the VIN, Notice ID and PIN. */
function memberZipFlow(flow: Json, formType: string): Json {
  const fields = formType === 'Lookup' ? [MEMBER_ID_FIELD] : [MEMBER_ID_FIELD, ZIP_FIELD];
  const pages = arrayOr(flow.pages).map((page) =>
    isRecord(page) ? { ...page, blocks: arrayOr(page.blocks).map((block) => (isRecord(block) && block.block === 'model' && block.model === 'Credentials' ? { ...block, fields } : block)) } : page,
  );
  return { ...flow, pages };
}

interface FormsFile {
  $schema: string;
  classList: { columns: string[]; required: string[] };
  forms: Json[];
}

/** The first line of a CSV file: its header. */
const headerLine = (file: string): string => readFileSync(file, 'utf8').split(/\r?\n/)[0] ?? '';

/** forms.json: each form's kind, flow, reference prefix and sign-in, and the class list's header that sign-in reads. */
function formsFile(forms: readonly string[], signIn: NewSettlementSignIn, flowOf: Record<string, string>, target: string): FormsFile {
  const sampleHeader = headerLine(path.join(SAMPLE, 'class-members.csv')).split(',');
  const columns = signIn === 'member-zip' ? MEMBER_ZIP_COLUMNS : sampleHeader;
  const prefill = Object.fromEntries(
    columns.flatMap((column): Array<[string, string]> => {
      const key = PREFILL_KEYS[column];
      return key ? [[column, key]] : [];
    }),
  );
  const kindOf = (form: string) => {
    const kind = KINDS[form];
    if (kind === undefined) throw new Error(`"${form}" is not a form a new settlement may start with (${Object.keys(KINDS).join(', ')})`);
    return kind;
  };
  const credentials = (form: string) =>
    signIn === 'member-zip'
      ? form === 'Lookup'
        ? [{ field: 'memberId', match: 'identifier', column: 'memberId' }]
        : [{ field: 'memberId', match: 'identifier', column: 'memberId' }, { field: 'zip', match: 'secret', column: 'zip' }]
      : form === 'Lookup'
        ? [{ field: 'vin', match: 'vin' }]
        : [{ field: 'vin', match: 'vin' }, { field: 'noticeId', match: 'identifier', column: 'noticeId', optional: true }, { field: 'pin', match: 'secret', column: 'pin' }];
  return {
    $schema: schemaFor('schemas/settlement/forms.schema.json', target),
    classList: { columns, required: ['firstName', 'lastName'] },
    forms: forms.map((form) => ({
      id: form,
      kind: kindOf(form).kind,
      flow: flowOf[form],
      referencePrefix: kindOf(form).prefix,
      signIn: { credentials: credentials(form), ...(form === 'Lookup' ? {} : { prefill }) },
    })),
  };
}

/** site.json: the sample's chrome without its logo, and without links to forms the settlement does not have. */
function siteFile(forms: readonly string[], target: string): string {
  const source = path.join(SAMPLE, 'site.json');
  const site = recordOr(JSON.parse(readFileSync(source, 'utf8')));
  const links = (list: unknown) => arrayOr(list).filter((link) => !isRecord(link) || typeof link.form !== 'string' || forms.includes(link.form));
  const { logo: _logo, ...rest } = site;
  return `${JSON.stringify({ ...rest, $schema: schemaFor('schemas/settlement/site.schema.json', target), header: links(site.header), contentHeader: links(site.contentHeader), wouldLikeTo: links(site.wouldLikeTo) }, null, 2)}\n`;
}

/** settings.json: the sample's, its per-form fraud timings kept for the forms the settlement has (forms.json names them). */
function settingsOf(text: string, forms: readonly string[]): string {
  const settings = recordOr(JSON.parse(text));
  const fraud = settings.fraud;
  if (!isRecord(fraud) || !isRecord(fraud.minFillSeconds)) return text;
  const kept = Object.fromEntries(Object.entries(fraud.minFillSeconds).filter(([form]) => forms.includes(form)));
  return editJsonText(text, { ...settings, fraud: { ...fraud, minFillSeconds: kept } });
}

/** Writes the new settlement's files into `dir`. */
function writeSettlement(dir: string, request: NewSettlementRequest, folder: string): string[] {
  const { forms, signIn, identity } = request;
  const written: string[] = [];
  const write = (name: string, text: string) => {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
    written.push(name);
  };
  const target = (name: string) => path.join(folder, name);
  const samplePaths = settlementPaths(SAMPLE);
  const flowOf: Record<string, string> = {};
  for (const name of readdirSync(samplePaths.flowsDir).filter((f) => f.endsWith('.json')).sort()) {
    const source = path.join(samplePaths.flowsDir, name);
    const text = withSchemaFrom(readFileSync(source, 'utf8'), source, target(`flows/${name}`));
    const flow = recordOr(JSON.parse(text));
    const formType = stringOr(flow.formType);
    if (!formType || !forms.includes(formType)) continue;
    flowOf[formType] = `flows/${name}`;
    write(`flows/${name}`, signIn === 'member-zip' ? editJsonText(text, memberZipFlow(flow, formType)) : text);
  }
  const modelsSource = path.join(SAMPLE, 'models.json');
  const modelsText = readFileSync(modelsSource, 'utf8');
  const models = recordOr(JSON.parse(modelsText));
  const picked = arrayOr(models.models)
    .filter(isRecord)
    .flatMap((m) => {
      const { formType, dtoMapping } = recordOr(m.metadata);
      if (typeof formType !== 'string' || !forms.includes(formType)) return [];
      if (signIn !== 'member-zip' || dtoMapping !== 'Credentials') return [m];
      const fields = formType === 'Lookup' ? { memberId: { dataType: 'string', validations: MEMBER_ID_RULES } } : { memberId: { dataType: 'string', validations: MEMBER_ID_RULES }, zip: { dataType: 'string', validations: ZIP_RULES } };
      const model = { ...m, fields };
      return [{ ...model, metadataHash: hashOf(model) }];
    });
  write('models.json', withSchemaFrom(editJsonText(modelsText, { ...models, models: picked }), modelsSource, target('models.json')));
  const own = { ...identityTexts(identity), ...(signIn === 'member-zip' ? MEMBER_ZIP_TEXTS : {}) };
  for (const culture of NEW_SETTLEMENT_CULTURES) {
    const source = path.join(samplePaths.localesDir, `${culture}.json`);
    write(`locales/${culture}.json`, localeFor(withSchemaFrom(readFileSync(source, 'utf8'), source, target(`locales/${culture}.json`)), culture, own));
  }
  for (const name of SETTLEMENT_FILES) {
    const source = path.join(SAMPLE, name);
    const text = withSchemaFrom(readFileSync(source, 'utf8'), source, target(name));
    write(name, name === 'settings.json' ? settingsOf(text, forms) : text);
  }
  const declared = formsFile(forms, signIn, flowOf, target('forms.json'));
  write('forms.json', `${JSON.stringify(declared, null, 2)}\n`);
  write('site.json', siteFile(forms, target('site.json')));
  // The class lists hold their header only: the columns sign-in matches against.
  write('class-members.csv', `${declared.classList.columns.join(',')}\n`);
  if (signIn === 'vin-notice-pin') write('class-vehicles.csv', `${headerLine(path.join(SAMPLE, 'class-vehicles.csv'))}\n`);
  return written;
}

export type CreateResult = { ok: true; created: string[] } | { ok: false; issues: FlowIssue[] };

/**
 * Creates the settlement in `folder` (missing or empty) with the forms, sign-in and identity asked for: built in a scratch folder,
 * checked there, and copied in only when the checker finds nothing.
 */
export function createSettlement(folder: string, request: NewSettlementRequest): CreateResult {
  const scratch = mkdtempSync(path.join(tmpdir(), 'studio-new-'));
  try {
    const created = writeSettlement(scratch, request, folder);
    const report = checkFolder({ ...settlementPaths(scratch), settlementDir: scratch });
    if (report.issues.length > 0) {
      return { ok: false, issues: report.issues.map((issue) => ({ ...issue, file: path.relative(scratch, issue.file) })) };
    }
    mkdirSync(folder, { recursive: true });
    cpSync(scratch, folder, { recursive: true });
    return { ok: true, created };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
