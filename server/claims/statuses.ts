/**
 * A claim's status after Submit: the administrator's changes (`npm run admin -- status`,
 * `import-statuses`) checked against the settlement's statuses and deficiency kinds
 * (statuses.json), kept as history (server/db/claim-statuses.ts), and the deficiency notice
 * queued in the same transaction as the change (once per change: its dedupe key is the change);
 * and what the claimant is shown of it (`claimantStatus`), never the fraud screening.
 */
import { normalizeDeadlines } from '../../runtime/core/deadlines/index.js';
import { addDays, toIsoDate, todayInZone, zonedLocalToUtc } from '../../runtime/core/dates/index.js';
import { formatTemplate } from '../../runtime/core/i18n/format.js';
import { settlementZone } from '../../runtime/core/i18n/submissionTime.js';
import { didYouMean } from '../../runtime/core/flow/nearest.js';
import { isRecord } from '../../runtime/core/guards.js';
import { cureText, deficiencyOf, DEFICIENT, RECEIVED, statusOf, UNDER_REVIEW, type ClaimStatuses } from '../../runtime/core/statuses/index.js';
import type { DeadlineSettings } from '../../runtime/core/types.js';
import { createClaimStatuses, type FiledClaim, type StatusChange } from '../db/claim-statuses.js';
import { createOutbox } from '../db/outbox.js';
import { isValidReferenceCode, normalizeReferenceCode } from '../db/reference-code.js';
import type { Database } from '../db/types.js';
import { receiptAddress } from '../mail/receipt.js';
import { renderMail } from '../mail/templates.js';
import type { Locales } from '../plugins/app/settlement.js';
import { flowOf, type Settlement } from '../settlement/load.js';

/** One change the administrator asks for (a command, or a row of an import with its line). */
export interface StatusOrder {
  line?: number;
  reference: string;
  status: string;
  deficiencies: string[];
  /** YYYY-MM-DD, the last day to cure (deficient only). */
  cureBy?: string;
  /** Days from today in the settlement's time zone (deficient only); default the settlement's cureDays. */
  cureDays?: number;
  note?: string;
}

export interface StatusProblem {
  line?: number;
  message: string;
}

/** Changes refused as a whole: nothing was written. */
export class StatusChangeError extends Error {
  override name = 'StatusChangeError';
  readonly problems: StatusProblem[];
  constructor(unsorted: StatusProblem[]) {
    const problems = [...unsorted].sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
    // As the class-list import lists them: the first 50, then how many more.
    const shown = problems.slice(0, 50).map((p) => `  ${p.line !== undefined ? `line ${p.line}: ` : ''}${p.message}`);
    const more = problems.length > shown.length ? [`  … and ${problems.length - shown.length} more`] : [];
    super(`No status changed: ${problems.length} problem(s) found, nothing was written.\n${[...shown, ...more].join('\n')}`);
    this.problems = problems;
  }
}

export interface ApplyOptions {
  /** What makes the changes, kept with each ('admin status'). */
  changedBy: string;
  /** The address of the status page the deficiency notice links to; needed when a claim is set deficient. */
  statusLink: string | null;
  clock?: () => number;
}

