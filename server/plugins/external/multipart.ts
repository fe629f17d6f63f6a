/**
 * multipart/form-data with explicit limits (multipart bypasses the body limit): per-file size,
 * number of files, fields and parts, field size. The total size is enforced by the submit route
 * while it streams the files (settings.json uploads.maxTotalBytes).
 */
import multipart from '@fastify/multipart';
import fp from 'fastify-plugin';

/** Text parts of a submit (its payload fields), at most, and the bytes of one (a JSON model list). */
export const TEXT_PARTS = 20;
export const TEXT_PART_BYTES = 512 * 1024;

export interface MultipartLimits {
  fileSize: number;
  files: number;
  /** Text parts: the payload fields. */
  fields: number;
  /** Bytes of one text part (a JSON model list). */
  fieldSize: number;
  parts: number;
}

export default fp<{ limits: MultipartLimits }>(
  async (app, opts) => {
    await app.register(multipart, {
      attachFieldsToBody: false,
      throwFileSizeLimit: true,
      limits: { ...opts.limits, fieldNameSize: 100, headerPairs: 100 },
    });
  },
  { name: 'external-multipart' },
);
