import type { FlowFile } from '../types';
import type { FormFactory, PageNode } from './types';

/**
 * The default node factory: in-flow pages in file order, each linked to its neighbours;
 * pages with inFlow false get no links but keep their path, so they open by address only.
 */
export function nodesFromFlow(flow: FlowFile): PageNode[] {
  const inFlow = flow.pages.filter((p) => p.inFlow !== false).map((p) => p.id);
  return flow.pages.map((page) => {
    const at = inFlow.indexOf(page.id);
    return {
      id: page.id,
      path: page.path,
      aliases: [...(page.aliases ?? [])],
      next: at >= 0 ? (inFlow[at + 1] ?? null) : null,
      back: at > 0 ? (inFlow[at - 1] ?? null) : null,
      inFlow: at >= 0,
    };
  });
}

/** A factory for registerFormFactory built from a flow file. */
export function flowFactory(flow: FlowFile): FormFactory {
  return () => nodesFromFlow(flow);
}
