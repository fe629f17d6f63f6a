/**
 * Typing latency figure (placeholder until the heavy pages exist; see transition.ts).
 *
 *   tsx bench/typing.ts [--smoke]
 */
import { notMeasured, standalone, isEntry, type BenchContext, type Figure } from './lib/figure.js';

export async function run(_ctx: BenchContext): Promise<Figure[]> {
  return [notMeasured('typing.repairs-20-records.p95', 'ms', '≤ 4 ms and ≤ 1.5× the plain page', 'the repairs page with saved records cannot yet be reached in the browser')];
}

if (isEntry(import.meta.url)) await standalone(run);
