/**
 * A real S3-compatible server in the test's process (s3rver, objects in a temp folder), on
 * 127.0.0.1, with the environment the SDK reads to reach it (AWS_ENDPOINT_URL_S3, path-style
 * addressing, s3rver's fixed credentials), and a client to look into its buckets.
 */
import { mkdtempSync, rmSync } from 'node:fs';
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
