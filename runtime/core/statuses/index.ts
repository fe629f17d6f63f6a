/**
 * What a claim goes through after Submit (statuses.json): the statuses an administrator sets and
 * a claimant sees, each with its label and "what happens next" text, and the kinds of deficiency a
 * deficient claim is told of, each with what curing it asks. Without statuses.json, or without
 * one of its lists, the defaults below. Pure data and functions: the server, the checker and the
 * tests read the same resolution.
 */
import type { FlowFile } from '../types';
import type { FlowIssue } from '../flow/issues';
import { didYouMean } from '../flow/nearest';

/** The status of a claim with no change recorded yet. */
export const RECEIVED = 'received';
/** The status that tells the claimant what is missing (deficiency kinds and a cure-by date). */
export const DEFICIENT = 'deficient';
/** What a claim the fraud screening holds or flags reads as while no status was set: the screening is never shown. */
export const UNDER_REVIEW = 'underReview';

/** One status: its id (as the administrator types it) and the claimant's texts. */
export interface StatusDeclaration {
  id: string;
  labelKey: string;
  nextKey: string;
}

/** What curing a deficiency asks: a document of a document type, a page of the claim answered again, or a signature. */
export type CureDeclaration = { kind: 'document'; documentType: string } | { kind: 'page'; page: string } | { kind: 'signature' };

export interface DeficiencyDeclaration {
  id: string;
  textKey: string;
  cure: CureDeclaration;
}

/** statuses.json as written. */
export interface StatusesFile {
  $schema?: string;
  statuses?: StatusDeclaration[];
  deficiencies?: DeficiencyDeclaration[];
  /** Days a deficient claim is given to cure when the administrator names no date. */
  cureDays?: number;
}

/** The statuses of a settlement as the server runs them. */
export interface ClaimStatuses {
  statuses: StatusDeclaration[];
  deficiencies: DeficiencyDeclaration[];
  cureDays: number;
}

export const DEFAULT_STATUSES: readonly StatusDeclaration[] = [
  { id: 'received', labelKey: 'LocKey_Status_Received', nextKey: 'LocKey_Status_Received_Next' },
  { id: 'underReview', labelKey: 'LocKey_Status_UnderReview', nextKey: 'LocKey_Status_UnderReview_Next' },
  { id: 'deficient', labelKey: 'LocKey_Status_Deficient', nextKey: 'LocKey_Status_Deficient_Next' },
  { id: 'cureReceived', labelKey: 'LocKey_Status_CureReceived', nextKey: 'LocKey_Status_CureReceived_Next' },
  { id: 'approved', labelKey: 'LocKey_Status_Approved', nextKey: 'LocKey_Status_Approved_Next' },
  { id: 'denied', labelKey: 'LocKey_Status_Denied', nextKey: 'LocKey_Status_Denied_Next' },
  { id: 'paid', labelKey: 'LocKey_Status_Paid', nextKey: 'LocKey_Status_Paid_Next' },
  { id: 'withdrawn', labelKey: 'LocKey_Status_Withdrawn', nextKey: 'LocKey_Status_Withdrawn_Next' },
];

/** The defaults name the sample settlement's document type and page; a settlement whose flows name others declares its own. */
export const DEFAULT_DEFICIENCIES: readonly DeficiencyDeclaration[] = [
  { id: 'missingProofOfPurchase', textKey: 'LocKey_Deficiency_MissingProofOfPurchase', cure: { kind: 'document', documentType: 'proofOfPayment' } },
  { id: 'unsigned', textKey: 'LocKey_Deficiency_Unsigned', cure: { kind: 'signature' } },
  { id: 'receiptMismatch', textKey: 'LocKey_Deficiency_ReceiptMismatch', cure: { kind: 'page', page: 'repairs' } },
];

export const DEFAULT_CURE_DAYS = 30;

/**
 * The statuses of a folder: its statuses.json, each list absent taking the defaults. Of the default
 * deficiency kinds, only those the folder's flows can cure (the document type asked, the page there):
 * a claimant is never sent to cure by something the settlement does not have.
 */
