/**
 * Lays a flow graph out with elkjs (layered, top to bottom): node boxes, edge routes and label
 * boxes. The pages stand in one column in flow order: each edge leaves and enters by a side of its
 * kind (next: bottom to top; skip: right to right, beside the column; records: right to the
 * model's left), and elkjs keeps the nodes in the order the graph lists them.
 */
import ELK, { type ElkNode } from 'elkjs/lib/elk.bundled.js';
import type { FlowGraph, MapEdge } from './flowGraph';

export const PAGE_SIZE = { width: 190, height: 64 };
export const MODEL_SIZE = { width: 150, height: 40 };
const CHAR_WIDTH = 6.6;
export const LABEL_HEIGHT = 16;

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface Layout {
  width: number;
  height: number;
  nodes: Record<string, Box>;
  edges: Record<string, { points: Array<{ x: number; y: number }>; label?: Box }>;
}

const elk = new ELK();

type Side = 'NORTH' | 'SOUTH' | 'EAST' | 'WEST';
const SIDES: readonly Side[] = ['NORTH', 'SOUTH', 'EAST', 'WEST'];
/** The side of its node an edge of each kind leaves from and arrives at. */
const EDGE_SIDES: Record<MapEdge['kind'], { from: Side; to: Side }> = {
  next: { from: 'SOUTH', to: 'NORTH' },
  skip: { from: 'EAST', to: 'EAST' },
  records: { from: 'EAST', to: 'WEST' },
};
const portOf = (node: string, side: Side) => `${node}:${side}`;

export async function layoutGraph(graph: FlowGraph): Promise<Layout> {
  const graphIn: ElkNode = {
    id: 'root',
    layoutOptions: {
      'elk.algorithm': 'layered',
      'elk.direction': 'DOWN',
      'elk.edgeRouting': 'ORTHOGONAL',
      'elk.layered.spacing.nodeNodeBetweenLayers': '40',
      'elk.spacing.nodeNode': '40',
      'elk.spacing.edgeLabel': '4',
      'elk.edgeLabels.placement': 'CENTER',
      'elk.layered.considerModelOrder.strategy': 'NODES_AND_EDGES',
      'elk.layered.crossingMinimization.forceNodeModelOrder': 'true',
    },
    children: graph.nodes.map((n) => ({
      id: n.id,
      ...(n.kind === 'page' ? PAGE_SIZE : MODEL_SIZE),
      layoutOptions: { 'elk.portConstraints': 'FIXED_SIDE' },
      ports: SIDES.map((side) => ({ id: portOf(n.id, side), layoutOptions: { 'elk.port.side': side } })),
    })),
    edges: graph.edges.map((e) => ({
      id: e.id,
      sources: [portOf(e.from, EDGE_SIDES[e.kind].from)],
      targets: [portOf(e.to, EDGE_SIDES[e.kind].to)],
      labels: e.label
        ? [{ id: `${e.id}:label`, text: e.label.join('\n'), width: Math.max(...e.label.map((line) => line.length)) * CHAR_WIDTH + 8, height: e.label.length * LABEL_HEIGHT }]
        : [],
    })),
  };
  const result = await elk.layout(graphIn);
  const nodes: Layout['nodes'] = {};
  for (const child of result.children ?? []) nodes[child.id] = { x: child.x ?? 0, y: child.y ?? 0, width: child.width ?? 0, height: child.height ?? 0 };
  const edges: Layout['edges'] = {};
  for (const edge of result.edges ?? []) {
    const section = edge.sections?.[0];
    const points = section ? [section.startPoint, ...(section.bendPoints ?? []), section.endPoint] : [];
    const label = edge.labels?.[0];
    edges[edge.id] = { points, ...(label ? { label: { x: label.x ?? 0, y: label.y ?? 0, width: label.width ?? 0, height: label.height ?? 0 } } : {}) };
  }
  return { width: result.width ?? 0, height: result.height ?? 0, nodes, edges };
}
