/** /api/forms/: model configs, flow files, authorize per form type, submit and the claim in progress (answers and documents) per form type, resume codes. */
import type { FastifyPluginAsync } from 'fastify';
import { routeSchema } from '../../contract.js';
import authorize from './authorize.js';
import draftDocuments from './draft-documents.js';
import drafts from './drafts.js';
import flows from './flows.js';
import resumeCodes from './resume-codes.js';
import submit from './submit.js';

const forms: FastifyPluginAsync = async (app) => {
  app.get(
    '/config',
    {
      schema: routeSchema('forms-config'),
    },
    async () => app.settlement.models,
  );
  await app.register(flows);
  await app.register(authorize);
  await app.register(submit);
  await app.register(drafts);
  await app.register(resumeCodes);
  await app.register(draftDocuments);
};
export default forms;