export function claimStatuses(file: StatusesFile | undefined, flows: ReadonlyArray<Pick<FlowFile, 'pages'>>): ClaimStatuses {
  return {
    statuses: file?.statuses ?? [...DEFAULT_STATUSES],
    deficiencies: file?.deficiencies ?? DEFAULT_DEFICIENCIES.filter(({ cure }) => curable(cure, flows)),
    cureDays: file?.cureDays ?? DEFAULT_CURE_DAYS,
  };
}

/** Whether a page has a file to give: its documents are cured by document kinds, not by the page. */
export function asksForFiles(page: Pick<FlowFile['pages'][number], 'blocks'>): boolean {
  return page.blocks.some((block) => (block.block === 'model' || block.block === 'records') && block.fields.some((field) => field.widget === 'file'));
}

/** Whether the flows hold what a cure asks for. */
function curable(cure: CureDeclaration, flows: ReadonlyArray<Pick<FlowFile, 'pages'>>): boolean {
  if (cure.kind === 'document') return documentTypesOf(flows).includes(cure.documentType);
  if (cure.kind === 'page') return flows.some((f) => f.pages.some((p) => p.id === cure.page && !asksForFiles(p)));
  return true;
}

export const statusOf = (statuses: ClaimStatuses, id: string) => statuses.statuses.find((s) => s.id === id);
export const deficiencyOf = (statuses: ClaimStatuses, id: string) => statuses.deficiencies.find((d) => d.id === id);

/** Every localization key the statuses name. */
export function statusLocaleKeys(statuses: ClaimStatuses): string[] {
  return [...statuses.statuses.flatMap((s) => [s.labelKey, s.nextKey]), ...statuses.deficiencies.map((d) => d.textKey)];
}

/** The document types the flows let a claimant give: the options of `documentType` fields and records' fixed `documentType`. */
export function documentTypesOf(flows: ReadonlyArray<Pick<FlowFile, 'pages'>>): string[] {
  const types = new Set<string>();
  for (const flow of flows) {
    for (const page of flow.pages) {
      for (const block of page.blocks) {
        if (block.block !== 'model' && block.block !== 'records') continue;
        for (const field of block.fields) {
          if (field.key !== 'documentType') continue;
          for (const option of 'options' in field && Array.isArray(field.options) ? field.options : []) types.add(String(option.value));
        }
        const fixed = block.block === 'records' ? block.fixedValues?.documentType : undefined;
        if (typeof fixed === 'string') types.add(fixed);
      }
    }
  }
  return [...types];
}

export interface StatusesContext {
  flows: ReadonlyArray<Pick<FlowFile, 'pages'>>;
  /** Culture file → its texts. */
  locales: Record<string, Record<string, string>>;
}

/**
 * What the schema cannot see: ids given twice, the statuses the server relies on (received,
 * deficient), a cure naming a document type or page the flows do not have, and a key the file
 * names missing from a locale. `fileName` names statuses.json; the defaults hold only the cures the
 * flows can do (claimStatuses).
 */
