/**
 * The administrator's picture of the filing period (`npm run admin -- report --out report.html`):
 * ONE self-contained HTML page, readable offline (Chart.js inlined, no network): claims per hour
 * (or per day over a long period) per form with the filing deadlines marked, the flagged share,
 * the reasons and the largest clusters. Each chart has a data table beside it with the same
 * figures, for screen readers and for copying.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Database } from '../db/types.js';
import type { Settlement } from '../settlement/load.js';
import { deadlineInstants } from '../settlement/deadlines.js';
import { screeningsById } from './store.js';
import { fraudSummary, KIND_LABELS } from './view.js';

const require = createRequire(import.meta.url);

/** Chart.js's UMD build, inlined into the page. */
function chartJsSource(): string {
  // The package exports no subpath for it: it sits beside the main entry (dist/chart.cjs).
  return readFileSync(path.join(path.dirname(require.resolve('chart.js')), 'chart.umd.min.js'), 'utf8');
}

const HOUR = 3_600_000;
/** Over this many hours the claims are counted per day. */
const MAX_HOURLY_BUCKETS = 24 * 14;

export interface ReportData {
  title: string;
  generatedAt: string;
  bucket: 'hour' | 'day';
  /** Bucket start instants (ISO, UTC). */
  labels: string[];
  /** Per form type, claims per bucket. */
  perForm: Record<string, number[]>;
  /** Flagged or held claims per bucket, and all claims per bucket. */
  flagged: number[];
  total: number[];
  deadlines: Array<{ label: string; at: string; /** Position on the bucket axis (fractional), or null when outside it. */ position: number | null }>;
  reasons: Array<{ code: string; claims: number }>;
  clusters: Array<{ label: string; size: number; first: string }>;
  dispositions: Record<'accepted' | 'flagged' | 'held', number>;
}

