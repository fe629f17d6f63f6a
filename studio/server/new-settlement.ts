/**
 * A new settlement in an empty folder, copied from one of the settlement templates the product
 * ships (`templates/`: a vehicle claim, a data-breach claim, a claim anyone may file, an exclusion,
 * a look-up), each a settlement folder that `npm run flows:check` and `npm run flows:test` pass.
 * The copy stands alone (the template's `extends` resolved through the one settlement reader), is
 * written with the settlement's name, administrator, contact and deadline time zone, keeps the
 * template's fixtures, and starts its class lists with their header only. Written only when the
 * checker passes on the whole new folder; the author then edits it.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkFolder, settlementPaths } from '../../tooling/flow/check-folder';
import type { FlowIssue } from '../../runtime/core/flow/issues';
import { DEADLINE_TIME_ZONES, isIanaZone } from '../../runtime/core/dates/zones';
import { readSettlementFolder } from '../../settlement/read';
import { CLASS_VEHICLES_FILE, FIXTURES_FOLDER } from '../../settlement/files';
import { arrayOr, isRecord, recordOr } from '../json';
import { editJsonText } from './json-edit';
import { placeholderText } from '../../tooling/flow/placeholder';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const TEMPLATES_DIR = path.join(ROOT, 'templates');

/** The templates a new settlement starts from, in the order the studio offers them. */
export const SETTLEMENT_TEMPLATES = ['vehicle-claim', 'data-breach', 'generic-claim', 'exclusion', 'lookup'] as const;
export type SettlementTemplate = (typeof SETTLEMENT_TEMPLATES)[number];
export const NEW_SETTLEMENT_CULTURES = ['en', 'es'] as const;

/** Who the new settlement is: its texts and deadlines are written from these. */
export interface NewSettlementIdentity {
  /** The settlement's full name: the site title, the banner. */
  name: string;
  /** A short name: the logo's text alternative ("Acme Settlement home"). */
  shortName: string;
  /** The settlement administrator's name, as the footer signs it ("Acme Settlement Administrator"). */
  administrator: string;
  /** The administrator's contact e-mail address. */
  email: string;
  /** The settlement's web site (https://…): the header's links start there. */
  website: string;
  /** The deadlines' time zone: one of the spec's names (Pacific, Eastern…) or an IANA zone name. */
  timeZone: string;
}

export interface NewSettlementRequest {
  template: SettlementTemplate;
  identity: NewSettlementIdentity;
}

/**
 * The templates' own words about their example cases: no text of a new settlement may keep them
 * (a text holding one reads "[TO WRITE] <key>" instead).
 */
export const TEMPLATE_IDENTITY = ['Example Motors', 'CVT', 'examplemotors', 'P.O. Box 12345', 'Portland, OR', '1-800-555-0199', '2014–2018', '2014 a 2018', 'EXM-', 'Northwind', 'northwind', '1-800-555-0142'];

/** Why the identity cannot be used (a message the author acts on), or null. */
export function identityProblem(identity: NewSettlementIdentity): string | null {
  const { name, shortName, administrator, email, website, timeZone } = identity;
  if (name.trim().length < 3 || name.length > 120) return 'The settlement\'s name is 3 to 120 characters ("Acme Data Breach Settlement").';
  if (shortName.trim().length < 2 || shortName.length > 60) return 'The short name is 2 to 60 characters ("Acme Settlement").';
  if (administrator.trim().length < 3 || administrator.length > 120) return 'The administrator\'s name is 3 to 120 characters ("Acme Settlement Administrator").';
  if ([name, shortName, administrator].some((text) => /[{}<>]/.test(text))) return 'The names cannot hold { } < or > (they go into texts that use them as markers).';
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) return `"${email}" is not an e-mail address (info@acmesettlement.com).`;
  if (!/^https?:\/\/[^\s/]+\.[^\s/]+(\/\S*)?$/.test(website)) return `"${website}" is not a web address: start it with https:// (https://www.acmesettlement.com).`;
  if (!Object.hasOwn(DEADLINE_TIME_ZONES, timeZone) && !isIanaZone(timeZone)) return `"${timeZone}" is not a time zone: pick one of the list (Eastern, Pacific… or an IANA name such as America/New_York).`;
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

/** The file's `$schema` pointed at the repository's schema it names, from where the file will live. */
function withSchemaAt(text: string, target: string): string {
  return text.replace(/("\$schema"\s*:\s*")([^"]*)(")/, (match, before: string, schemaPath: string, after: string) => {
    const at = schemaPath.lastIndexOf('schemas/');
    if (at < 0) return match;
    const schema = path.join(ROOT, schemaPath.slice(at));
    return `${before}${path.relative(path.dirname(target), schema).split(path.sep).join('/')}${after}`;
  });
}

