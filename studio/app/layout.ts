/**
 * Lays a flow graph out: node boxes, edge routes and label boxes, computed here (elkjs's layered
 * algorithm could hold the column or untangle the skip edges, never both).
 *
 * - The pages stand in one column in flow order, the pages outside the flow below them; each next
 *   edge runs straight down from a page's bottom to the top of the next.
 * - Each skip edge has its own lane, a vertical line to the right of the column: it leaves its
 *   page's right side, runs down its lane and enters the page it lands on from the right, the
 *   arrowhead pointing at the page. A skip edge that spans another runs outside it, so nested
 *   edges never cross; an edge leaves a page in the lower half of its right side and arrives in
 *   the upper half, so one that arrives where another leaves can share its lane. Each lane is
 *   wide enough for its edges' labels (the skip condition), written beside the lane.
 * - The models that record blocks fill stand in a column to the left, each beside the first page
 *   that fills it; a records edge leaves its page's left side and runs in the model's own channel.
 */
import type { FlowGraph, MapEdge, MapNode } from './flowGraph';

export const PAGE_SIZE = { width: 190, height: 64 };
export const MODEL_SIZE = { width: 150, height: 40 };
const CHAR_WIDTH = 6.6;
export const LABEL_HEIGHT = 16;
/** Between one page's bottom and the next one's top: room for the next edge's arrowhead. */
const PAGE_GAP = 44;
/** Between the last page of the flow and the first page outside it. */
const OUT_OF_FLOW_GAP = 40;
/** From the column (or a lane's labels) to the next lane. */
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

interface SkipSpan {
  edge: MapEdge;
  /** Rows as half steps: leaves its page's lower half (row + 0.5), arrives in the upper half (row). */
  start: number;
  end: number;
  lane: number;
}

/**
 * The lane of each skip edge: shortest spans first, each one lane outside every edge already
 * placed whose span it overlaps, so an edge that spans another is always outside it.
 */
