/**
 * A file part received (server/documents/receive.ts): a small one is held in memory and makes no
 * temp file; one past the size kept in memory goes to a temp file of its own, the bytes received
 * before it first, readable by this user only, and its removal deletes it; a part that fails on
 * its way leaves no temp file behind.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { IN_MEMORY_FILE_BYTES, spooledBytes, spooledStream, spoolFile } from '../../../server/documents/receive.js';

const uploads = () => new Set(readdirSync(tmpdir()).filter((name) => name.startsWith('claims-upload-')));
const bytes = (n: number, seed = 7) => Buffer.from(Array.from({ length: n }, (_, i) => (i * seed) % 251));
const chunksOf = (all: Buffer, size: number) => Array.from({ length: Math.ceil(all.length / size) }, (_, i) => all.subarray(i * size, (i + 1) * size));

async function streamed(file: Parameters<typeof spooledStream>[0]): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of spooledStream(file)) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

describe('a file part received', () => {
  it('is held in memory when it is small: no temp file is made', async () => {
    const before = uploads();
    const all = bytes(100 * 1024);
    const file = await spoolFile(Readable.from(chunksOf(all, 16 * 1024)));
    expect(file.inMemory).toBe(true);
    expect(file.size).toBe(all.length);
    expect(file.truncated).toBe(false);
    expect([...uploads()].filter((name) => !before.has(name))).toEqual([]);
    expect((await spooledBytes(file)).equals(all)).toBe(true);
    expect((await streamed(file)).equals(all)).toBe(true);
    await file.remove();
  });

  it('goes to a temp file of its own past the size kept in memory, the bytes before it first; removing it deletes the file', async () => {
    const all = bytes(IN_MEMORY_FILE_BYTES + 100_000, 13);
    const file = await spoolFile(Readable.from(chunksOf(all, 64 * 1024)));
    if (file.inMemory) throw new Error('A file past IN_MEMORY_FILE_BYTES was held in memory.');
    expect(file.size).toBe(all.length);
    expect(readFileSync(file.path).equals(all)).toBe(true);
    expect(statSync(file.path).mode & 0o777).toBe(0o600);
    expect((await spooledBytes(file)).equals(all)).toBe(true);
    expect((await streamed(file)).equals(all)).toBe(true);
    await file.remove();
    expect(existsSync(file.path)).toBe(false);
    await file.remove(); // a second removal finds nothing and is done
  });

  it('leaves no temp file when the part fails on its way, in memory or past it', async () => {
    const before = uploads();
    async function* failing(after: number) {
      yield bytes(after);
      throw Object.assign(new Error('the part stopped'), { code: 'FST_REQ_FILE_TOO_LARGE' });
    }
    await expect(spoolFile(Readable.from(failing(1000)))).rejects.toMatchObject({ code: 'FST_REQ_FILE_TOO_LARGE' });
    await expect(spoolFile(Readable.from(failing(2000)), 1000)).rejects.toMatchObject({ code: 'FST_REQ_FILE_TOO_LARGE' });
    expect([...uploads()].filter((name) => !before.has(name))).toEqual([]);
  });
});
