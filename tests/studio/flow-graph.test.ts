import { describe, expect, it } from 'vitest';
import type { FlowFile } from '../../runtime/core/types';
import { describeCondition, flowGraph } from '../../studio/app/flowGraph';

const page = (id: string, extra: Record<string, unknown> = {}) => ({ id, path: `/f/${id}`, titleKey: `LocKey_${id}`, requiresAuthorization: true, sessionTimeout: true, blocks: [{ block: 'header', element: 'h1', textKey: `LocKey_${id}` }], ...extra });

const flow = {
  version: 1,
  formType: 'Automotive',
  pages: [
    page('start'),
    page('repairs', { blocks: [{ block: 'records', model: 'ClaimTransactions', fields: [], displayFields: ['amount'] }] }),
    page('denials', { skipWhen: { scope: 'claimDetails.paid', schema: { const: 'true' } }, blocks: [{ block: 'records', model: 'ClaimTransactions', fields: [], displayFields: ['amount'] }] }),
    page('extra', { inFlow: false }),
    page('summary'),
  ],
} as unknown as FlowFile;

const graph = flowGraph(flow, (key) => key.replace('LocKey_', 'Title of '), (p) => `skip ${p} when`, 'records');

describe('a flow as the flow map draws it', () => {
  it('has its pages in order, next edges between the pages of the flow, and none to a page outside it', () => {
    expect(graph.nodes.filter((n) => n.kind === 'page').map((n) => [n.id, n.label, n.pageIndex, n.inFlow])).toEqual([
      ['page:start', 'Title of start', 0, true],
      ['page:repairs', 'Title of repairs', 1, true],
      ['page:denials', 'Title of denials', 2, true],
      ['page:extra', 'Title of extra', 3, false],
      ['page:summary', 'Title of summary', 4, true],
    ]);
    expect(graph.edges.filter((e) => e.kind === 'next').map((e) => `${e.from} → ${e.to}`)).toEqual([
      'page:start → page:repairs',
      'page:repairs → page:denials',
      'page:denials → page:summary',
    ]);
  });

  it('jumps over a page with a skip rule, from the page before it to the page after it, labelled with the rule', () => {
    expect(graph.edges.filter((e) => e.kind === 'skip')).toEqual([
      { id: 'skip:denials', kind: 'skip', from: 'page:repairs', to: 'page:summary', label: ['skip denials when', 'claimDetails.paid', '= "true"'] },
    ]);
  });

  it('draws each model that record blocks fill once, with an edge from every page that fills it', () => {
    expect(graph.nodes.filter((n) => n.kind === 'model').map((n) => n.id)).toEqual(['model:ClaimTransactions']);
    expect(graph.edges.filter((e) => e.kind === 'records').map((e) => `${e.from} → ${e.to}`)).toEqual(['page:repairs → model:ClaimTransactions', 'page:denials → model:ClaimTransactions']);
  });

  it('tells combined conditions in one line', () => {
    expect(describeCondition({ all: [{ scope: 'a', schema: { enum: ['x', 'y'] } }, { not: { scope: 'b', schema: { pattern: '^1' } } }] } as never)).toBe('all(a in ["x","y"], not(b matches "^1"))');
  });
});