export function assignLanes(spans: ReadonlyArray<{ start: number; end: number }>): number[] {
  const order = spans.map((span, i) => ({ ...span, i })).sort((a, b) => a.end - a.start - (b.end - b.start) || a.start - b.start);
  const lanes: number[] = new Array<number>(spans.length).fill(0);
  const placed: Array<{ start: number; end: number; lane: number }> = [];
  for (const span of order) {
    const overlapping = placed.filter((p) => p.start <= span.end && span.start <= p.end);
    const lane = overlapping.length === 0 ? 0 : Math.max(...overlapping.map((p) => p.lane)) + 1;
    lanes[span.i] = lane;
    placed.push({ start: span.start, end: span.end, lane });
  }
  return lanes;
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

export function layoutGraph(graph: FlowGraph): Layout {
  const pages = graph.nodes.filter((n): n is PageNode => n.kind === 'page');
  const modelIds = graph.nodes.filter((n) => n.kind === 'model').map((n) => n.id);
  const column = [...pages.filter((p) => p.inFlow), ...pages.filter((p) => !p.inFlow)];
  const rowOf = new Map(column.map((p, row) => [p.id, row]));
  const recordsEdges = graph.edges.filter((e) => e.kind === 'records' && rowOf.has(e.from) && modelIds.includes(e.to));
  const skipEdges = graph.edges.filter((e) => e.kind === 'skip');
  const nodes: Layout['nodes'] = {};
  const edges: Layout['edges'] = {};

  // The column, to the right of the models and their channels.
  const modelsUsed = modelIds.filter((id) => recordsEdges.some((e) => e.to === id));
  const recordsLabelWidth = Math.max(0, ...recordsEdges.map((e) => labelSize(e.label).width));
  const columnX = modelIds.length === 0 ? 0 : MODEL_SIZE.width + CHANNEL_GAP * (modelsUsed.length + 1) + recordsLabelWidth + 8;
  let y = 0;
  column.forEach((page, row) => {
    if (row > 0 && !page.inFlow && column[row - 1]?.inFlow) y += OUT_OF_FLOW_GAP;
    nodes[page.id] = { x: columnX, y, ...PAGE_SIZE };
    y += PAGE_SIZE.height + PAGE_GAP;
  });
  const columnBottom = Math.max(0, y - PAGE_GAP);
  const columnRight = columnX + PAGE_SIZE.width;
  const pageBox = (id: string): Box => nodes[id] ?? { x: columnX, y: 0, ...PAGE_SIZE };

  // Next edges: straight down the middle of the column.
  for (const edge of graph.edges.filter((e) => e.kind === 'next')) {
    const from = pageBox(edge.from);
    const to = pageBox(edge.to);
    const x = columnX + PAGE_SIZE.width / 2;
    edges[edge.id] = {
      points: [
        { x, y: from.y + from.height },
        { x, y: to.y },
      ],
    };
  }

  // Skip edges: one lane each to the right of the column.
  const spans: SkipSpan[] = [];
  for (const edge of skipEdges) {
    const from = rowOf.get(edge.from);
    const to = rowOf.get(edge.to);
    if (from === undefined || to === undefined) continue;
    spans.push({
      edge,
      start: Math.min(from, to) + 0.5,
      end: Math.max(from, to),
      lane: 0,
    });
  }
  assignLanes(spans).forEach((lane, i) => {
    const span = spans[i];
    if (span) span.lane = lane;
  });
  // Ports on each page's right side: leaving in the lower half, the outermost lane highest;
  // arriving in the upper half, the innermost lane highest. Then no two stubs of a page cross.
  const portY = new Map<string, { out?: number; in?: number }>();
  for (const page of column) {
    const box = pageBox(page.id);
    const leaving = spans.filter((s) => s.edge.from === page.id).sort((a, b) => b.lane - a.lane);
    const arriving = spans.filter((s) => s.edge.to === page.id).sort((a, b) => a.lane - b.lane);
    spread(box.y + box.height / 2, box.height / 2, leaving.length).forEach((py, i) => {
      const id = leaving[i]?.edge.id;
      if (id) portY.set(id, { ...portY.get(id), out: py });
    });
    spread(box.y, box.height / 2, arriving.length).forEach((py, i) => {
      const id = arriving[i]?.edge.id;
      if (id) portY.set(id, { ...portY.get(id), in: py });
    });
  }
  const laneCount = Math.max(0, ...spans.map((s) => s.lane + 1));
  const laneX: number[] = [];
  let x = columnRight;
  for (let lane = 0; lane < laneCount; lane++) {
    x += LANE_GAP;
    laneX.push(x);
    x += Math.max(0, ...spans.filter((s) => s.lane === lane).map((s) => labelSize(s.edge.label).width + LABEL_OFFSET));
  }
  let right = Math.max(columnRight, x);
  // A label stands beside its lane, between the stubs of the edges further out that cross there.
  const stubsOutside = (inner: SkipSpan) =>
    spans
      .filter((s) => s.lane > inner.lane)
      .flatMap((s) => [portY.get(s.edge.id)?.out, portY.get(s.edge.id)?.in])
      .filter((py) => py !== undefined);
  for (const span of spans) {
    const ports = portY.get(span.edge.id);
    const lx = laneX[span.lane] ?? columnRight + LANE_GAP;
    const from = ports?.out ?? pageBox(span.edge.from).y;
    const to = ports?.in ?? pageBox(span.edge.to).y;
    const size = labelSize(span.edge.label);
    edges[span.edge.id] = {
      points: [
        { x: columnRight, y: from },
        { x: lx, y: from },
        { x: lx, y: to },
        { x: columnRight, y: to },
      ],
      ...(size.width > 0
        ? {
            label: { x: lx + LABEL_OFFSET, y: labelTop(from, to, size.height, stubsOutside(span)), ...size },
          }
        : {}),
    };
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