export function statusesIssues(file: StatusesFile | undefined, fileName: string, context: StatusesContext): FlowIssue[] {
  const issues: FlowIssue[] = [];
  const resolved = claimStatuses(file, context.flows);
  const at = (pointer: string, message: string, hint: string) => issues.push({ file: fileName, pointer, message, hint });

  const ids = (list: ReadonlyArray<{ id: string }>, base: string, what: string) => {
    const seen = new Set<string>();
    list.forEach((item, i) => {
      if (seen.has(item.id)) at(`${base}/${i}/id`, `${what} "${item.id}" is declared twice`, `give each ${what} its own id`);
      seen.add(item.id);
    });
  };
  if (file?.statuses) {
    ids(file.statuses, '/statuses', 'status');
    for (const required of [RECEIVED, DEFICIENT]) {
      if (!statusOf(resolved, required)) at('/statuses', `the status "${required}" is missing`, `add { "id": "${required}", "labelKey": …, "nextKey": … }: ${required === RECEIVED ? 'a claim with no change recorded is received' : 'a claim is told what is missing through it'}`);
    }
  }
  if (file?.deficiencies) ids(file.deficiencies, '/deficiencies', 'deficiency kind');

  const documentTypes = documentTypesOf(context.flows);
  const pages = context.flows.flatMap((f) => f.pages.map((p) => p.id));
  resolved.deficiencies.forEach((deficiency, i) => {
    const { cure } = deficiency;
    const problem =
      cure.kind === 'document' && !documentTypes.includes(cure.documentType)
        ? { pointer: `/deficiencies/${i}/cure/documentType`, message: `no flow asks for a document of type "${cure.documentType}"`, hint: documentTypes.length ? didYouMean(cure.documentType, documentTypes) || `use one of: ${documentTypes.join(', ')}` : 'the flows ask for no document type: cure it by a page or a signature' }
        : cure.kind === 'page' && !pages.includes(cure.page)
          ? { pointer: `/deficiencies/${i}/cure/page`, message: `no flow has a page "${cure.page}"`, hint: didYouMean(cure.page, pages) || `the flows' pages are: ${pages.join(', ')}` }
          : undefined;
    if (problem) issues.push({ file: fileName, ...problem });
  });

  // The keys the file names (the defaults' are keys of the product's code, which every locale holds already).
  const named: Array<{ pointer: string; key: string }> = [
    ...(file?.statuses ?? []).flatMap((s, i) => [
      { pointer: `/statuses/${i}/labelKey`, key: s.labelKey },
      { pointer: `/statuses/${i}/nextKey`, key: s.nextKey },
    ]),
    ...(file?.deficiencies ?? []).map((d, i) => ({ pointer: `/deficiencies/${i}/textKey`, key: d.textKey })),
  ];
  for (const { pointer, key } of named) {
    const lacking = Object.entries(context.locales).filter(([, texts]) => !Object.hasOwn(texts, key)).map(([localeFile]) => localeFile);
    if (lacking.length) at(pointer, `${key} is missing from ${lacking.join(', ')}: claimants read it on their claim's status`, `add it to every locale file (npm run locales:add <folder> ${key} --en "…" --es "…"), or name a key they hold`);
  }
  return issues;
}

/** What curing asks, as the claimant reads it ({0}: the document type's label, the page's title). */
export const CURE_KEYS = {
  document: 'LocKey_Deficiency_Cure_Document',
  page: 'LocKey_Deficiency_Cure_Page',
  signature: 'LocKey_Deficiency_Cure_Signature',
} as const;

/** The label key of a document type (the option of a documentType field naming it), when a flow has one. */
export function documentTypeLabelKey(flows: ReadonlyArray<Pick<FlowFile, 'pages'>>, documentType: string): string | undefined {
  for (const flow of flows) {
    for (const page of flow.pages) {
      for (const block of page.blocks) {
        if (block.block !== 'model' && block.block !== 'records') continue;
        for (const field of block.fields) {
          if (field.key !== 'documentType' || !('options' in field) || !Array.isArray(field.options)) continue;
          const option = field.options.find((o) => o.value === documentType);
          if (option) return option.label;
        }
      }
    }
  }
  return undefined;
}

/** What curing a deficiency asks, in the claimant's words: the cure's text with the document type's label or the page's title. */
export function cureText(cure: CureDeclaration, flows: ReadonlyArray<Pick<FlowFile, 'pages'>>, t: (key: string, ...args: string[]) => string): string {
  if (cure.kind === 'signature') return t(CURE_KEYS.signature);
  if (cure.kind === 'document') {
    const label = documentTypeLabelKey(flows, cure.documentType);
    return t(CURE_KEYS.document, label ? t(label) : cure.documentType);
  }
  const page = flows.flatMap((f) => f.pages).find((p) => p.id === cure.page);
  return t(CURE_KEYS.page, page ? t(page.titleKey) : cure.page);
}
export * from './cure-pages';
