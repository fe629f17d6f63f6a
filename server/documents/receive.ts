/**
 * An uploaded file on its way to the document store, never whole in memory: the multipart part's
 * stream is written to a temp file of its own as it arrives (chunk by chunk, within the per-file
 * limit), checked there (documents.ts acceptedFileType: the type from its first bytes, then its
 * structure), and streamed from there into the store, which counts and digests it (the database's
 * store takes the bytes the checks read instead: it writes a file whole). The temp file is removed
 * when the request is done with it, refused or not.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { DocumentObject, NewDocumentObject } from '../db/types.js';
import { newDocumentKey, type DocumentStore } from './store.js';

/** A file part written to a temp file: how many bytes arrived, and whether the per-file limit cut it. */
export interface SpooledFile {
  path: string;
  size: number;
  /** The part went past the per-file limit (its stream stopped there). */
  truncated: boolean;
  /** Removes the temp file; safe to call more than once. */
  remove(): Promise<void>;
}

/** A part's file stream as @fastify/multipart gives it: `truncated` once it went past the limit. */
export type PartStream = Readable & { truncated?: boolean };

/**
 * Writes the part's stream to a new temp file, counting its bytes. The file is created by this
 * call alone (a name no one can guess, exclusive create, readable by this user only), so it needs
 * no private folder of its own: one file created and removed per upload, no folder besides.
 */
export async function spoolFile(file: PartStream): Promise<SpooledFile> {
  const target = path.join(tmpdir(), `claims-upload-${randomBytes(16).toString('hex')}`);
  // One unlink (a removal that finds no file is done already): no stat first, as rm's force does.
  const remove = () =>
    unlink(target).catch((error: unknown) => {
      if (!(typeof error === 'object' && error !== null && 'code' in error && error.code === 'ENOENT')) throw error;
    });
  let size = 0;
  const counting = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      callback(null, chunk);
    },
  });
  try {
    await pipeline(file, counting, createWriteStream(target, { flags: 'wx', mode: 0o600 }));
  } catch (error) {
    await remove();
    throw error;
  }
  return { path: target, size, truncated: file.truncated === true, remove };
}

/**
 * A spooled file's bytes (as its checks read them) as a new object of the database's store, read
 * but not written (`pending`): the caller writes it with the row that names it. Null for a store
 * that writes its objects apart from the database (putSpooledFile, before the row).
 */
export async function prepareSpooledFile(store: DocumentStore, bytes: Uint8Array): Promise<{ object: DocumentObject; size: number; sha256: string; pending: NewDocumentObject } | null> {
  if (!store.prepareForRow) return null;
  const pending = await store.prepareForRow(newDocumentKey(), bytes);
  return { object: { store: store.name, key: pending.key }, size: pending.size, sha256: pending.sha256, pending };
}

/** Stores the spooled file as a new object of `store` (the object is written before any row names it). */
export async function putSpooledFile(store: DocumentStore, spooled: SpooledFile, contentType: string): Promise<{ object: DocumentObject; size: number; sha256: string }> {
  const key = newDocumentKey();
  const put = await store.put(key, createReadStream(spooled.path), { contentType, size: spooled.size });
  return { object: { store: store.name, key }, size: put.size, sha256: put.sha256 };
}
