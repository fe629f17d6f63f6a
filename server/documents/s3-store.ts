/**
 * S3-compatible object storage as a document store (DOCUMENT_STORE_URL=s3://<bucket>/<prefix>).
 * The SDK's standard settings apply: AWS_REGION, AWS_ENDPOINT_URL_S3 (MinIO, another provider),
 * credentials from the default chain (environment, shared files, the instance's role);
 * AWS_S3_FORCE_PATH_STYLE=true addresses the bucket in the path (MinIO). Every object is written
 * with server-side encryption (AES256).
 *
 * A put streams its body: a file of known size up to MULTIPART_FROM_BYTES is one PutObject read
 * straight from its stream; a larger or unsized one goes up in parts (lib-storage Upload, one part
 * in flight at a time, so an upload holds one part in memory).
 */
import { createHash } from 'node:crypto';
import { Readable, Transform } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { S3Location } from './location.js';
import { DocumentObjectMissingError, type DocumentStore } from './store.js';

/** Files of at least this size (or of unknown size) go up in parts. */
export const MULTIPART_FROM_BYTES = 16 * 1024 * 1024;
const PART_BYTES = 8 * 1024 * 1024;

/**
 * The client as the SDK's standard settings describe it, path-style when AWS_S3_FORCE_PATH_STYLE=true.
 * Checksums are sent where the API requires them unless AWS_REQUEST_CHECKSUM_CALCULATION says
 * otherwise: not every S3-compatible server reads the trailing checksums the SDK adds to streamed
 * bodies by default, and each document's own SHA-256 is checked whenever it is read back.
 */
export function s3ClientFromEnvironment(env: NodeJS.ProcessEnv = process.env): S3Client {
  const checksums = env.AWS_REQUEST_CHECKSUM_CALCULATION === 'WHEN_SUPPORTED' ? 'WHEN_SUPPORTED' : 'WHEN_REQUIRED';
  // Read from `env` when it names them (the admin CLI's environment); else the SDK's own chain.
  const { AWS_REGION: region, AWS_ENDPOINT_URL_S3: endpoint, AWS_ACCESS_KEY_ID: accessKeyId, AWS_SECRET_ACCESS_KEY: secretAccessKey, AWS_SESSION_TOKEN: sessionToken } = env;
  return new S3Client({
    ...(region ? { region } : {}),
    ...(endpoint ? { endpoint } : {}),
    ...(accessKeyId && secretAccessKey ? { credentials: { accessKeyId, secretAccessKey, ...(sessionToken ? { sessionToken } : {}) } } : {}),
    forcePathStyle: env.AWS_S3_FORCE_PATH_STYLE === 'true',
    requestChecksumCalculation: checksums,
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/** The bytes as they go by, counted and digested. */
function digesting(body: Readable | Uint8Array): { stream: Readable | Uint8Array; done: () => { size: number; sha256: string } } {
  const hash = createHash('sha256');
  if (!(body instanceof Readable)) {
    hash.update(body);
    return { stream: body, done: () => ({ size: body.byteLength, sha256: hash.digest('hex') }) };
  }
  let size = 0;
  const through = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      hash.update(chunk);
      callback(null, chunk);
    },
  });
  body.on('error', (error) => through.destroy(error));
  body.pipe(through);
  return { stream: through, done: () => ({ size, sha256: hash.digest('hex') }) };
}

export function createS3DocumentStore(client: S3Client, location: S3Location): DocumentStore {
  const { bucket, prefix } = location;
  const objectKey = (key: string) => `${prefix}${key}`;
  return {
    name: 's3',
    description: `s3://${bucket}/${prefix}`,

    async put(key, body, meta) {
      const { stream, done } = digesting(body);
      const params = { Bucket: bucket, Key: objectKey(key), ContentType: meta.contentType, ServerSideEncryption: 'AES256' as const };
      const size = meta.size ?? (body instanceof Readable ? undefined : body.byteLength);
      if (size !== undefined && size < MULTIPART_FROM_BYTES) {
        await client.send(new PutObjectCommand({ ...params, Body: stream, ContentLength: size }));
      } else {
        await new Upload({ client, params: { ...params, Body: stream }, partSize: PART_BYTES, queueSize: 1, leavePartsOnError: false }).done();
      }
      return { key, ...done() };
    },

    async get(key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
        if (answer.Body instanceof Readable) return answer.Body;
        throw new Error(`The object ${key} came without a readable body.`);
      } catch (error) {
        if (error instanceof NoSuchKey) throw new DocumentObjectMissingError('s3', key);
        throw error;
      }
    },

    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
    },

    async *list(keyPrefix) {
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: objectKey(keyPrefix), ContinuationToken: token }));
        for (const object of page.Contents ?? []) {
          if (object.Key?.startsWith(prefix)) yield { key: object.Key.slice(prefix.length), storedAt: object.LastModified?.getTime() ?? 0 };
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
  };
}
