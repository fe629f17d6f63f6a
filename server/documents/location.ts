/** DOCUMENT_STORE_URL read (config.ts checks it at start; s3-store.ts writes there). */

/** Where the documents go: s3://<bucket>/<prefix>, the prefix optional. */
export interface S3Location {
  bucket: string;
  /** '' or ending with '/'. */
  prefix: string;
}

/** DOCUMENT_STORE_URL read, or why it cannot be (config.ts says so at start). */
export function s3LocationOf(url: string): S3Location | string {
  const match = /^s3:\/\/([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])(?:\/(.*))?$/.exec(url.trim());
  if (!match?.[1]) return 'write s3://<bucket>/<prefix> (a bucket name of 3 to 63 lowercase letters, digits, dots and hyphens; the prefix optional)';
  const prefix = (match[2] ?? '').replace(/^\/+|\/+$/g, '');
  return { bucket: match[1], prefix: prefix ? `${prefix}/` : '' };
}
