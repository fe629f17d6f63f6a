/**
 * The names of a settlement folder's files, the columns of its class lists, and where the files a
 * folder lacks come from. The server, the checker, the studio and the fixture runner all name the
 * files through these.
 */
import { fileURLToPath } from 'node:url';
import { SPEC_CLASS_LIST } from '../runtime/core/forms/index.js';

/** The optional file at a folder's root naming the folder it extends. */
export const SETTLEMENT_MANIFEST = 'settlement.json';

export const MODELS_FILE = 'models.json';
export const FORMS_FILE = 'forms.json';
export const FLOWS_FOLDER = 'flows';
export const LOCALES_FOLDER = 'locales';
/** Fixtures play a folder; they are never inherited. */
export const FIXTURES_FOLDER = 'fixtures';

export const CLASS_MEMBERS_FILE = 'class-members.csv';
export const CLASS_VEHICLES_FILE = 'class-vehicles.csv';

/** The header each class-list file must have, as the imports check it (the folder checker reads these too). */
export const CLASS_LIST_HEADERS = {
  members: { known: SPEC_CLASS_LIST.known, required: SPEC_CLASS_LIST.required, otherColumns: 'refused' },
  vehicles: { known: ['vin'], required: ['vin'], otherColumns: 'ignored' },
} as const;

/** The JSON files of a settlement folder besides models.json, flows/ and locales/, and their schemas (under schemas/). */
export const SETTLEMENT_FILES = {
  'deadlines.json': 'settlement/deadlines',
  'deadlines.legacy.json': 'settlement/deadlines.legacy',
  'captcha.json': 'settlement/captcha',
  'settings.json': 'settlement/settings',
  'site.json': 'settlement/site',
  'forms.json': 'settlement/forms',
  'whitelist.json': 'settlement/whitelist',
  'statuses.json': 'settlement/statuses',
} as const;
export type SettlementFileName = keyof typeof SETTLEMENT_FILES;

export const isSettlementFileName = (name: string): name is SettlementFileName => Object.hasOwn(SETTLEMENT_FILES, name);

/** The repository's flows/ and locales/: the defaults of a settlement folder without its own. */
export const DEFAULT_FLOWS_DIR = fileURLToPath(new URL('../flows/', import.meta.url));
export const DEFAULT_LOCALES_DIR = fileURLToPath(new URL('../locales/', import.meta.url));
/** The sample settlement. */
export const SAMPLE_SETTLEMENT_DIR = fileURLToPath(new URL('../server-fixtures/', import.meta.url));
