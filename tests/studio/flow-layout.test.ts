/**
 * The flow map's layout by elkjs: every page of the flow in one column, in the order claimants
 * meet them, whatever skip rules jump over pages or record blocks point at models; the skip edges
 * run beside the column, not through it.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FlowFile } from '../../runtime/core/types';
import { readSettlementFolder } from '../../settlement/read';
import { flowGraph } from '../../studio/app/flowGraph';
import { layoutGraph } from '../../studio/app/layout';
import { ROOT } from './settlement-copy';

const FLOWS = ['server-fixtures/flows/automotive.json', 'server-fixtures/flows/exclusion.json', 'templates/data-breach/flows/claim.json', 'tests/settlements/second/flows/automotive.json'];

/** A flow as its settlement folder makes it (a folder that extends another holds only a patch). */
function flowOf(file: string): FlowFile {
  const [folder, ...rest] = file.split('/flows/');
  const entry = readSettlementFolder(path.join(ROOT, folder ?? '')).files.get(`flows/${rest.join('/flows/')}`);
  if (!entry?.json) throw new Error(`${file}: no such flow`);
  return entry.json as FlowFile;
}

describe('the flow map layout', () => {
  it.each(FLOWS)('puts the pages of %s in one column in flow order, skip edges beside it', async (file) => {
    const flow = flowOf(file);
    const graph = flowGraph(flow, (key) => key, (page) => `skip ${page}`, 'records');
    const layout = await layoutGraph(graph);
    const inFlow = graph.edges.filter((e) => e.kind === 'next').flatMap((e) => [e.from, e.to]).filter((id, i, all) => all.indexOf(id) === i);
    const boxes = inFlow.map((id) => layout.nodes[id]);
    expect(boxes.every((box) => box !== undefined)).toBe(true);
    const placed = boxes.filter((box) => box !== undefined);
    expect(new Set(placed.map((box) => box.x)).size).toBe(1);
    expect(placed.every((box, i) => i === 0 || box.y > (placed[i - 1]?.y ?? Infinity))).toBe(true);
    const right = (placed[0]?.x ?? 0) + (placed[0]?.width ?? 0);
    for (const edge of graph.edges.filter((e) => e.kind === 'skip')) {
      const points = layout.edges[edge.id]?.points ?? [];
      expect(points.length).toBeGreaterThan(0);
      // Beside the column: the route never crosses the pages' boxes.
      expect(points.every((p) => p.x >= right)).toBe(true);
    }
  });
});
