/**
 * The flow map's layout: every page of the flow in one column, in the order claimants meet them,
 * whatever skip rules jump over pages or record blocks point at models; each skip edge in a lane
 * of its own beside the column, never through a page, the lanes nested so that an edge spanning
 * another runs outside it.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FlowFile } from '../../runtime/core/types';
import { readSettlementFolder } from '../../settlement/read';
import { flowGraph, type FlowGraph } from '../../studio/app/flowGraph';
import { layoutGraph, type Box, type Layout, type Point } from '../../studio/app/layout';
import { ROOT } from './settlement-copy';

const FLOWS = ['server-fixtures/flows/automotive.json', 'server-fixtures/flows/exclusion.json', 'templates/data-breach/flows/claim.json', 'tests/settlements/second/flows/automotive.json'];

/** A flow as its settlement folder makes it (a folder that extends another holds only a patch). */
function flowOf(file: string): FlowFile {
  const [folder, ...rest] = file.split('/flows/');
  const entry = readSettlementFolder(path.join(ROOT, folder ?? '')).files.get(`flows/${rest.join('/flows/')}`);
  if (!entry?.json) throw new Error(`${file}: no such flow`);
  return entry.json as FlowFile;
}

const page = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  path: `/f/${id}`,
  titleKey: `LocKey_${id}`,
  requiresAuthorization: true,
  sessionTimeout: true,
  blocks: [],
  ...extra,
});
const skip = (scope: string) => ({
  skipWhen: { scope, schema: { const: 'true' } },
});
const records = {
  blocks: [
    {
      block: 'records',
      model: 'ClaimTransactions',
      fields: [],
      displayFields: ['amount'],
    },
  ],
};

/** Four skip rules: two on pages next to each other, one on a page right after, one far down; records and a page outside the flow. */
const MANY_SKIPS = {
  version: 1,
  formType: 'Claim',
  pages: [
    page('start'),
    page('about-you'),
    page('vehicle', skip('claimDetails.noVehicle')),
    page('repairs', { ...skip('claimDetails.noRepairs'), ...records }),
    page('denials', {
      ...skip('claimDetails.didIncurOutOfPocketExpensesPriorToSeptember'),
      ...records,
    }),
    page('documents'),
    page('payment', { inFlow: false }),
    page('travel', skip('claimDetails.noTravel')),
    page('summary'),
    page('confirmation'),
  ],
} as unknown as FlowFile;

const graphOf = (flow: FlowFile) =>
  flowGraph(
    flow,
    (key) => key,
    (p) => `skip ${p} when`,
    'records',
  );

/** Whether a horizontal or vertical segment passes through the inside of a box (touching its edge does not count). */
function crosses(a: Point, b: Point, box: Box): boolean {
  const [x1, x2] = [Math.min(a.x, b.x), Math.max(a.x, b.x)];
  const [y1, y2] = [Math.min(a.y, b.y), Math.max(a.y, b.y)];
  return x1 < box.x + box.width && x2 > box.x && y1 < box.y + box.height && y2 > box.y;
}

const segments = (points: readonly Point[]) => points.slice(1).map((p, i) => [points[i] ?? p, p] as const);

function expectColumn(graph: FlowGraph, layout: Layout) {
  const pages = graph.nodes.filter((n) => n.kind === 'page');
  const boxes = pages.map((n) => layout.nodes[n.id]).filter((box) => box !== undefined);
  expect(boxes).toHaveLength(pages.length);
  // Every page, in the flow or not, has the same x.
  expect(new Set(boxes.map((box) => box.x)).size).toBe(1);
  // y grows in flow order: the order of the next edges.
  const inFlow = graph.edges
    .filter((e) => e.kind === 'next')
    .flatMap((e) => [e.from, e.to])
    .filter((id, i, all) => all.indexOf(id) === i);
  const ys = inFlow.map((id) => layout.nodes[id]?.y ?? NaN);
  expect(ys.every((y, i) => i === 0 || y > (ys[i - 1] ?? Infinity))).toBe(true);
  // The next edges run straight down between two pages.
  for (const edge of graph.edges.filter((e) => e.kind === 'next')) {
    const points = layout.edges[edge.id]?.points ?? [];
    expect(points).toHaveLength(2);
    expect(points[0]?.x).toBe(points[1]?.x);
    expect(points[0]?.y).toBe((layout.nodes[edge.from]?.y ?? NaN) + (layout.nodes[edge.from]?.height ?? NaN));
    expect(points[1]?.y).toBe(layout.nodes[edge.to]?.y);
  }
  const right = (boxes[0]?.x ?? 0) + (boxes[0]?.width ?? 0);
  for (const edge of graph.edges.filter((e) => e.kind !== 'next')) {
    const route = layout.edges[edge.id];
    expect(route?.points.length).toBeGreaterThan(1);
    // No skip or records edge passes through a page's box, nor its label over one.
    for (const [a, b] of segments(route?.points ?? [])) for (const box of boxes) expect(crosses(a, b, box), `${edge.id} through a page`).toBe(false);
    if (route?.label)
      for (const box of boxes)
        expect(
          crosses(
            { x: route.label.x, y: route.label.y },
            {
              x: route.label.x + route.label.width,
              y: route.label.y + route.label.height,
            },
            box,
          ),
        ).toBe(false);
    if (edge.kind === 'skip') {
      // Beside the column: from its page's right side, back to the right side of the page it lands on.
      expect(route?.points.every((p) => p.x >= right)).toBe(true);
      expect(route?.points[0]?.x).toBe(right);
      expect(route?.points.at(-1)?.x).toBe(right);
    }
  }
  // Nothing is drawn outside the map's size (the panel scrolls over it).
  for (const box of Object.values(layout.nodes)) expect(box.x >= 0 && box.y >= 0 && box.x + box.width <= layout.width && box.y + box.height <= layout.height).toBe(true);
  for (const route of Object.values(layout.edges)) {
    for (const p of route.points) expect(p.x >= 0 && p.x <= layout.width && p.y >= 0 && p.y <= layout.height).toBe(true);
    if (route.label) expect(route.label.x + route.label.width).toBeLessThanOrEqual(layout.width);
  }
}

