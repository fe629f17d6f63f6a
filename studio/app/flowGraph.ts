/**
 * A flow file as a graph for the flow map: its pages in order, the skip rules as edges that jump
 * over the pages they skip (labelled with their conditions), and the record blocks with the
 * models they fill. Positions come from elkjs (layout.ts), never from here.
 */
import type { Condition, FlowFile, PageConfig } from '../../runtime/core/types';

export interface MapNode {
  id: string;
  kind: 'page' | 'model';
  label: string;
  /** The page's index in the flow file's pages (page nodes). */
  pageIndex?: number;
  skippable?: boolean;
  inFlow?: boolean;
}

export interface MapEdge {
  id: string;
  kind: 'next' | 'skip' | 'records';
  from: string;
  to: string;
  /** The label's lines. */
  label?: string[];
}

export interface FlowGraph {
  nodes: MapNode[];
  edges: MapEdge[];
}

const SCHEMA_WORDS: Record<string, (v: unknown) => string> = {
  const: (v) => `= ${JSON.stringify(v)}`,
  enum: (v) => `in ${JSON.stringify(v)}`,
  pattern: (v) => `matches ${JSON.stringify(v)}`,
  minLength: (v) => `length ≥ ${String(v)}`,
  maxLength: (v) => `length ≤ ${String(v)}`,
  type: (v) => `is ${JSON.stringify(v)}`,
};

/** A condition in one line: claimDetails.isCurrentOwner = "false"; all(…), any(…), not(…). */
export function describeCondition(condition: Condition): string {
  return conditionLines(condition).join(' ');
}

/** A condition in short lines for a label: the field tested, then what it must satisfy (one line for all, any, not). */
export function conditionLines(condition: Condition): string[] {
  const c = condition as { scope?: string; schema?: Record<string, unknown>; all?: Condition[]; any?: Condition[]; not?: Condition };
  if (c.all) return [`all(${c.all.map(describeCondition).join(', ')})`];
  if (c.any) return [`any(${c.any.map(describeCondition).join(', ')})`];
  if (c.not) return [`not(${describeCondition(c.not)})`];
  const tests = Object.entries(c.schema ?? {}).map(([word, value]) => SCHEMA_WORDS[word]?.(value) ?? `${word} ${JSON.stringify(value)}`);
  return [c.scope ?? '?', tests.join(' and ')];
}

type PageWithBlocks = PageConfig & { blocks: Array<{ block: string; model?: string }> };

export function flowGraph(flow: FlowFile, text: (key: string) => string, skipLabel: (page: string) => string, recordsLabel: string): FlowGraph {
  const pages = flow.pages as PageWithBlocks[];
  const nodes: MapNode[] = pages.map((page, pageIndex) => ({
    id: `page:${page.id}`,
    kind: 'page',
    label: text(page.titleKey),
    pageIndex,
    skippable: page.skipWhen !== undefined,
    inFlow: page.inFlow !== false,
  }));
  const edges: MapEdge[] = [];
  const inFlow = pages.filter((p) => p.inFlow !== false);
  inFlow.forEach((page, i) => {
    const next = inFlow[i + 1];
    if (next) edges.push({ id: `next:${page.id}`, kind: 'next', from: `page:${page.id}`, to: `page:${next.id}` });
  });
  // A skipped page is jumped over: from the page before it to the first page after it that is not skipped with it.
  inFlow.forEach((page, i) => {
    if (!page.skipWhen || i === 0) return;
    const before = inFlow[i - 1]!;
    const after = inFlow[i + 1];
    if (!after) return;
    edges.push({ id: `skip:${page.id}`, kind: 'skip', from: `page:${before.id}`, to: `page:${after.id}`, label: [skipLabel(page.id), ...conditionLines(page.skipWhen)] });
  });
  const models = new Set<string>();
  for (const page of pages) {
    page.blocks.forEach((block, blockIndex) => {
      if (block.block !== 'records' || !block.model) return;
      if (!models.has(block.model)) nodes.push({ id: `model:${block.model}`, kind: 'model', label: block.model });
      models.add(block.model);
      edges.push({ id: `records:${page.id}:${blockIndex}`, kind: 'records', from: `page:${page.id}`, to: `model:${block.model}`, label: [recordsLabel] });
    });
  }
  return { nodes, edges };
}
