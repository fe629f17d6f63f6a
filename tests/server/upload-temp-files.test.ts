/**
 * An upload's temp file is closed and removed when the request is done with it, over real HTTP
 * multipart on SQLite and PostgreSQL, with no malware scanner configured: after a filed claim with
 * its document and after a document added to the claim in progress, no file descriptor of the
 * server's process names an upload's temp file (an opened, never read stream would keep a removed
 * file's descriptor and its disk space until the process ends). Linux: read from /proc/self/fd.
 */
import { existsSync, readdirSync, readlinkSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { minimalPdf } from '../support/documents.js';
import { invoiceContext } from '../support/sample-claim.js';
import { claimOnRepairsPage, DIALECTS, encodeMultipart, model, serverOver } from './helper.js';

const DRAFT = '/api/forms/automotive/draft';
const DOCUMENTS = `${DRAFT}/documents`;
const FD_DIR = '/proc/self/fd';

/** The upload temp files (server/documents/receive.ts names them claims-upload-…) this process holds open. */
function openUploadFiles(): string[] {
  return readdirSync(FD_DIR).flatMap((fd) => {
    try {
      const target = readlinkSync(`${FD_DIR}/${fd}`);
      return target.includes('claims-upload-') ? [target] : [];
    } catch {
      return []; // closed between the listing and the read
    }
  });
}

describe.skipIf(!existsSync(FD_DIR)).each(DIALECTS)('upload temp files closed without a scanner (%s)', (dialect) => {
  const server = serverOver(dialect);

  it('holds no upload temp file open after a filed claim with its document', async () => {
    expect(server.app.documentScanner).toBeNull();
    const before = openUploadFiles();
    for (let i = 0; i < 3; i++) {
      const a = await server.authorized();
      const res = await a.c.submit('Automotive', a.parts(await a.c.captchaToken()));
      expect(res.statusCode, res.body).toBe(200);
    }
    expect(openUploadFiles()).toEqual(before);
  });

  it('holds no upload temp file open after a document added to the claim in progress', async () => {
    const before = openUploadFiles();
    const { repair, c } = await claimOnRepairsPage(server);
    const doc = model('Automotive', 'DocumentContexts', { ...invoiceContext(repair.clientId, 0) });
    const { body, contentType } = await encodeMultipart({ text: {}, files: [{ field: doc.clientId, name: 'invoice.pdf', type: 'application/pdf', bytes: minimalPdf() }] });
    const uploaded = await server.http({ method: 'POST', url: DOCUMENTS, headers: c.headers({ 'content-type': contentType }), payload: body });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    expect(openUploadFiles()).toEqual(before);
  });
});