describe('the flow map layout', () => {
  it.each(FLOWS)('puts the pages of %s in one column in flow order, skip edges beside it', async (file) => {
    const graph = graphOf(flowOf(file));
    expectColumn(graph, await layoutGraph(graph));
  });

  it('keeps the column with four skip rules, each in a lane of its own that no other skip edge crosses', async () => {
    const graph = graphOf(MANY_SKIPS);
    const layout = await layoutGraph(graph);
    expectColumn(graph, layout);
    expect(layout.nodes['page:payment']?.y).toBeGreaterThan(layout.nodes['page:confirmation']?.y ?? Infinity);
    const skips = graph.edges.filter((e) => e.kind === 'skip');
    expect(skips.map((e) => e.id)).toEqual(['skip:vehicle', 'skip:repairs', 'skip:denials', 'skip:travel']);
    const routes = skips.map((e) => layout.edges[e.id]?.points ?? []);
    const lanes = routes.map((points) => points[1]?.x);
    // The lanes of edges whose spans overlap differ; and each lane is right of the labels of the lanes inside it.
    expect(new Set(lanes.slice(0, 3)).size).toBe(3);
    // skip:vehicle (about-you → repairs) and skip:repairs (vehicle → denials) overlap; skip:denials (repairs → documents) overlaps both.
    // The two vertical segments of edges that do not overlap never meet; skip:travel (documents → summary) may share a lane, arriving below where skip:denials leaves.
    const vertical = (points: readonly Point[]) => ({
      x: points[1]?.x ?? NaN,
      from: points[1]?.y ?? NaN,
      to: points[2]?.y ?? NaN,
    });
    for (let i = 0; i < routes.length; i++)
      for (let j = i + 1; j < routes.length; j++) {
        const [a, b] = [vertical(routes[i] ?? []), vertical(routes[j] ?? [])];
        if (a.x === b.x) expect(a.to < b.from || b.to < a.from).toBe(true);
      }
    // No other skip edge runs through a label: the stubs of edges further out pass above or below it.
    for (const edge of skips) {
      const label = layout.edges[edge.id]?.label;
      if (!label) continue;
      for (const other of skips.filter((e) => e !== edge)) for (const [a, b] of segments(layout.edges[other.id]?.points ?? [])) expect(crosses(a, b, label), `${other.id} through the label of ${edge.id}`).toBe(false);
    }
    // Each label stands beside its own lane, on its outer side, within the lane's run. (A lane further
    // out may pass above or below a label at a smaller x: what matters is that none runs through it.)
    for (const [i, edge] of skips.entries()) {
      const label = layout.edges[edge.id]?.label;
      const lane = vertical(routes[i] ?? []);
      expect(label).toBeDefined();
      expect(label?.x).toBeGreaterThanOrEqual(lane.x);
      expect(label?.y).toBeGreaterThanOrEqual(Math.min(lane.from, lane.to));
      expect((label?.y ?? 0) + (label?.height ?? 0)).toBeLessThanOrEqual(Math.max(lane.from, lane.to));
    }
  });

  it('nests lanes: an edge that spans others runs outside them and their labels', async () => {
    const ids = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];
    const graph: FlowGraph = {
      nodes: ids.map((id, pageIndex) => ({
        id,
        kind: 'page',
        label: id,
        pageIndex,
        skippable: false,
        inFlow: true,
      })),
      edges: [
        ...ids.slice(1).map((id, i) => ({
          id: `next:${ids[i] ?? ''}`,
          kind: 'next' as const,
          from: ids[i] ?? '',
          to: id,
        })),
        {
          id: 'long',
          kind: 'skip',
          from: 'a',
          to: 'g',
          label: ['long', 'x = 1'],
        },
        {
          id: 'first',
          kind: 'skip',
          from: 'b',
          to: 'd',
          label: ['first', 'y = 1'],
        },
        {
          id: 'second',
          kind: 'skip',
          from: 'd',
          to: 'f',
          label: ['second', 'z = 1'],
        },
      ],
    };
    const layout = await layoutGraph(graph);
    expectColumn(graph, layout);
    const laneOf = (id: string) => layout.edges[id]?.points[1]?.x ?? NaN;
    for (const inner of ['first', 'second']) {
      const label = layout.edges[inner]?.label;
      expect(laneOf('long')).toBeGreaterThan(laneOf(inner));
      expect((label?.x ?? Infinity) + (label?.width ?? 0)).toBeLessThanOrEqual(laneOf('long'));
    }
    // The two inner edges meet at d without crossing: the first arrives above where the second leaves.
    expect(layout.edges['first']?.points.at(-1)?.y).toBeLessThan(layout.edges['second']?.points[0]?.y ?? -Infinity);
  });
});
