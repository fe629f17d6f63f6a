/**
 * What every figure script returns, and the context it runs in.
 */
export interface Figure {
  /** Stable id, e.g. "bundle.start-page.automotive". */
  name: string;
  value: number | null;
  unit: string;
  /** Human-readable budget, e.g. "≤ 150 KB gz"; null when the figure is context only. */
  budget: string | null;
  /** true / false when there is a budget and a value; null when not measured or no budget. */
  holds: boolean | null;
  /** The floor measured in the same run, when the figure has one. */
  floor?: { name: string; value: number; unit: string } | null;
  notes: string;
  /** Extra numbers (percentiles, per-run values) kept in results.json. */
  detail?: Record<string, unknown>;
  /** The figure script that measured it (set by bench/run.ts). */
  script?: string;
  /** A section for results.md (tables), printed under the figures. */
  markdown?: string;
}

export interface BenchContext {
  smoke: boolean;
  /** Progress lines (stderr). */
  log(message: string): void;
}

export type FigureScript = (ctx: BenchContext) => Promise<Figure[]>;

export function notMeasured(name: string, unit: string, budget: string | null, why: string): Figure {
  return { name, value: null, unit, budget, holds: null, notes: `not measured: ${why}` };
}

/** Runs a figure script on its own (tsx bench/<name>.ts [--smoke]) and prints its figures. */
export async function standalone(script: FigureScript): Promise<void> {
  const smoke = process.argv.includes('--smoke');
  const figures = await script({ smoke, log: (m) => process.stderr.write(`${m}\n`) });
  for (const f of figures) {
    const mark = f.holds === null ? '·' : f.holds ? 'ok' : 'MISS';
    console.log(`${mark.padEnd(4)} ${f.name}: ${f.value ?? '—'} ${f.unit}${f.budget ? ` (budget ${f.budget})` : ''}${f.floor ? ` [floor ${f.floor.value} ${f.floor.unit}]` : ''} ${f.notes}`);
  }
  process.exit(0);
}

/** Whether the module with this import.meta.url is the process entry point. */
export function isEntry(metaUrl: string): boolean {
  const entry = process.argv[1];
  if (!entry) return false;
  return metaUrl === new URL(`file://${entry.startsWith('/') ? '' : `${process.cwd()}/`}${entry}`).href;
}

export const round = (n: number, digits = 1): number => Math.round(n * 10 ** digits) / 10 ** digits;
