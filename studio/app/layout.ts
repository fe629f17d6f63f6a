/**
 * Lays a flow graph out: node boxes, edge routes and label boxes. elkjs (layered, top to bottom,
 * orthogonal routes) places the pages and routes the next and skip edges; the models and their
 * records edges are placed here, to the left of the column.
 *
 * - The pages stand in one column in flow order, the pages outside the flow below them: each page
 *   is a partition of its own, in that order, and next edges are the straightest (a next edge runs
 *   straight down from a page's bottom to the top of the next).
 * - A skip edge leaves its page's right side and enters the right side of the page it lands on
 *   (ports fixed on the east side): elkjs routes it in a lane beside the column, the lanes ordered
 *   so that edges cross as little as they can, and makes each lane wide enough for its label (the
 *   skip condition), written on the outer side of the lane. The label then moves along its lane
 *   to the longest stretch that no stub of another skip edge crosses.
 * - The models that record blocks fill stand in a column to the left, each beside the first page
 *   that fills it; a records edge leaves its page's left side and runs in the model's own channel.
 */
import ELK, { type ElkExtendedEdge, type ElkNode } from 'elkjs/lib/elk.bundled.js';
import type { FlowGraph, MapNode } from './flowGraph';

export const PAGE_SIZE = { width: 190, height: 64 };
export const MODEL_SIZE = { width: 150, height: 40 };
const CHAR_WIDTH = 6.6;
export const LABEL_HEIGHT = 16;
/** Between one page's bottom and the next one's top: room for the next edge's arrowhead. */
const PAGE_GAP = 44;
/** From the column to the first lane, and between lanes. */
const LANE_GAP = 24;
/** From one model's channel to the next, and from the models to the first channel. */
const CHANNEL_GAP = 14;
const MODEL_GAP = 16;
/** From a lane to its labels. */
const LABEL_OFFSET = 2;

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface Point {
  x: number;
  y: number;
}

export interface Layout {
  width: number;
  height: number;
  nodes: Record<string, Box>;
  edges: Record<string, { points: Point[]; label?: Box }>;
}

type PageNode = Extract<MapNode, { kind: 'page' }>;

function labelSize(lines: readonly string[] | undefined): {
  width: number;
  height: number;
} {
  if (!lines || lines.length === 0) return { width: 0, height: 0 };
  return {
    width: Math.max(...lines.map((line) => line.length)) * CHAR_WIDTH + 8,
    height: lines.length * LABEL_HEIGHT,
  };
}

/** `count` points spread evenly over (from, from + length), exclusive. */
function spread(from: number, length: number, count: number): number[] {
  return Array.from({ length: count }, (_, i) => from + (length * (i + 1)) / (count + 1));
}

/**
 * The top of a label of `height` beside a vertical run from `from` to `to`: in the middle of the
 * longest stretch of the run that no horizontal stub (at the heights `stubs`) crosses.
 */
export function labelTop(from: number, to: number, height: number, stubs: readonly number[]): number {
  const [top, bottom] = from < to ? [from, to] : [to, from];
  const cuts = [top, ...stubs.filter((y) => y > top && y < bottom).sort((a, b) => a - b), bottom];
  let best = { top, bottom: top };
  for (let i = 1; i < cuts.length; i++) {
    const [a = top, b = top] = [cuts[i - 1], cuts[i]];
    if (b - a > best.bottom - best.top) best = { top: a, bottom: b };
  }
  return (best.top + best.bottom) / 2 - height / 2;
}

const elk = new ELK();

/** How elkjs lays the column and its skip edges out. */
const ELK_OPTIONS: Record<string, string> = {
  'elk.algorithm': 'layered',
  'elk.direction': 'DOWN',
  'elk.edgeRouting': 'ORTHOGONAL',
  // Each page a partition of its own, in column order: the pages outside the flow stay below it.
  'elk.partitioning.activate': 'true',
  'elk.separateConnectedComponents': 'false',
  'elk.layered.considerModelOrder.strategy': 'NODES_AND_EDGES',
  'elk.layered.spacing.nodeNodeBetweenLayers': String(PAGE_GAP),
  'elk.spacing.nodeNode': String(LANE_GAP),
  'elk.spacing.edgeNode': String(LANE_GAP),
  'elk.spacing.edgeEdge': '10',
  'elk.spacing.edgeLabel': String(LABEL_OFFSET),
  'elk.edgeLabels.placement': 'CENTER',
  // Up is the outer side of a lane: the lanes further out make room for the label.
  'elk.layered.edgeLabels.sideSelection': 'ALWAYS_UP',
  'elk.padding': '[top=0,left=0,bottom=0,right=0]',
};
/** A next edge is the straightest of all: the column stands straight. */
const NEXT_EDGE_OPTIONS = {
  'elk.layered.priority.straightness': '100',
  'elk.priority': '100',
};

