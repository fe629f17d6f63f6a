/**
 * A flow file as a graph for the flow map: its pages in order, the skip rules as edges that jump
 * over the pages they skip (labelled with their conditions), and the record blocks with the
 * models they fill. Positions come from elkjs (layout.ts), never from here.
 */
import type { Condition, FlowFile } from '../../runtime/core/types';

export type MapNode =
  | {
      id: string;
      kind: 'page';
      label: string;
      /** The page's index in the flow file's pages. */
      pageIndex: number;
      skippable: boolean;
      inFlow: boolean;
    }
  | { id: string; kind: 'model'; label: string };

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
  if ('all' in condition) return [`all(${condition.all.map(describeCondition).join(', ')})`];
  if ('any' in condition) return [`any(${condition.any.map(describeCondition).join(', ')})`];
  if ('not' in condition) return [`not(${describeCondition(condition.not)})`];
  // A condition being written may lack its scope or schema yet.
  const { scope, schema }: { scope?: string; schema?: object } = condition;
  const tests = Object.entries(schema ?? {}).map(([word, value]) => SCHEMA_WORDS[word]?.(value) ?? `${word} ${JSON.stringify(value)}`);
  return [scope ?? '?', tests.join(' and ')];
}

export function flowGraph(flow: FlowFile, text: (key: string) => string, skipLabel: (page: string) => string, recordsLabel: string): FlowGraph {
  const pages = flow.pages;
  const nodes: MapNode[] = pages.map((page, pageIndex): MapNode => ({
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
    const before = inFlow[i - 1];
    const after = inFlow[i + 1];
    if (!page.skipWhen || !before || !after) return;
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
