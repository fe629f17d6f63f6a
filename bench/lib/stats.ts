/** Percentiles and summaries over latency samples (ms). */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
}

export interface Summary {
  n: number;
  mean: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export function summarize(samples: number[]): Summary {
  const sorted = [...samples].sort((a, b) => a - b);
  const mean = sorted.reduce((s, x) => s + x, 0) / Math.max(1, sorted.length);
  return { n: sorted.length, mean, p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99), max: sorted[sorted.length - 1] ?? NaN };
}

export const median = (values: number[]): number => percentile([...values].sort((a, b) => a - b), 50);

/**
 * Samples gathered in several runs (rounds) of one figure: the figure is the percentile of all of
 * them pooled, which a single slow round moves far less than it moves its own p95; the rounds' own
 * p95s are kept to say how far apart they lie.
 */
export interface Pooled {
  all: Summary;
  /** p95 of each round, in the order measured. */
  roundP95s: number[];
}

export function pooled(rounds: number[][]): Pooled {
  return { all: summarize(rounds.flat()), roundP95s: rounds.map((r) => summarize(r).p95) };
}

/** "min–max" of the rounds' p95s, for the notes. */
export function roundSpread(p: Pooled, digits = 1): string {
  const f = 10 ** digits;
  const r = (n: number) => Math.round(n * f) / f;
  const finite = p.roundP95s.filter((n) => Number.isFinite(n));
  if (finite.length === 0) return '—';
  return `${r(Math.min(...finite))}–${r(Math.max(...finite))}`;
}
