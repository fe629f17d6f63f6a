/**
 * GET /api/forms/flows: the settlement's flow files (schemas/flow.schema.json), one per form type,
 * in file-name order, as validated at start-up. Configuration only, no personal data: cacheable,
 * revalidated by ETag (If-None-Match → 304).
 */
import { createHash } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import type { FlowFile } from '../../../../runtime/core/types.js';
import { routeSchema } from '../../contract.js';

/** A strong ETag of a JSON body. */
export function etagOf(body: unknown): string {
  return `"${createHash('sha256').update(JSON.stringify(body)).digest('base64url').slice(0, 32)}"`;
}

/** true when an If-None-Match header names this ETag (weak or strong) or is '*'. */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === `W/${etag}`;
  });
}

/** The served body of a settlement's flows: each file without its $schema. */
export function flowsBody(flows: ReadonlyArray<{ flow: FlowFile }>): FlowFile[] {
  return flows.map(({ flow }) => {
    const { $schema: _schema, ...rest } = flow;
    return rest;
  });
}

const flows: FastifyPluginAsync = async (app) => {
  // Computed once per set of flows (live preview replaces app.settlement.flows while running).
  let served: { flows: unknown; body: FlowFile[]; etag: string } = { flows: null, body: [], etag: '' };
  const current = () => {
    if (served.flows !== app.settlement.flows) {
      const body = flowsBody(app.settlement.flows);
      served = { flows: app.settlement.flows, body, etag: etagOf(body) };
    }
    return served;
  };
  current();

  app.get(
    '/flows',
    {
      schema: routeSchema('forms-flows'),
    },
    async (request, reply) => {
      // Configuration, the same for everyone: a cache may keep it but revalidates it each time.
      const { body, etag } = current();
      reply.header('cache-control', 'no-cache').header('etag', etag);
      if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send();
      return body;
    },
  );
};
export default flows;
