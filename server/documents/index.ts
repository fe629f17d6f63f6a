/**
 * The document stores of a process (README.md): the database's, always there for the documents it
 * holds, and the one new documents go to, selected by DOCUMENT_STORE_URL (config.ts): S3-compatible
 * object storage when set, else the database.
 */
import { Readable } from 'node:stream';
import type { Database, DocumentObject, DocumentStoreName } from '../db/types.js';
import { createDatabaseDocumentStore } from './database-store.js';
import { s3LocationOf } from './location.js';
import type { DocumentStore } from './store.js';

export { DOCUMENT_KEY_PREFIX, DocumentObjectMissingError, newDocumentKey, type DocumentStore, type ListedObject, type PutResult } from './store.js';

export interface DocumentStores {
  /** Where new documents go. */
  current: DocumentStore;
  /** Every store this process can read: the database's, and the object store when configured. */
  all: DocumentStore[];
  /** The store a row names; throws when that store is not configured here. */
  of(name: DocumentStoreName): DocumentStore;
  close(): void;
}

export class DocumentStoreNotConfiguredError extends Error {
  override name = 'DocumentStoreNotConfiguredError';
  constructor(store: DocumentStoreName) {
    super(`A document is in the ${store} document store, which this process has not configured: set DOCUMENT_STORE_URL=s3://<bucket>/<prefix> and the AWS_* settings as the server has them.`);
  }
}

/**
 * The stores for `documentStoreUrl` (null: the database); the object store's client reads the
 * SDK's settings from `env`. The SDK is loaded only when an object store is configured.
 */
export async function openDocumentStores(database: Database, documentStoreUrl: string | null, options: { clock?: () => number; env?: NodeJS.ProcessEnv } = {}): Promise<DocumentStores> {
  const inDatabase = createDatabaseDocumentStore(database, options.clock ? { clock: options.clock } : {});
  if (!documentStoreUrl) return { current: inDatabase, all: [inDatabase], of: (name) => (name === 'database' ? inDatabase : refuse(name)), close() {} };
  const location = s3LocationOf(documentStoreUrl);
  if (typeof location === 'string') throw new Error(`DOCUMENT_STORE_URL: ${location}`);
  const { createS3DocumentStore, s3ClientFromEnvironment } = await import('./s3-store.js');
  const client = s3ClientFromEnvironment(options.env);
  const objects = createS3DocumentStore(client, location);
  return { current: objects, all: [inDatabase, objects], of: (name) => (name === 'database' ? inDatabase : objects), close: () => client.destroy() };
}

function refuse(name: DocumentStoreName): never {
  throw new DocumentStoreNotConfiguredError(name);
}

/** A stored document's bytes as a stream: from its row, or from the store that holds its object. */
export async function openDocument(stores: DocumentStores, document: { bytes: Buffer | null; object: DocumentObject | null }): Promise<Readable> {
  if (document.object) return stores.of(document.object.store).get(document.object.key);
  return Readable.from([document.bytes ?? Buffer.alloc(0)]);
}