/** The report's figures from the database and the settlement (its forms' deadlines). */
export async function reportData(database: Database, settlement: Pick<Settlement, 'flows' | 'deadlines'>, now: number): Promise<ReportData> {
  // Only what the charts need: not the answers.
  const records = await database.db.selectFrom('submissions').select(['id', 'form_type as formType', 'created_at as createdAt']).orderBy('created_at').execute();
  const screenings = await screeningsById(database);
  const summary = await fraudSummary(database, { clusters: 10 });
  const instants = deadlineInstants(settlement.deadlines);
  const deadlines: Array<{ label: string; at: number }> = [];
  for (const { flow } of settlement.flows) {
    if (!flow.submit) continue;
    for (const key of flow.deadlineKeys) {
      const at = instants[key];
      if (at) deadlines.push({ label: `${flow.formType} deadline (${key})`, at: at.getTime() });
    }
  }
  const times = records.map((r) => Date.parse(r.createdAt));
  const first = times.length ? Math.min(...times) : now;
  const last = times.length ? Math.max(...times) : now;
  const bucket: 'hour' | 'day' = (last - first) / HOUR > MAX_HOURLY_BUCKETS ? 'day' : 'hour';
  const size = bucket === 'hour' ? HOUR : 24 * HOUR;
  const start = Math.floor(first / size) * size;
  const count = Math.floor((last - start) / size) + 1;
  const labels = Array.from({ length: count }, (_, i) => new Date(start + i * size).toISOString());
  const perForm: Record<string, number[]> = {};
  const flagged = new Array<number>(count).fill(0);
  const total = new Array<number>(count).fill(0);
  const countIn = (counts: number[], at: number) => {
    counts[at] = (counts[at] ?? 0) + 1;
  };
  for (const r of records) {
    const at = Math.floor((Date.parse(r.createdAt) - start) / size);
    countIn((perForm[r.formType] ??= new Array<number>(count).fill(0)), at);
    countIn(total, at);
    const disposition = screenings.get(Number(r.id))?.disposition;
    if (disposition === 'flagged' || disposition === 'held') countIn(flagged, at);
  }
  return {
    title: 'Claims filing period',
    generatedAt: new Date(now).toISOString(),
    bucket,
    labels,
    perForm,
    flagged,
    total,
    deadlines: deadlines.map((d) => {
      const position = (d.at - start) / size;
      return { label: d.label, at: new Date(d.at).toISOString(), position: position >= 0 && position <= count ? position : null };
    }),
    reasons: summary.reasons,
    clusters: summary.clusters.map((c) => ({ label: `same ${KIND_LABELS[c.kind]} [${c.digest.slice(0, 8)}]`, size: c.size, first: c.referenceCodes[0] ?? '' })),
    dispositions: summary.dispositions,
  };
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
/** JSON inside a script element: nothing in it can end the element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');
const percent = (part: number, whole: number) => (whole ? `${Math.round((part / whole) * 1000) / 10} %` : '—');

function table(caption: string, head: string[], rows: Array<Array<string | number>>): string {
  const body = rows.length ? rows.map((r) => `<tr>${r.map((c, i) => (i === 0 ? `<th scope="row">${escapeHtml(String(c))}</th>` : `<td>${escapeHtml(String(c))}</td>`)).join('')}</tr>`).join('\n') : `<tr><td colspan="${head.length}">None.</td></tr>`;
  return `<table><caption>${escapeHtml(caption)}</caption><thead><tr>${head.map((h) => `<th scope="col">${escapeHtml(h)}</th>`).join('')}</tr></thead><tbody>\n${body}\n</tbody></table>`;
}

function section(id: string, heading: string, intro: string, chartLabel: string, dataTable: string): string {
  return `<section aria-labelledby="${id}-heading">
<h2 id="${id}-heading">${escapeHtml(heading)}</h2>
<p>${escapeHtml(intro)}</p>
<div class="pair">
<figure><canvas id="${id}-chart" role="img" aria-label="${escapeHtml(chartLabel)}" width="720" height="320"></canvas></figure>
<div class="table" tabindex="0" role="region" aria-label="${escapeHtml(heading)}: the figures">${dataTable}</div>
</div>
</section>`;
}

/** Draws the charts from the page's data (runs in the page, with Chart.js loaded before it). */
const CHART_SCRIPT = String.raw`
(function () {
  var data = JSON.parse(document.getElementById('report-data').textContent);
  var palette = ['#1f5fa8', '#b35900', '#2e7d32', '#6a1b9a', '#00695c', '#ad1457'];
  var unit = data.bucket === 'hour' ? 'hour' : 'day';
  var labels = data.labels.map(function (l) { return unit === 'hour' ? l.slice(0, 13).replace('T', ' ') + ':00' : l.slice(0, 10); });
  var deadlineLines = {
    id: 'deadlineLines',
    afterDatasetsDraw: function (chart) {
      var x = chart.scales.x, area = chart.chartArea, ctx = chart.ctx;
      data.deadlines.forEach(function (d) {
        if (d.position === null) return;
        // Bucket i spans half a step either side of its tick: the deadline falls at its fraction.
        var step = labels.length > 1 ? x.getPixelForValue(1) - x.getPixelForValue(0) : area.right - area.left;
        var px = x.getPixelForValue(0) - step / 2 + d.position * step;
        ctx.save();
        ctx.strokeStyle = '#b00020'; ctx.lineWidth = 2; ctx.setLineDash([6, 4]);
        ctx.beginPath(); ctx.moveTo(px, area.top); ctx.lineTo(px, area.bottom); ctx.stroke();
        ctx.setLineDash([]); ctx.fillStyle = '#b00020'; ctx.font = '12px sans-serif';
        ctx.fillText(d.label, Math.min(px + 4, area.right - ctx.measureText(d.label).width), area.top + 12);
        ctx.restore();
      });
    },
  };
  var common = { animation: false, responsive: false, plugins: { legend: { position: 'bottom' } } };
  new Chart(document.getElementById('per-hour-chart'), {
    type: 'bar',
    data: { labels: labels, datasets: Object.keys(data.perForm).map(function (form, i) { return { label: form, data: data.perForm[form], backgroundColor: palette[i % palette.length] }; }) },
    options: Object.assign({}, common, { scales: { x: { stacked: true }, y: { stacked: true, beginAtZero: true, title: { display: true, text: 'Claims' } } } }),
    plugins: [deadlineLines],
  });
  new Chart(document.getElementById('flagged-chart'), {
    type: 'line',
    data: { labels: labels, datasets: [{ label: 'Flagged or held, % of claims', data: data.total.map(function (t, i) { return t ? Math.round((data.flagged[i] / t) * 1000) / 10 : null; }), borderColor: '#b35900', backgroundColor: '#b35900', spanGaps: true }] },
    options: Object.assign({}, common, { scales: { y: { beginAtZero: true, max: 100, title: { display: true, text: '%' } } } }),
    plugins: [deadlineLines],
  });
  new Chart(document.getElementById('reasons-chart'), {
    type: 'bar',
    data: { labels: data.reasons.map(function (r) { return r.code; }), datasets: [{ label: 'Claims', data: data.reasons.map(function (r) { return r.claims; }), backgroundColor: '#1f5fa8' }] },
    options: Object.assign({}, common, { indexAxis: 'y', plugins: { legend: { display: false } } }),
  });
  new Chart(document.getElementById('clusters-chart'), {
    type: 'bar',
    data: { labels: data.clusters.map(function (c) { return c.label; }), datasets: [{ label: 'Claims sharing the value', data: data.clusters.map(function (c) { return c.size; }), backgroundColor: '#6a1b9a' }] },
    options: Object.assign({}, common, { indexAxis: 'y', plugins: { legend: { display: false } } }),
  });
  document.documentElement.setAttribute('data-charts-drawn', '4');
})();
`;

/** The page: headings, each chart with its data table, Chart.js and the data inlined. */
export function reportHtml(data: ReportData, chartJs = chartJsSource()): string {
  const forms = Object.keys(data.perForm);
  const unit = data.bucket === 'hour' ? 'hour' : 'day';
  const at = (iso: string) => (data.bucket === 'hour' ? `${iso.slice(0, 13).replace('T', ' ')}:00 UTC` : iso.slice(0, 10));
  const claims = data.total.reduce((a, b) => a + b, 0);
  const flaggedAll = data.flagged.reduce((a, b) => a + b, 0);
  // Every count list has one entry per label (reportData makes them so).
  const perHourRows = data.labels.map((l, i) => [at(l), ...forms.map((f) => data.perForm[f]?.[i] ?? 0), data.total[i] ?? 0]);
  const flaggedRows = data.labels.map((l, i) => {
    const flagged = data.flagged[i] ?? 0;
    const total = data.total[i] ?? 0;
    return [at(l), flagged, total, percent(flagged, total)];
  });
  const deadlineText = data.deadlines.map((d) => `${d.label}: ${d.at.replace('T', ' ').replace(/\.\d{3}Z$/, ' UTC')}${d.position === null ? ' (outside the period shown)' : ''}`);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(data.title)} — claims, flags and clusters</title>
<style>
body { font-family: system-ui, sans-serif; margin: 0 auto; max-width: 1200px; padding: 1rem 1.5rem; color: #1a1a1a; background: #fff; line-height: 1.45; }
h1 { font-size: 1.6rem; } h2 { font-size: 1.25rem; margin-top: 2rem; border-top: 1px solid #ccc; padding-top: 1rem; }
.pair { display: flex; flex-wrap: wrap; gap: 1.5rem; align-items: flex-start; }
figure { margin: 0; } canvas { max-width: 100%; }
.table { max-height: 340px; overflow: auto; flex: 1 1 320px; }
table { border-collapse: collapse; font-size: 0.9rem; } caption { text-align: left; font-weight: 600; padding-bottom: 0.25rem; }
th, td { border: 1px solid #bbb; padding: 0.2rem 0.5rem; text-align: right; } th[scope="row"], thead th { text-align: left; background: #f2f2f2; }
.deadline { color: #b00020; font-weight: 600; }
</style>
</head>
<body>
<main>
<h1>${escapeHtml(data.title)}</h1>
<p>Generated ${escapeHtml(data.generatedAt.replace('T', ' ').replace(/\.\d{3}Z$/, ' UTC'))}. ${claims} claims, ${flaggedAll} flagged or held (${percent(flaggedAll, claims)}): accepted ${data.dispositions.accepted}, flagged ${data.dispositions.flagged}, held ${data.dispositions.held}. Times are UTC, counted per ${unit}.</p>
<ul>${deadlineText.map((t) => `<li class="deadline">${escapeHtml(t)}</li>`).join('') || '<li>No filing deadline is configured.</li>'}</ul>
${section('per-hour', `Claims per ${unit}, per form`, 'Claims stored in each period, by form; the dashed red lines mark the filing deadlines.', `Bar chart of claims per ${unit} for ${forms.join(' and ') || 'no form'}, with the filing deadlines marked. The table beside it has the same figures.`, table(`Claims per ${unit}`, [`${unit === 'hour' ? 'Hour' : 'Day'} (UTC)`, ...forms, 'All'], perHourRows))}
${section('flagged', 'Flagged share', 'The share of each period\'s claims that the screening flagged or held.', `Line chart of the percentage of claims flagged or held per ${unit}. The table beside it has the same figures.`, table(`Flagged or held claims per ${unit}`, [`${unit === 'hour' ? 'Hour' : 'Day'} (UTC)`, 'Flagged or held', 'Claims', 'Share'], flaggedRows))}
${section('reasons', 'Reasons', 'How many claims have each reason code (a claim may have several).', 'Horizontal bar chart of claims per reason code. The table beside it has the same figures.', table('Claims per reason code', ['Reason', 'Claims'], data.reasons.map((r) => [r.code, r.claims])))}
${section('clusters', 'Largest clusters', 'Claims sharing one value (an address, phone, document, …), largest first; the full lists are in npm run admin -- fraud.', 'Horizontal bar chart of the largest clusters of claims sharing a value. The table beside it has the same figures.', table('Largest clusters', ['Shared value', 'Claims', 'First claim'], data.clusters.map((c) => [c.label, c.size, c.first])))}
</main>
<script type="application/json" id="report-data">${scriptJson(data)}</script>
<script>${chartJs.replace(/<\/script/gi, '<\\/script')}</script>
<script>${CHART_SCRIPT}</script>
</body>
</html>
`;
}
