/**
 * The one interface through which the documents' bytes are written and read (README.md). A key
 * names an object and nothing of a claimant: `documents/<random uuid>`, never a name or a file
 * name. The database keeps each document's metadata, digest and key (server/db), and which store
 * holds it.
 */
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { DocumentStoreName, NewDocumentObject } from '../db/types.js';

/** What a put stored: the bytes counted and digested as they went by. */
export interface PutResult {
  key: string;
  size: number;
  /** Lowercase hex SHA-256 of the bytes stored. */
  sha256: string;
}

/** An object found by `list`, with when it was stored (epoch ms). */
export interface ListedObject {
  key: string;
  storedAt: number;
}

export interface DocumentStore {
  /** Which store this is, as rows name it (documents.store, draft_documents.store). */
  readonly name: DocumentStoreName;
  /** Where it is, for people (the admin CLI, the server's start line): no credentials. */
  readonly description: string;
  /** Stores the bytes under `key` (a stream is read once, never held whole by the object store). */
  put(key: string, body: Readable | Uint8Array, meta: { contentType: string; size?: number }): Promise<PutResult>;
  /**
   * The object `put` would write, read and digested but not written, for the database's store
   * alone (its objects are rows): the caller writes it in the transaction of the row that names
   * it (server/db `storeSubmission`'s `objects`), so that one commit makes both durable. Absent
   * from a store whose objects are written apart from the database.
   */
  prepareForRow?(key: string, body: Readable | Uint8Array): Promise<NewDocumentObject>;
  /** The object's bytes; rejects with DocumentObjectMissingError when there is none. */
  get(key: string): Promise<Readable>;
  /** Deletes the object; nothing when it is gone already. */
  delete(key: string): Promise<void>;
  /** The objects whose keys start with `prefix`, for the housekeeping sweep and the move. */
  list(prefix: string): AsyncIterable<ListedObject>;
}

/** Every document object's key starts with this. */
export const DOCUMENT_KEY_PREFIX = 'documents/';

/** A new key: random, naming nothing of the claimant or the file. */
export const newDocumentKey = (): string => `${DOCUMENT_KEY_PREFIX}${randomUUID()}`;

export class DocumentObjectMissingError extends Error {
  override name = 'DocumentObjectMissingError';
  constructor(readonly store: DocumentStoreName, readonly key: string) {
    super(`The ${store} document store holds no object ${key}.`);
  }
}