export interface AppliedChanges {
  changes: StatusChange[];
  /** Deficiency notices queued. */
  notices: number;
  /** Reference codes of deficient claims that gave no e-mail address (no notice). */
  withoutAddress: string[];
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const MAX_NOTE = 2000;

/** The settlement's time zone (its deadlines'). */
export const settlementDeadlines = (settlement: Pick<Settlement, 'deadlines'>): DeadlineSettings => normalizeDeadlines(settlement.deadlines.body);

/** The cure-by day of an order and the end of that day in the settlement's zone, or the problem. */
function cureDate(order: StatusOrder, statuses: ClaimStatuses, zone: string, now: number): { cureBy: string; cureByAt: number } | string {
  const today = toIsoDate(todayInZone(new Date(now), zone));
  let cureBy: string;
  if (order.cureBy !== undefined) {
    if (!DATE.test(order.cureBy) || Number.isNaN(Date.parse(`${order.cureBy}T00:00:00Z`)) || new Date(`${order.cureBy}T00:00:00Z`).toISOString().slice(0, 10) !== order.cureBy) return `cure-by "${order.cureBy}" is not a date (use YYYY-MM-DD)`;
    if (order.cureBy < today) return `cure-by ${order.cureBy} is in the past (today is ${today} in ${zone})`;
    cureBy = order.cureBy;
  } else {
    const days = order.cureDays ?? statuses.cureDays;
    if (!Number.isInteger(days) || days < 1 || days > 365) return `cure-days must be a whole number of days from 1 to 365 (got ${days})`;
    cureBy = toIsoDate(addDays(todayInZone(new Date(now), zone), days));
  }
  return { cureBy, cureByAt: zonedLocalToUtc(`${cureBy}T23:59:59.999`, zone).getTime() };
}

/** An order's problems against the settlement (not yet whether its claim exists). */
function orderProblems(order: StatusOrder, statuses: ClaimStatuses, prefixes: readonly string[]): string[] {
  const problems: string[] = [];
  const ids = statuses.statuses.map((s) => s.id);
  if (!statusOf(statuses, order.status)) problems.push(`"${order.status}" is not a status of this settlement (${didYouMean(order.status, ids)})`);
  const kinds = statuses.deficiencies.map((d) => d.id);
  if (order.status === DEFICIENT) {
    if (!order.deficiencies.length) problems.push(`a deficient claim needs at least one deficiency kind (${kinds.join(', ')})`);
  } else {
    if (order.deficiencies.length) problems.push(`deficiency kinds go with the status "${DEFICIENT}" only`);
    if (order.cureBy !== undefined || order.cureDays !== undefined) problems.push(`a cure-by date goes with the status "${DEFICIENT}" only`);
  }
  for (const kind of order.deficiencies) {
    if (!deficiencyOf(statuses, kind)) problems.push(`"${kind}" is not a deficiency kind of this settlement (${didYouMean(kind, kinds)})`);
  }
  if (new Set(order.deficiencies).size !== order.deficiencies.length) problems.push('a deficiency kind is named twice');
  if ((order.note ?? '').length > MAX_NOTE) problems.push(`the note is longer than ${MAX_NOTE} characters`);
  if (!isValidReferenceCode(normalizeReferenceCode(order.reference), prefixes)) problems.push(`"${order.reference}" is not a reference code`);
  return problems;
}

/** Texts of the settlement's locales in a culture, placeholders filled (the key itself when missing). */
const translator = (locales: Locales, culture: string) => (key: string, ...args: Array<string | number>) => {
  const text = locales.text(key, culture);
  return text === undefined ? key : formatTemplate(text, ...args);
};

/**
 * Checks every order, then records them all and queues their deficiency notices in ONE
 * transaction; any problem refuses them all (StatusChangeError, every problem with its line).
 */
export async function applyStatusChanges(database: Database, settlement: Settlement, locales: Locales, orders: readonly StatusOrder[], options: ApplyOptions): Promise<AppliedChanges> {
  const clock = options.clock ?? Date.now;
  const now = clock();
  const deadlines = settlementDeadlines(settlement);
  const zone = settlementZone(deadlines);
  const store = createClaimStatuses(database, { clock });
  const claims = await store.claimsByReference(orders.map((o) => o.reference));

  const prefixes = settlement.forms.map((f) => f.referencePrefix);
  const problems: StatusProblem[] = [];
  const firstLine = new Map<string, number | undefined>();
  const planned: Array<{ order: StatusOrder; claim: FiledClaim; cure: { cureBy: string; cureByAt: number } | null }> = [];
  for (const order of orders) {
    const at = (message: string) => problems.push({ ...(order.line !== undefined ? { line: order.line } : {}), message });
    const own = orderProblems(order, settlement.statuses, prefixes);
    own.forEach(at);
    const code = normalizeReferenceCode(order.reference);
    const claim = claims.get(code);
    if (!own.some((p) => p.endsWith('is not a reference code')) && !claim) at(`no claim has the reference code ${order.reference}`);
    if (firstLine.has(code)) at(`the reference code ${order.reference} is also on line ${firstLine.get(code) ?? '?'}: one change per claim per file`);
    else firstLine.set(code, order.line);
    let cure: { cureBy: string; cureByAt: number } | null = null;
    if (order.status === DEFICIENT) {
      const date = cureDate(order, settlement.statuses, zone, now);
      if (typeof date === 'string') at(date);
      else cure = date;
    }
    if (claim && own.length === 0) planned.push({ order, claim, cure });
  }
  if (problems.length) throw new StatusChangeError(problems);
  if (planned.some((p) => p.order.status === DEFICIENT) && !options.statusLink) {
    throw new StatusChangeError([{ message: 'the deficiency notice links to the status page: set PUBLIC_URL to the address claimants use (e.g. https://claims.example.com)' }]);
  }

  const outbox = createOutbox(database, { clock });
  const flows = settlement.flows.map((f) => f.flow);
  const result: AppliedChanges = { changes: [], notices: 0, withoutAddress: [] };
  await database.db.transaction().execute(async (trx) => {
    for (const { order, claim, cure } of planned) {
      const change = await store.record(trx, {
        submissionId: claim.submissionId,
        to: order.status,
        deficiencies: order.deficiencies,
        cureBy: cure?.cureBy ?? null,
        cureByAt: cure?.cureByAt ?? null,
        note: order.note?.trim() || null,
        changedBy: options.changedBy,
      });
      result.changes.push(change);
      if (!cure || !options.statusLink) continue;
      const flow = flowOf(settlement, claim.formType);
      const to = flow && isRecord(claim.payload) ? receiptAddress(flow, claim.payload) : null;
      if (!to) {
        result.withoutAddress.push(claim.referenceCode);
        continue;
      }
      const culture = locales.resolve(claim.culture);
      const t = translator(locales, culture);
      const content = renderMail(
        'deficiency-notice',
        {
          referenceCode: claim.referenceCode,
          deficiencies: order.deficiencies.flatMap((kind) => {
            const declared = deficiencyOf(settlement.statuses, kind);
            return declared ? [{ textKey: declared.textKey, cure: cureText(declared.cure, flows, t) }] : [];
          }),
          cureByAt: cure.cureByAt,
          statusLink: options.statusLink,
        },
        { culture, t, deadlines },
      );
      // One notice per change: the change's id is its key.
      const queued = await outbox.enqueue(trx, { kind: 'deficiency-notice', to, culture, ...content, dedupeKey: `deficiency:${change.id}`, submissionId: claim.submissionId });
      if (queued !== null) result.notices++;
    }
  });
  return result;
}

/** What the claimant is shown of a claim's status. */
export interface ClaimantStatus {
  status: string;
  labelKey: string;
  nextKey: string;
  /** ISO date-times: when the claim was filed, when its status last changed (null: never). */
  filedAt: string;
  changedAt: string | null;
  deficiencies: Array<{ kind: string; textKey: string; cure: ClaimStatuses['deficiencies'][number]['cure'] }>;
  /** YYYY-MM-DD and the end of that day (ISO), for a deficient claim. */
  cureBy: string | null;
  cureByAt: string | null;
}

/**
 * The claimant's view: the latest change's status; none is received, or under review while the
 * fraud screening holds or flags the claim (the screening itself is never shown). A status the
 * settlement no longer declares reads as under review.
 */
export function claimantStatus(statuses: ClaimStatuses, claim: Pick<FiledClaim, 'createdAt'>, latest: StatusChange | undefined, screenedOut: boolean): ClaimantStatus {
  const id = latest?.to ?? (screenedOut ? UNDER_REVIEW : RECEIVED);
  const declared = statusOf(statuses, id) ?? statusOf(statuses, UNDER_REVIEW) ?? statusOf(statuses, RECEIVED);
  const deficient = declared?.id === DEFICIENT && latest?.to === DEFICIENT;
  return {
    status: declared?.id ?? RECEIVED,
    labelKey: declared?.labelKey ?? '',
    nextKey: declared?.nextKey ?? '',
    filedAt: new Date(claim.createdAt).toISOString(),
    changedAt: latest ? new Date(latest.changedAt).toISOString() : null,
    deficiencies: deficient
      ? latest.deficiencies.flatMap((kind) => {
          const d = deficiencyOf(statuses, kind);
          return d ? [{ kind, textKey: d.textKey, cure: d.cure }] : [];
        })
      : [],
    cureBy: deficient ? latest.cureBy : null,
    cureByAt: deficient && latest.cureByAt !== null ? new Date(latest.cureByAt).toISOString() : null,
  };
}
