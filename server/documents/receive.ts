/**
 * An uploaded file on its way to the document store, never whole in memory past a small size:
 * the multipart part's stream is held in memory while it stays within IN_MEMORY_FILE_BYTES and is
 * written to a temp file of its own once it goes past it (chunk by chunk, within the per-file
 * limit), checked (documents.ts acceptedFileType: the type from its first bytes, then its
 * structure), and streamed from there into the store, which counts and digests it (the database's
 * store takes the bytes the checks read instead: it writes a file whole). The temp file is removed
 * when the request is done with it, refused or not.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { readFile, unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { DocumentObject, NewDocumentObject } from '../db/types.js';
import { newDocumentKey, type DocumentStore } from './store.js';

/**
 * Files up to this size stay in memory while they arrive: a temp file's create, writes, read back
 * and removal cost several times the CPU of its bytes (0.7–1.0 ms against 0.06–0.1 ms for a 100 KiB
 * document, bench/findings.md), and this many bytes per upload in flight bound the memory held.
 */
export const IN_MEMORY_FILE_BYTES = 512 * 1024;

/** A file part received: how many bytes arrived, and whether the per-file limit cut it. */
interface Received {
  size: number;
  /** The part went past the per-file limit (its stream stopped there). */
  truncated: boolean;
  /** Removes the temp file, if any; safe to call more than once. */
  remove(): Promise<void>;
}

/** A file part held in memory (at most IN_MEMORY_FILE_BYTES), or written to a temp file at `path`. */
export type SpooledFile = Received & ({ inMemory: true; bytes: Buffer } | { inMemory: false; path: string });

/** A part's file stream as @fastify/multipart gives it: `truncated` once it went past the limit. */
export type PartStream = Readable & { truncated?: boolean };

const nothingToRemove = async () => {};

/**
 * Receives the part's stream, counting its bytes: in memory while it is small, else in a new temp
 * file with the bytes received so far first. The file is created by this call alone (a name no
 * one can guess, exclusive create, readable by this user only), so it needs no private folder of
 * its own: one file created and removed per large upload, no folder besides.
 */
export async function spoolFile(file: PartStream, inMemoryBytes: number = IN_MEMORY_FILE_BYTES): Promise<SpooledFile> {
  const arriving: AsyncIterator<Buffer> = file[Symbol.asyncIterator]();
  const held: Buffer[] = [];
  let size = 0;
  for (;;) {
    const next = await arriving.next();
    if (next.done) return { inMemory: true, bytes: Buffer.concat(held, size), size, truncated: file.truncated === true, remove: nothingToRemove };
    held.push(next.value);
    size += next.value.length;
    if (size > inMemoryBytes) break;
  }
  const target = path.join(tmpdir(), `claims-upload-${randomBytes(16).toString('hex')}`);
  // One unlink (a removal that finds no file is done already): no stat first, as rm's force does.
  const remove = () =>
    unlink(target).catch((error: unknown) => {
      if (!(typeof error === 'object' && error !== null && 'code' in error && error.code === 'ENOENT')) throw error;
    });
  async function* rest(): AsyncGenerator<Buffer> {
    yield* held.splice(0);
    for (;;) {
      const next = await arriving.next();
      if (next.done) return;
      size += next.value.length;
      yield next.value;
    }
  }
  try {
    await pipeline(Readable.from(rest()), createWriteStream(target, { flags: 'wx', mode: 0o600 }));
  } catch (error) {
    await arriving.return?.();
    await remove();
    throw error;
  }
  return { inMemory: false, path: target, size, truncated: file.truncated === true, remove };
}

/** A received file's bytes, whole: those held, or its temp file read. */
export const spooledBytes = (file: SpooledFile): Promise<Buffer> => (file.inMemory ? Promise.resolve(file.bytes) : readFile(file.path));

/** A received file's bytes as a stream (for the malware scan, an object store). */
export const spooledStream = (file: SpooledFile): Readable => (file.inMemory ? Readable.from([file.bytes]) : createReadStream(file.path));

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
  const put = await store.put(key, spooledStream(spooled), { contentType, size: spooled.size });
  return { object: { store: store.name, key }, size: put.size, sha256: put.sha256 };
}
