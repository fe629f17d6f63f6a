/**
 * The database (server/db) and its stores as `app.database` and `app.stores`. Sessions and
 * rate-limit counters go to Redis when REDIS_URL is set, else to the database; both are shared
 * by every instance. The documents' bytes go to the document store (server/documents) as
 * `app.documents`: S3-compatible object storage when DOCUMENT_STORE_URL is set, else the database.
 * On close (SIGTERM, after in-flight requests drain) the database is closed.
 */
import fp from 'fastify-plugin';
import type { ClassListHeader } from '../../../runtime/core/forms/index.js';
import { createClassList, createDraftDocuments, createDrafts, createResumeCodes, createOneTimeTokens, createSharedStores, createSubmissions, seedSampleData } from '../../db/index.js';
import { openDocumentStores, type DocumentStores } from '../../documents/index.js';
import type { ClassList, Database, DraftDocuments, Drafts, OneTimeTokens, RateLimiter, ResumeCodes, SessionStore, Submissions } from '../../db/types.js';

export interface Stores {
  sessions: SessionStore;
  rateLimiter: RateLimiter;
  tokens: OneTimeTokens;
  classList: ClassList;
  submissions: Submissions;
  drafts: Drafts;
  resumeCodes: ResumeCodes;
  draftDocuments: DraftDocuments;
}

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
    stores: Stores;
    documents: DocumentStores;
  }
}

export interface DatabasePluginOptions {
  database: Database;
  /** Close the database when the app closes (main.ts); tests sharing one keep it open. */
  ownsDatabase: boolean;
  redisUrl: string | null;
  idleTimeoutMs: number;
  clock: () => number;
  /** Import the settlement's class list when the database holds none. */
  seedFrom: string | null;
  /** Keys the class members' PIN hashes (PIN_SECRET). */
  pinSecret: string;
  /** The class-members.csv header the settlement declares (forms.json), for the seed import. */
  classListHeader?: ClassListHeader;
  /** s3://<bucket>/<prefix> (DOCUMENT_STORE_URL), or null: the documents go to the database. */
  documentStoreUrl: string | null;
}

export default fp<DatabasePluginOptions>(
  async (app, opts) => {
    const { database, clock } = opts;
    const shared = await createSharedStores(database, {
      ...(opts.redisUrl ? { redisUrl: opts.redisUrl } : {}),
      idleTimeoutMs: opts.idleTimeoutMs,
      clock,
    });
    const classList = createClassList(database, { pinSecret: opts.pinSecret, clock, ...(opts.classListHeader ? { header: opts.classListHeader } : {}) });
    if (opts.seedFrom) await seedSampleData(database, opts.seedFrom, { pinSecret: opts.pinSecret, ...(opts.classListHeader ? { header: opts.classListHeader } : {}) });
    app.decorate('database', database);
    app.decorate('stores', {
      sessions: shared.sessions,
      rateLimiter: shared.rateLimiter,
      tokens: createOneTimeTokens(database, { clock }),
      classList,
      submissions: createSubmissions(database, { clock }),
      drafts: createDrafts(database, { clock }),
      resumeCodes: createResumeCodes(database, { clock }),
      draftDocuments: createDraftDocuments(database, { clock }),
    });
    const documents = await openDocumentStores(database, opts.documentStoreUrl, { clock });
    app.decorate('documents', documents);
    app.addHook('onClose', async () => {
      documents.close();
      await shared.close();
      if (opts.ownsDatabase) await database.close();
    });
  },
  { name: 'app-database' },
);
