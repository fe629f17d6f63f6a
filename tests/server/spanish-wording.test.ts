/**
 * The sample settlement's Spanish texts name a claim with one word, "reclamo", on the pages
 * (locales/es.json) and in the server's messages (server/errors.ts) alike.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_ERRORS } from '../../server/errors.js';
import { ROOT } from './helper.js';

const OTHER_WORD = /reclamaci[oó]n(es)?/i;

describe('the Spanish word for a claim', () => {
  it('is "reclamo" in every text of locales/es.json and every Spanish message of the server', () => {
    const pages = JSON.parse(readFileSync(path.join(ROOT, 'locales/es.json'), 'utf8')) as Record<string, unknown>;
    const texts = [
      ...Object.entries(pages).map(([key, value]) => ({ where: `locales/es.json ${key}`, text: String(value) })),
      ...Object.entries(SERVER_ERRORS).map(([code, entry]) => ({ where: `server/errors.ts ${code}`, text: entry.es })),
    ];
    expect(texts.filter(({ text }) => OTHER_WORD.test(text)).map(({ where }) => where)).toEqual([]);
    expect(texts.filter(({ text }) => /\breclamos?\b/i.test(text)).length).toBeGreaterThan(0);
  });
});