const port = (id: string, side: 'NORTH' | 'SOUTH' | 'EAST') => ({
  id,
  layoutOptions: { 'elk.port.side': side },
});

function routeOf(edge: ElkExtendedEdge, dx: number): Point[] {
  const section = edge.sections?.[0];
  if (!section) return [];
  return [section.startPoint, ...(section.bendPoints ?? []), section.endPoint].map((p) => ({ x: p.x + dx, y: p.y }));
}

export async function layoutGraph(graph: FlowGraph): Promise<Layout> {
  const pages = graph.nodes.filter((n): n is PageNode => n.kind === 'page');
  const modelIds = graph.nodes.filter((n) => n.kind === 'model').map((n) => n.id);
  const column = [...pages.filter((p) => p.inFlow), ...pages.filter((p) => !p.inFlow)];
  const rowOf = new Map(column.map((p, row) => [p.id, row]));
  const recordsEdges = graph.edges.filter((e) => e.kind === 'records' && rowOf.has(e.from) && modelIds.includes(e.to));
  const nextEdges = graph.edges.filter((e) => e.kind === 'next' && rowOf.has(e.from) && rowOf.has(e.to));
  const skipEdges = graph.edges.filter((e) => e.kind === 'skip' && rowOf.has(e.from) && rowOf.has(e.to));
  const nodes: Layout['nodes'] = {};
  const edges: Layout['edges'] = {};

  // The column and its skip edges, by elkjs.
  const input: ElkNode = {
    id: 'root',
    layoutOptions: ELK_OPTIONS,
    children: column.map((page, row) => ({
      id: page.id,
      ...PAGE_SIZE,
      layoutOptions: {
        'elk.portConstraints': 'FIXED_SIDE',
        'elk.partitioning.partition': String(row),
      },
      ports: [
        port(`${page.id}:top`, 'NORTH'),
        port(`${page.id}:bottom`, 'SOUTH'),
        ...skipEdges.filter((e) => e.from === page.id).map((e) => port(`${e.id}:out`, 'EAST')),
        ...skipEdges.filter((e) => e.to === page.id).map((e) => port(`${e.id}:in`, 'EAST')),
      ],
    })),
    edges: [
      ...nextEdges.map((e) => ({
        id: e.id,
        sources: [`${e.from}:bottom`],
        targets: [`${e.to}:top`],
        layoutOptions: NEXT_EDGE_OPTIONS,
      })),
      ...skipEdges.map((e) => {
        const size = labelSize(e.label);
        return {
          id: e.id,
          sources: [`${e.id}:out`],
          targets: [`${e.id}:in`],
          labels:
            size.width > 0
              ? [
                  {
                    id: `${e.id}:label`,
                    text: (e.label ?? []).join('\n'),
                    ...size,
                  },
                ]
              : [],
        };
      }),
    ],
  };
  const laidOut = await elk.layout(input);

  // The column, to the right of the models and their channels.
  const modelsUsed = modelIds.filter((id) => recordsEdges.some((e) => e.to === id));
  const recordsLabelWidth = Math.max(0, ...recordsEdges.map((e) => labelSize(e.label).width));
  const columnX = modelIds.length === 0 ? 0 : MODEL_SIZE.width + CHANNEL_GAP * (modelsUsed.length + 1) + recordsLabelWidth + 8;
  const elkColumnX = Math.min(...(laidOut.children ?? []).map((child) => child.x ?? 0));
  const dx = columnX - (Number.isFinite(elkColumnX) ? elkColumnX : 0);
  for (const child of laidOut.children ?? []) nodes[child.id] = { x: (child.x ?? 0) + dx, y: child.y ?? 0, ...PAGE_SIZE };
  const columnBottom = Math.max(0, ...Object.values(nodes).map((box) => box.y + box.height));
  const columnRight = columnX + PAGE_SIZE.width;
  const pageBox = (id: string): Box => nodes[id] ?? { x: columnX, y: 0, ...PAGE_SIZE };
  let right = Math.max(columnRight, (laidOut.width ?? 0) + dx);

  const routes = new Map((laidOut.edges ?? []).map((edge) => [edge.id, edge]));
  for (const edge of nextEdges)
    edges[edge.id] = {
      points: routeOf(routes.get(edge.id) ?? { id: edge.id, sources: [], targets: [] }, dx),
    };
  const skipRoutes = skipEdges.map((edge) => ({
    edge,
    laid: routes.get(edge.id),
  }));
  const horizontals = (points: readonly Point[]) =>
    points.slice(1).flatMap((p, i) => {
      const q = points[i];
      return q && q.y === p.y ? [{ y: p.y, from: Math.min(p.x, q.x), to: Math.max(p.x, q.x) }] : [];
    });
  for (const { edge, laid } of skipRoutes) {
    const points = laid ? routeOf(laid, dx) : [];
    const label = laid?.labels?.[0];
    edges[edge.id] = { points };
    if (!label || points.length < 2) continue;
    const box = {
      x: (label.x ?? 0) + dx,
      y: label.y ?? 0,
      width: label.width ?? 0,
      height: label.height ?? 0,
    };
    // Along its lane, to the longest stretch that no stub of another skip edge crosses.
    const lane = points.slice(1, -1);
    const [from, to] = [lane[0]?.y ?? box.y, lane.at(-1)?.y ?? box.y + box.height];
    const stubs = skipRoutes
      .filter((other) => other.edge !== edge)
      .flatMap((other) => horizontals(other.laid ? routeOf(other.laid, dx) : []))
      .filter((h) => h.from < box.x + box.width && h.to > box.x)
      .map((h) => h.y);
    edges[edge.id] = {
      points,
      label: { ...box, y: labelTop(from, to, box.height, stubs) },
    };
    right = Math.max(right, box.x + box.width);
  }

  // Models to the left, each beside the first page that fills it, none overlapping.
  let modelBottom = -Infinity;
  const channelOf = new Map<string, number>();
  const byFirstRow = [...modelsUsed].sort((a, b) => firstRow(a) - firstRow(b));
  function firstRow(model: string): number {
    return Math.min(...recordsEdges.filter((e) => e.to === model).map((e) => rowOf.get(e.from) ?? Infinity));
  }
  byFirstRow.forEach((model, i) => {
    const page = column[firstRow(model)];
    const wanted = page ? pageBox(page.id).y + (PAGE_SIZE.height - MODEL_SIZE.height) / 2 : 0;
    const top = Math.max(wanted, modelBottom + MODEL_GAP);
    nodes[model] = { x: 0, y: top, ...MODEL_SIZE };
    modelBottom = top + MODEL_SIZE.height;
    // The first model's channel is the nearest to the column: its edges are the highest.
    channelOf.set(model, MODEL_SIZE.width + CHANNEL_GAP * (byFirstRow.length - i));
  });
  // A model no record block fills (none today) stands below the others.
  for (const model of modelIds.filter((id) => !modelsUsed.includes(id))) {
    const top = Math.max(0, modelBottom + MODEL_GAP);
    nodes[model] = { x: 0, y: top, ...MODEL_SIZE };
    modelBottom = top + MODEL_SIZE.height;
  }
  for (const page of column) {
    const box = pageBox(page.id);
    const leaving = recordsEdges.filter((e) => e.from === page.id);
    spread(box.y, box.height, leaving.length).forEach((py, i) => {
      const edge = leaving[i];
      if (!edge) return;
      const model = nodes[edge.to];
      const channel = channelOf.get(edge.to);
      if (!model || channel === undefined) return;
      const my = model.y + model.height / 2;
      const size = labelSize(edge.label);
      const points =
        py === my
          ? [
              { x: columnX, y: py },
              { x: MODEL_SIZE.width, y: my },
            ]
          : [
              { x: columnX, y: py },
              { x: channel, y: py },
              { x: channel, y: my },
              { x: MODEL_SIZE.width, y: my },
            ];
      edges[edge.id] = {
        points,
        ...(size.width > 0
          ? {
              label: {
                x: columnX - size.width - 4,
                y: py - size.height - 1,
                ...size,
              },
            }
          : {}),
      };
    });
  }

  right = Math.max(right, columnRight);
  return {
    width: right,
    height: Math.max(columnBottom, modelBottom),
    nodes,
    edges,
  };
}
