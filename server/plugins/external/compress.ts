/**
 * Response compression (brotli, else gzip) of the API's JSON and the other compressible answers
 * from 1 KiB up, when the request's Accept-Encoding allows it. Answers that already carry a
 * Content-Encoding pass through untouched: the built assets (sent precompressed by the app shell)
 * and the app's pages (compressed once per culture by the app shell). Request bodies are never
 * decompressed: the JSON and multipart parsers see the bytes as received, so their size limits
 * apply to what arrives. Headers set earlier (security headers,
 * Cache-Control) are kept; Vary: Accept-Encoding is added.
 */
import compress from '@fastify/compress';
import fp from 'fastify-plugin';

/** Smallest body compressed, bytes: below it the headers and the round trip dominate. */
export const COMPRESS_THRESHOLD = 1024;

export default fp(
  async (app) => {
    await app.register(compress, {
      globalCompression: true,
      globalDecompression: false,
      encodings: ['br', 'gzip'],
      threshold: COMPRESS_THRESHOLD,
    });
  },
  { name: 'external-compress' },
);
