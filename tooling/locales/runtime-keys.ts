/**
 * The localization keys the runtime itself names in its code (buttons, the error summary, the
 * submitting notice, records, validation fallbacks…, and the e-mails the server sends): every locale of a settlement must hold them,
 * besides the keys its flows and model configs name. The list is read from the code, so the
 * documentation generated from it (docs/configuring.md) cannot drift from what the code uses.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_FORM_LINK_KEYS } from '../../runtime/core/site/check';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
/**
 * Keys made at run time (deadline dates; the label of a language no default names,
 * LocKey_Language_<culture>, which the checker asks for when that culture is offered) or named
 * only as an example in a message.
 */
const GENERATED = /^LocKey_(Deadline_|Area_Name$|Language_(?!English$|Spanish$|Label$))/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(name) ? [full] : [];
  });
}

/** Where the code names keys: the runtime, and the server's e-mail (whose texts have no built-in fallback). */
const CODE_DIRS = ['runtime', path.join('server', 'mail')];

/**
 * Every key written in runtime/ and server/mail/, sorted; the default header's labels of links to
 * forms are not among them: a settlement holds those only when it has the form (the checker asks).
 */
export function runtimeLocaleKeys(root = ROOT): string[] {
  const used = new Set<string>();
  for (const file of CODE_DIRS.flatMap((dir) => sourceFiles(path.join(root, dir)))) {
    for (const match of readFileSync(file, 'utf8').matchAll(/LocKey_[A-Za-z0-9_]+/g)) if (!GENERATED.test(match[0]) && !DEFAULT_FORM_LINK_KEYS.includes(match[0])) used.add(match[0]);
  }
  return [...used].sort();
}

/** docs/configuring.md holds the list between these markers (`npm run locales:keys` rewrites it). */
export const DOC_MARKERS = { start: '<!-- runtime-locale-keys:start -->', end: '<!-- runtime-locale-keys:end -->' } as const;

/** The list as the documentation shows it: keys of one area on one line. */
export function runtimeKeysMarkdown(keys: readonly string[]): string {
  const areas = new Map<string, string[]>();
  for (const key of keys) {
    const area = key.split('_')[1] ?? '';
    areas.set(area, [...(areas.get(area) ?? []), key]);
  }
  return [...areas].map(([area, names]) => `- ${area}: ${names.map((k) => `\`${k}\``).join(', ')}`).join('\n');
}

/** The keys listed between the markers of a document's text (undefined without the markers). */
export function documentedRuntimeKeys(doc: string): string[] | undefined {
  const start = doc.indexOf(DOC_MARKERS.start);
  const end = doc.indexOf(DOC_MARKERS.end);
  if (start < 0 || end < start) return undefined;
  return [...doc.slice(start, end).matchAll(/`(LocKey_[A-Za-z0-9_]+)`/g)].flatMap((m) => m[1] ?? []);
}

/** The document with the list between the markers replaced by `keys`. */
export function withRuntimeKeys(doc: string, keys: readonly string[]): string {
  const start = doc.indexOf(DOC_MARKERS.start);
  const end = doc.indexOf(DOC_MARKERS.end);
  if (start < 0 || end < start) throw new Error(`the markers ${DOC_MARKERS.start} … ${DOC_MARKERS.end} are missing`);
  return `${doc.slice(0, start)}${DOC_MARKERS.start}\n${runtimeKeysMarkdown(keys)}\n${doc.slice(end)}`;
}

/** docs/configuring.md lists the server's own messages between these markers (`npm run locales:keys` rewrites it). */
export const SERVER_DOC_MARKERS = { start: '<!-- server-message-keys:start -->', end: '<!-- server-message-keys:end -->' } as const;

/** A message of the server's error catalogue (server/errors.ts). */
export interface ServerMessage {
  key: string;
  status: number;
  en: string;
}

/** A message of the documentation's table: its key, the codes answers carry it under, status and English text. */
export interface DocumentedServerMessage extends ServerMessage {
  /** The `code` of each answer that carries this message (what a flow fixture's authorize answer names as `code`). */
  codes: string[];
}

/** The catalogue's messages, one per key with the codes that carry it, sorted by key. */
export function serverMessages(catalogue: Readonly<Record<string, ServerMessage>>): DocumentedServerMessage[] {
  const byKey = new Map<string, DocumentedServerMessage>();
  for (const [code, { key, status, en }] of Object.entries(catalogue)) {
    const known = byKey.get(key);
    if (known) known.codes.push(code);
    else byKey.set(key, { key, status, en, codes: [code] });
  }
  return [...byKey.values()].sort((a, b) => a.key.localeCompare(b.key));
}

/** The messages as the documentation shows them: one table row each, key, codes, status and English text. */
export function serverMessagesMarkdown(messages: readonly DocumentedServerMessage[]): string {
  const cell = (text: string) => text.replace(/\|/g, '\\|');
  return [
    '| key | code | status | English text |',
    '|---|---|---|---|',
    ...messages.map((m) => `| \`${m.key}\` | ${m.codes.map((c) => `\`${c}\``).join(', ')} | ${m.status} | ${cell(m.en)} |`),
  ].join('\n');
}

/** The server message keys listed between the markers of a document's text (undefined without the markers). */
export function documentedServerKeys(doc: string): string[] | undefined {
  const start = doc.indexOf(SERVER_DOC_MARKERS.start);
  const end = doc.indexOf(SERVER_DOC_MARKERS.end);
  if (start < 0 || end < start) return undefined;
  return [...doc.slice(start, end).matchAll(/^\| `(LocKey_[A-Za-z0-9_]+)`/gm)].flatMap((m) => m[1] ?? []);
}

/** The document with the server's messages between the markers replaced. */
export function withServerMessages(doc: string, messages: readonly DocumentedServerMessage[]): string {
  const start = doc.indexOf(SERVER_DOC_MARKERS.start);
  const end = doc.indexOf(SERVER_DOC_MARKERS.end);
  if (start < 0 || end < start) throw new Error(`the markers ${SERVER_DOC_MARKERS.start} … ${SERVER_DOC_MARKERS.end} are missing`);
  return `${doc.slice(0, start)}${SERVER_DOC_MARKERS.start}\n${serverMessagesMarkdown(messages)}\n${doc.slice(end)}`;
}
