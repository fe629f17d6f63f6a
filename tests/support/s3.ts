/**
 * A real S3-compatible server in the test's process (s3rver, objects in a temp folder), on
 * 127.0.0.1, with the environment the SDK reads to reach it (AWS_ENDPOINT_URL_S3, path-style
 * addressing, s3rver's fixed credentials), and a client to look into its buckets; and a proxy in
 * front of it that can keep the answer to an object's write from its writer (a process killed
 * after its object was stored and before it heard so).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request as httpRequest, type IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { s3ClientFromEnvironment } from '../../server/documents/s3-store.js';

export interface ObjectStorage {
  /** AWS_* settings that point the SDK at this server. */
  env: Record<string, string>;
  client: S3Client;
  /** Every key of `bucket` (under `prefix`). */
  keys(bucket: string, prefix?: string): Promise<string[]>;
  bytes(bucket: string, key: string): Promise<Buffer>;
  close(): Promise<void>;
}

export async function startObjectStorage(buckets: string[]): Promise<ObjectStorage> {
  const directory = mkdtempSync(path.join(tmpdir(), 'claims-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: buckets.map((name) => ({ name })) });
  const { port } = await server.run();
  const env = {
    AWS_ENDPOINT_URL_S3: `http://127.0.0.1:${port}`,
    AWS_S3_FORCE_PATH_STYLE: 'true',
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'S3RVER',
    AWS_SECRET_ACCESS_KEY: 'S3RVER',
  };
  const client = s3ClientFromEnvironment(env);
  return {
    env,
    client,
    async keys(bucket, prefix = '') {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }));
        for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key);
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return keys.sort();
    },
    async bytes(bucket, key) {
      const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      return Buffer.from((await answer.Body?.transformToByteArray()) ?? []);
    },
    async close() {
      client.destroy();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

export interface ObjectStorageProxy {
  /** AWS_* settings that point the SDK at the proxy. */
  env: Record<string, string>;
  /**
   * The next write of a whole object (a PutObject, or the completion of a multipart upload) goes
   * through to the storage, and its answer is kept from the writer, who waits for it until its
   * connection ends; resolves once the storage has answered it.
   */
  holdNextObjectWrite(): Promise<void>;
  close(): Promise<void>;
}

/** The request that makes an object whole: a PutObject (not a part of a multipart upload), or a multipart upload's completion. */
const writesWholeObject = (req: IncomingMessage) => {
  const url = req.url ?? '';
  return (req.method === 'PUT' && !url.includes('partNumber=')) || (req.method === 'POST' && url.includes('uploadId='));
};

export async function startObjectStorageProxy(storage: ObjectStorage): Promise<ObjectStorageProxy> {
  const target = new URL(storage.env.AWS_ENDPOINT_URL_S3 ?? '');
  let hold: (() => void) | null = null;
  const server = createServer((req, res) => {
    const upstream = httpRequest({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers, agent: false }, (answer) => {
      const release = hold && writesWholeObject(req) ? hold : null;
      if (release) {
        hold = null;
        answer.resume();
        answer.on('end', release);
        return;
      }
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the object storage proxy is not listening on a port');
  return {
    env: { ...storage.env, AWS_ENDPOINT_URL_S3: `http://127.0.0.1:${address.port}` },
    holdNextObjectWrite: () => new Promise<void>((resolve) => (hold = resolve)),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
