/**
 * The administrator's fraud view (`npm run admin -- fraud`): how many claims were accepted,
 * flagged and held, how many have each reason, the clusters of claims sharing a value (largest
 * first), and the flagged and held claims with what was kept of their client. The only place the
 * client address and user agent are shown.
 */
import type { Database } from '../db/types.js';
import { clusters, reasonCounts, screenedClaims, type Cluster, type ScreenedClaim } from './store.js';

/** What a cluster's shared value is, in words. */
export const KIND_LABELS: Record<Cluster['kind'], string> = {
  address: 'client address (in the window)',
  network: 'network /24 or /64 (in the window)',
  session: 'browser session (in the window)',
  noticeId: 'Notice ID',
  vin: 'VIN',
  email: 'e-mail address',
  phone: 'phone number',
  mailingAddress: 'mailing address',
  paymentAccount: 'payment account',
  answers: 'answers',
  document: 'document',
};

export interface FraudSummary {
  claims: number;
  dispositions: Record<ScreenedClaim['disposition'], number>;
  reasons: ReturnType<typeof reasonCounts>;
  clusters: Cluster[];
  /** Flagged and held claims, highest score first. */
  review: ScreenedClaim[];
}

export async function fraudSummary(database: Database, options: { clusters?: number } = {}): Promise<FraudSummary> {
  const claims = await screenedClaims(database);
  const dispositions = { accepted: 0, flagged: 0, held: 0 };
  for (const c of claims) dispositions[c.disposition]++;
  return {
    claims: claims.length,
    dispositions,
    reasons: reasonCounts(claims),
    clusters: await clusters(database, { limit: options.clusters ?? 20 }),
    review: claims.filter((c) => c.disposition !== 'accepted').sort((a, b) => b.score - a.score || (a.createdAt < b.createdAt ? -1 : 1)),
  };
}

const MAX_CODES = 10;

/** The summary as plain text for a terminal. */
export function fraudSummaryText(summary: FraudSummary): string {
  const out: string[] = [];
  const { accepted, flagged, held } = summary.dispositions;
  out.push(`Screened claims: ${summary.claims} (accepted ${accepted}, flagged ${flagged}, held ${held})`, '');
  out.push('Claims per reason:');
  if (!summary.reasons.length) out.push('  (none)');
  for (const r of summary.reasons) out.push(`  ${String(r.claims).padStart(7)}  ${r.code}`);
  out.push('', 'Clusters (claims sharing one value, largest first):');
  if (!summary.clusters.length) out.push('  (none)');
  for (const c of summary.clusters) {
    const shown = c.referenceCodes.slice(0, MAX_CODES).join(' ');
    const more = c.referenceCodes.length > MAX_CODES ? ` … and ${c.referenceCodes.length - MAX_CODES} more` : '';
    out.push(`  ${String(c.size).padStart(7)}  same ${KIND_LABELS[c.kind]} [${c.digest.slice(0, 12)}]: ${shown}${more}`);
  }
  out.push('', 'Flagged and held claims (highest score first):');
  if (!summary.review.length) out.push('  (none)');
  for (const c of summary.review) {
    const client = [c.clientIp ?? 'address purged', c.fillSeconds === null ? null : `filled in ${c.fillSeconds} s`, c.userAgent ? JSON.stringify(c.userAgent) : null].filter(Boolean).join(', ');
    out.push(`  ${c.referenceCode}  ${c.formType}  ${c.createdAt}  score ${c.score}  ${c.disposition}  ${c.reasons.map((r) => r.code).join(' ')}  (${client})`);
  }
  return `${out.join('\n')}\n`;
}
