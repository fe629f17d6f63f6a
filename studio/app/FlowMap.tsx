/**
 * The flow map of one flow file: pages in order, skip rules on the edges that jump over the pages
 * they skip, record blocks and the models they fill; laid out by layout.ts with elkjs (the pages
 * in one column, the skip edges in lanes beside it), drawn as SVG. A page is a
 * button (click, Enter or Space opens its editor) and carries the checker's problems about it.
 */
import { useEffect, useId, useMemo, useState } from 'react';
import type { FlowFile } from '../../runtime/core/types';
import type { Issue } from './api';
import { flowGraph } from './flowGraph';
import { LABEL_HEIGHT, layoutGraph, type Layout } from './layout';
import { t } from './texts';

/** The page a JSON pointer of a flow file falls in: /pages/3/blocks/1 → 3. */
export function pageOfPointer(pointer: string): number | undefined {
  const match = /^\/pages\/(\d+)(\/|$)/.exec(pointer);
  return match ? Number(match[1]) : undefined;
}

interface Props {
  flowId: string;
  flow: FlowFile;
  issues: readonly Issue[];
  text(key: string): string;
  selectedPage: number | undefined;
  onOpenPage(pageIndex: number): void;
}

export function FlowMap({ flowId, flow, issues, text, selectedPage, onOpenPage }: Props) {
  const headingId = useId();
  const graph = useMemo(() => flowGraph(flow, text, (page) => t('skipWhen', { page }), t('records')), [flow, text]);
  const [layout, setLayout] = useState<{ key: string; value: Layout } | null>(null);
  const graphKey = JSON.stringify(graph);
  useEffect(() => {
    let live = true;
    void layoutGraph(graph).then((value) => live && setLayout({ key: graphKey, value }));
    return () => {
      live = false;
    };
  }, [graph, graphKey]);
  const shown = layout?.value;

  // The page being edited stays in sight when the editor narrows the map.
  useEffect(() => {
    if (selectedPage === undefined || !shown) return;
    const page = flow.pages[selectedPage];
    if (page) document.querySelector(`[data-flow="${flowId}"] [data-node="page:${page.id}"]`)?.scrollIntoView({ block: 'nearest', inline: 'center' });
  }, [selectedPage, shown, flow, flowId]);

  const problemsByPage = new Map<number, Issue[]>();
  for (const issue of issues) {
    const page = issue.file === flowId ? pageOfPointer(issue.pointer) : undefined;
    if (page !== undefined) problemsByPage.set(page, [...(problemsByPage.get(page) ?? []), issue]);
  }

  return (
    <section className="flow-map" aria-labelledby={headingId} data-flow={flowId} data-layout={layout?.key === graphKey ? 'current' : 'pending'}>
      <h2 id={headingId}>{t('mapOf', { form: flow.formType, file: flowId })}</h2>
      {!shown ? (
        <p>{t('loading')}</p>
      ) : (
        <div className="map-scroll" tabIndex={0} role="group" aria-label={t('mapOf', { form: flow.formType, file: flowId })}>
          <svg width={shown.width + 20} height={shown.height + 20} viewBox={`-10 -10 ${shown.width + 20} ${shown.height + 20}`}>
            <defs>
              <marker id={`${headingId}-arrow`} viewBox="0 0 10 10" refX="10" refY="5" markerWidth="8" markerHeight="8" orient="auto-start-reverse">
                <path d="M 0 0 L 10 5 L 0 10 z" className="arrow-head" />
              </marker>
            </defs>
            {graph.edges.map((edge) => {
              const route = shown.edges[edge.id];
              if (!route || route.points.length === 0) return null;
              const labelAt = route.label;
              const d = route.points.map((p, i) => `${i === 0 ? 'M' : 'L'} ${p.x} ${p.y}`).join(' ');
              return (
                <g key={edge.id} className={`edge edge-${edge.kind}`} data-edge={edge.id}>
                  <path d={d} markerEnd={`url(#${headingId}-arrow)`} />
                  {edge.label && labelAt && (
                    <text className="edge-label">
                      {edge.label.map((line, i) => (
                        <tspan key={i} x={labelAt.x + 4} y={labelAt.y + 12 + i * LABEL_HEIGHT}>
                          {i > 0 ? ` ${line}` : line}
                        </tspan>
                      ))}
                    </text>
                  )}
                </g>
              );
            })}
            {graph.nodes.map((node) => {
              const box = shown.nodes[node.id];
              if (!box) return null;
              if (node.kind === 'model') {
                return (
                  <g key={node.id} className="model-node" data-node={node.id}>
                    <rect x={box.x} y={box.y} width={box.width} height={box.height} rx={20} />
                    <text x={box.x + box.width / 2} y={box.y + box.height / 2 + 5} textAnchor="middle">
                      {node.label}
                    </text>
                  </g>
                );
              }
              const pageIndex = node.pageIndex;
              const pageId = node.id.replace(/^page:/, '');
              const problems = problemsByPage.get(pageIndex) ?? [];
              const title = node.label.length > 28 ? `${node.label.slice(0, 27)}…` : node.label;
              const note = node.skippable ? t('mayBeSkipped') : node.inFlow ? '' : t('notInFlow');
              // The name starts with the box's visible text, in its order; the full title and the problems follow.
              const name = [pageId, title, note, title === node.label ? '' : `(${node.label})`, problems.length ? t('pageProblems', { n: problems.length }) : ''].filter(Boolean).join(' ');
              const open = () => onOpenPage(pageIndex);
              return (
                <g
                  key={node.id}
                  className={`page-node${problems.length ? ' has-problems' : ''}${selectedPage === pageIndex ? ' selected' : ''}${node.inFlow ? '' : ' out-of-flow'}`}
                  data-node={node.id}
                  role="button"
                  tabIndex={0}
                  aria-label={name}
                  aria-pressed={selectedPage === pageIndex}
                  onClick={open}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter' || e.key === ' ') {
                      e.preventDefault();
                      open();
                    }
                  }}
                >
                  <rect x={box.x} y={box.y} width={box.width} height={box.height} rx={6} />
                  {problems.length > 0 && <circle className="problem-badge" cx={box.x + box.width - 4} cy={box.y + 4} r={11} />}
                  {/* One text with spaced lines: read as "denials Repair Denials may be skipped". */}
                  <text>
                    <tspan x={box.x + 10} y={box.y + 22} className="page-id">
                      {pageId}
                    </tspan>{' '}
                    <tspan x={box.x + 10} y={box.y + 42} className="page-title">
                      {title}
                    </tspan>
                    {note && ' '}
                    {note && (
                      <tspan x={box.x + 10} y={box.y + 58} className="page-note">
                        {note}
                      </tspan>
                    )}
                    {problems.length > 0 && ' '}
                    {problems.length > 0 && (
                      <tspan x={box.x + box.width - 4} y={box.y + 8} textAnchor="middle" className="problem-count">
                        {problems.length}
                      </tspan>
                    )}
                  </text>
                </g>
              );
            })}
          </svg>
        </div>
      )}
    </section>
  );
}
