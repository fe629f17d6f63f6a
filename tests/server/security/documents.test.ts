/**
 * Threat: an uploaded document that is not what it claims — a web page or a script behind a PDF
 * header, an image cut short or padded with markup, a file of another type renamed — stored with
 * the claim and later opened by the administrator's staff (in a browser, a viewer, an export).
 * Documents are accepted only when their bytes are detected as an allowed type AND have that
 * type's structure, checked without decoding; anything else is a 400 naming the file, with
 * nothing stored. Whole files of every allowed type, of any size, are accepted.
 */
import { describe, expect, it } from 'vitest';
import { checkDocument } from '../../../server/claims/documents.js';
import { documentOfSize, MINIMAL_HEIC, MINIMAL_JPEG, MINIMAL_PNG, MINIMAL_TIFF, minimalPdf } from '../../support/documents.js';
import { DIALECTS, serverOver } from '../helper.js';

const pdf = minimalPdf();
const latin1 = (text: string) => Buffer.from(text, 'latin1');
/** The minimal PDF with `text` inserted before its trailer (outside any stream). */
const pdfWith = (text: string) => {
  const at = pdf.indexOf('trailer');
  return Buffer.concat([pdf.subarray(0, at), latin1(text), pdf.subarray(at)]);
};

/** Each: bytes that are refused, the code, and why. */
const REFUSED: Array<[name: string, bytes: Buffer, code: 'FILE_TYPE_NOT_ALLOWED' | 'FILE_DAMAGED']> = [
  ['an HTML page behind a PDF header', Buffer.concat([latin1('%PDF-1.4\n'), latin1('<!DOCTYPE html><html><body><script>alert(1)</script></body></html>\n%%EOF\n')]), 'FILE_DAMAGED'],
  ['a script in a PDF dictionary', pdfWith('4 0 obj\n<< /S /URI /URI (javascript:alert(1)) >>\nendobj\n'), 'FILE_DAMAGED'],
  ['an iframe in a PDF comment', pdfWith('% <iframe src="https://evil.example">\n'), 'FILE_DAMAGED'],
  ['a PDF without its %%EOF trailer (cut short)', pdf.subarray(0, pdf.length - 40), 'FILE_DAMAGED'],
  ['a PDF with kilobytes after its %%EOF', Buffer.concat([pdf, Buffer.alloc(4096, 0x41)]), 'FILE_DAMAGED'],
  ['a PDF stream that never ends', pdfWith('4 0 obj\n<< /Length 10 >>\nstream\n0123456789'), 'FILE_DAMAGED'],
  ['a JPEG cut short (no end-of-image marker)', MINIMAL_JPEG.subarray(0, MINIMAL_JPEG.length - 2), 'FILE_DAMAGED'],
  ['a JPEG header followed by zeros', Buffer.concat([MINIMAL_JPEG.subarray(0, 20), Buffer.alloc(1000)]), 'FILE_DAMAGED'],
  ['a JPEG whose comment is a web page', Buffer.concat([MINIMAL_JPEG.subarray(0, 2), Buffer.from([0xff, 0xfe, 0x00, 0x1a]), latin1('<script>alert(1)</script>'), MINIMAL_JPEG.subarray(2)]), 'FILE_DAMAGED'],
  ['a JPEG followed by a web page', Buffer.concat([MINIMAL_JPEG, latin1('<html><script>alert(1)</script></html>')]), 'FILE_DAMAGED'],
  ['a PNG without IEND', MINIMAL_PNG.subarray(0, MINIMAL_PNG.length - 12), 'FILE_DAMAGED'],
  ['a PNG with data after IEND', Buffer.concat([MINIMAL_PNG, latin1('<html>hello</html>')]), 'FILE_DAMAGED'],
  ['a PNG whose first chunk is not IHDR', Buffer.concat([MINIMAL_PNG.subarray(0, 8), MINIMAL_PNG.subarray(33)]), 'FILE_DAMAGED'],
  ['a PNG chunk longer than the file', Buffer.concat([MINIMAL_PNG.subarray(0, 33), Buffer.from([0x7f, 0, 0, 0]), MINIMAL_PNG.subarray(37)]), 'FILE_DAMAGED'],
  // file-type reads a TIFF's first directory to detect it: a broken one is not detected as a TIFF.
  ['a TIFF whose directory is outside the file', Buffer.concat([MINIMAL_TIFF.subarray(0, 4), Buffer.from([0xff, 0xff, 0, 0]), MINIMAL_TIFF.subarray(8)]), 'FILE_TYPE_NOT_ALLOWED'],
  ['a HEIC without its meta box', MINIMAL_HEIC.subarray(0, 24), 'FILE_DAMAGED'],
  ['a HEIC box longer than the file', MINIMAL_HEIC.subarray(0, MINIMAL_HEIC.length - 1), 'FILE_DAMAGED'],
  ['plain text', latin1('this is plain text, not a PDF'), 'FILE_TYPE_NOT_ALLOWED'],
  ['an HTML page', latin1('<!doctype html><html><body>hi</body></html>'), 'FILE_TYPE_NOT_ALLOWED'],
  ['a GIF', latin1('GIF89a\x01\x00\x01\x00\x00\x00\x00;'), 'FILE_TYPE_NOT_ALLOWED'],
  ['a ZIP', Buffer.from('504b0304140000000000', 'hex'), 'FILE_TYPE_NOT_ALLOWED'],
  ['an empty file', Buffer.alloc(0), 'FILE_TYPE_NOT_ALLOWED'],
];