/** The texts of the settlement's identity, by key and culture. */
function identityTexts(identity: NewSettlementIdentity): Record<string, { en: string; es: string }> {
  const { name, shortName, administrator, email } = identity;
  const website = identity.website.replace(/\/+$/, '');
  return {
    LocKey_Site_Title: { en: name, es: name },
    LocKey_Banner_Header: { en: name, es: name },
    LocKey_Site_LogoAlt: { en: `${shortName} home`, es: `Inicio de ${shortName}` },
    LocKey_Site_Url: { en: website, es: website },
    LocKey_Site_PrivacyPolicyUrl: { en: `${website}/privacy-policy`, es: `${website}/privacy-policy` },
    LocKey_Footer_EmailAddress: { en: email, es: email },
    LocKey_Footer_Copyright: { en: `© {0} ${administrator}. All rights reserved.`, es: `© {0} ${administrator}. Todos los derechos reservados.` },
    LocKey_Footer_MailingAddressLine1: { en: administrator, es: administrator },
    LocKey_Exclusion_Attestation: { en: `I want to be excluded from the ${name}.`, es: `Quiero ser excluido del acuerdo: ${name}.` },
  };
}

/** A locale of the new settlement: the identity's texts, and a placeholder for every other text naming the template's case. */
function localeFor(text: string, culture: 'en' | 'es', own: Record<string, { en: string; es: string }>): string {
  const locale = recordOr(JSON.parse(text));
  const next: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(locale)) {
    const ownText = Object.hasOwn(own, key) ? own[key] : undefined;
    next[key] = ownText ? ownText[culture] : typeof value === 'string' && TEMPLATE_IDENTITY.some((s) => value.includes(s)) ? placeholderText(key) : value;
  }
  return editJsonText(text, next, { localeFile: true });
}

/** site.json without the template's logo: the settlement has none of its own yet. */
function withoutLogo(text: string): string {
  const { logo: _logo, ...site } = recordOr(JSON.parse(text));
  return editJsonText(text, site);
}

/** The first line of a CSV text: its header. */
const headerLine = (text: string): string => text.split(/\r?\n/)[0] ?? '';

/** Whether a form of forms.json signs in with a VIN (class-vehicles.csv is then read); no forms.json: the spec's VIN sign-in. */
function signsInWithVin(forms: unknown): boolean {
  if (forms === undefined) return true;
  return arrayOr(recordOr(forms).forms).some((form) => isRecord(form) && arrayOr(recordOr(form.signIn).credentials).some((c) => isRecord(c) && c.match === 'vin'));
}

/** Files of the template not carried over: the legacy deadlines shape (deadlines.json is written) and the template's manifest. */
const LEFT_OUT = new Set(['deadlines.legacy.json', 'settlement.json']);

/** Writes the new settlement's files into `dir` (they will live in `folder`). */
function writeSettlement(dir: string, request: NewSettlementRequest, folder: string): string[] {
  const { template, identity } = request;
  const written: string[] = [];
  const write = (name: string, text: string) => {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
    written.push(name);
  };
  const target = (name: string) => path.join(folder, name);
  const templateDir = path.join(TEMPLATES_DIR, template);
  const source = readSettlementFolder(templateDir);
  if (source.problems.length > 0) throw new Error(`The template ${templateDir} cannot be read: ${source.problems.map((p) => p.message).join('; ')}`);
  const own = identityTexts(identity);
  const vin = signsInWithVin(source.files.get('forms.json')?.json);
  for (const entry of source.files.values()) {
    const { name, text } = entry;
    if (LEFT_OUT.has(name)) continue;
    if (name.endsWith('.csv')) {
      // The class lists hold their header only: the columns sign-in matches against.
      if (name !== CLASS_VEHICLES_FILE || vin) write(name, `${headerLine(text)}\n`);
      continue;
    }
    const pointed = withSchemaAt(text, target(name));
    const culture = NEW_SETTLEMENT_CULTURES.find((c) => name === `locales/${c}.json`);
    if (culture) write(name, localeFor(pointed, culture, own));
    else if (name === 'deadlines.json') write(name, editJsonText(pointed, { ...recordOr(JSON.parse(pointed)), timeZone: identity.timeZone }));
    else if (name === 'site.json') write(name, withoutLogo(pointed));
    else write(name, pointed);
  }
  // The template's fixtures: `npm run flows:test` plays them on the new settlement from the start.
  const fixtures = path.join(templateDir, FIXTURES_FOLDER);
  if (existsSync(fixtures)) {
    for (const file of readdirSync(fixtures).filter((f) => f.endsWith('.fixture.json')).sort()) {
      const name = `${FIXTURES_FOLDER}/${file}`;
      write(name, withSchemaAt(readFileSync(path.join(fixtures, file), 'utf8'), target(name)));
    }
  }
  return written;
}

export type CreateResult = { ok: true; created: string[] } | { ok: false; issues: FlowIssue[] };

/**
 * Creates the settlement in `folder` (missing or empty) from the template, with the identity asked for: built in a scratch
 * folder, checked there, and copied in only when the checker finds nothing.
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
