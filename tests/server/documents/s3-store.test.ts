/**
 * The S3-compatible document store against a real S3-compatible server in the process (s3rver):
 * every object it writes, in one PutObject or in parts, is asked to be encrypted by the store
 * (server-side encryption, AES256), under a key naming nothing of the claimant, and reads back
 * byte for byte. s3rver keeps no encryption setting, so the requests are read as the client sends
 * them (a step of the SDK's own middleware stack records each command's input).
 */
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3DocumentStore, MULTIPART_FROM_BYTES, s3ClientFromEnvironment } from '../../../server/documents/s3-store.js';
import { newDocumentKey } from '../../../server/documents/store.js';
import { documentOfSize } from '../../support/documents.js';
import { startObjectStorage, type ObjectStorage } from '../../support/s3.js';

const BUCKET = 'sse';
const KEY = /^documents\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let storage: ObjectStorage;
beforeAll(async () => {
  storage = await startObjectStorage([BUCKET]);
});
afterAll(async () => {
  await storage?.close();
});

/** A store over a client whose every command is recorded as sent: its name and its input. */
function recordingStore() {
  const client = s3ClientFromEnvironment(storage.env);
  const sent: Array<{ command: string; input: Record<string, unknown> }> = [];
  client.middlewareStack.add(
    (next, context) => async (args) => {
      sent.push({ command: context.commandName ?? '', input: { ...(args.input as Record<string, unknown>) } });
      return next(args);
    },
    { step: 'initialize', name: 'recordCommands' },
  );
  return { store: createS3DocumentStore(client, { bucket: BUCKET, prefix: 'claims/' }), sent, close: () => client.destroy() };
}

async function read(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

describe('the S3-compatible document store', () => {
  it('asks for server-side encryption of every object it writes, whole or in parts, under a key naming nothing of the claimant', { timeout: 60_000 }, async () => {
    const { store, sent, close } = recordingStore();
    try {
      const small = documentOfSize('application/pdf', 40 * 1024);
      const large = documentOfSize('application/pdf', MULTIPART_FROM_BYTES + 1024);
      const smallKey = newDocumentKey();
      const largeKey = newDocumentKey();
      expect(smallKey).toMatch(KEY);
      await store.put(smallKey, Readable.from([small]), { contentType: 'application/pdf', size: small.length });
      // Of unknown size (a stream), and over the multipart threshold: in parts.
      await store.put(largeKey, Readable.from([large]), { contentType: 'application/pdf' });

      const writes = sent.filter((s) => s.command === 'PutObjectCommand' || s.command === 'CreateMultipartUploadCommand');
      expect(writes.map((s) => [s.command, s.input.Key, s.input.ServerSideEncryption])).toEqual([
        ['PutObjectCommand', `claims/${smallKey}`, 'AES256'],
        ['CreateMultipartUploadCommand', `claims/${largeKey}`, 'AES256'],
      ]);
      expect(sent.filter((s) => s.command === 'UploadPartCommand').length).toBeGreaterThanOrEqual(2);

      expect(await storage.keys(BUCKET)).toEqual([`claims/${smallKey}`, `claims/${largeKey}`].sort());
      expect(Buffer.compare(await read(await store.get(smallKey)), small)).toBe(0);
      expect(Buffer.compare(await read(await store.get(largeKey)), large)).toBe(0);
    } finally {
      close();
    }
  });
});