describe('the two gates, on the bytes alone', () => {
  it.each([
    ['a PDF', pdf, 'application/pdf'],
    ['a JPEG', MINIMAL_JPEG, 'image/jpeg'],
    ['a PNG', MINIMAL_PNG, 'image/png'],
    ['a TIFF', MINIMAL_TIFF, 'image/tiff'],
    ['a HEIC', MINIMAL_HEIC, 'image/heic'],
    ['a 5 MB PDF', documentOfSize('application/pdf', 5 * 1024 * 1024), 'application/pdf'],
    ['a 5 MB JPEG', documentOfSize('image/jpeg', 5 * 1024 * 1024), 'image/jpeg'],
    ['a 1 MB PNG', documentOfSize('image/png', 1024 * 1024), 'image/png'],
    ['a PDF with binary streams and trailing newlines', Buffer.concat([pdfWith('4 0 obj\n<< /Length 6 >>\nstream\n<html>\nendstream\nendobj\n'), Buffer.alloc(500, 0x0a)]), 'application/pdf'],
  ])('accepts %s', async (_name, bytes, type) => {
    expect(await checkDocument(bytes)).toEqual({ ok: true, type });
  });

  it.each(REFUSED)('refuses %s', async (_name, bytes, code) => {
    const checked = await checkDocument(bytes);
    expect(checked.ok).toBe(false);
    expect(checked.ok === false && checked.reason).toBe(code === 'FILE_TYPE_NOT_ALLOWED' ? 'type' : 'structure');
  });

  it('checks a 10 MB document in well under the time of its upload', async () => {
    for (const type of ['application/pdf', 'image/jpeg', 'image/png']) {
      const bytes = documentOfSize(type, 10 * 1024 * 1024);
      const started = performance.now();
      expect((await checkDocument(bytes)).ok).toBe(true);
      expect(performance.now() - started, type).toBeLessThan(2000);
    }
  });
});

describe.each(DIALECTS)('documents submitted over %s', (dialect) => {
  const server = serverOver(dialect, { apiRequestsPerMinute: 100_000 });

  /** Maria's claim with its invoice replaced by `bytes` named `name` (the context's size and name to match). */
  async function submitDocument(bytes: Buffer, name = 'invoice.pdf') {
    // A class vehicle of its own (the default): the sample settlement files one claim per member.
    const { c, parts: partsWith } = await server.authorized();
    const parts = partsWith(await c.captchaToken());
    const contexts = JSON.parse(parts.text.documentContexts!);
    contexts[0].fields = { ...contexts[0].fields, name, file: name, size: bytes.length };
    return c.submit('Automotive', { text: { ...parts.text, documentContexts: JSON.stringify(contexts) }, files: [{ ...parts.files[0]!, name, bytes }] });
  }

  it('an HTML page behind a PDF header: 400 naming the file, nothing stored', async () => {
    const before = await server.stored();
    const res = await submitDocument(REFUSED[0]![1], 'invoice.pdf');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ submitted: false, code: 'FILE_DAMAGED' });
    expect(res.json().error).toContain('"invoice.pdf"');
    expect(await server.stored()).toBe(before);
  });

  it('every refused kind is refused over HTTP as well', async () => {
    for (const [name, bytes, code] of REFUSED) {
      const res = await submitDocument(bytes, 'upload.pdf');
      expect(res.statusCode, name).toBe(400);
      expect(res.json().code, name).toBe(code);
    }
  });

  it.each([
    ['receipt.jpg', MINIMAL_JPEG, 'image/jpeg'],
    ['receipt.png', MINIMAL_PNG, 'image/png'],
    ['receipt.tiff', MINIMAL_TIFF, 'image/tiff'],
    ['receipt.heic', MINIMAL_HEIC, 'image/heic'],
  ])('a whole %s is stored with the type of its bytes', async (name, bytes, type) => {
    const res = await submitDocument(bytes, name);
    expect(res.json(), res.body).toMatchObject({ submitted: true });
    const record = await server.app.stores.submissions.getByReferenceCode(res.json().referenceCodeForm);
    expect(record?.documents).toEqual([expect.objectContaining({ name, type, size: bytes.length })]);
  });
});
