/**
 * What a submitted document is, from its bytes alone (never its name or the type the browser
 * claimed), through two gates:
 *
 * 1. detection (file-type) names the type from its signature; only the types below pass;
 * 2. a structural check of that type verifies the file is whole and is what it claims, without
 *    decoding it: a PDF has its `%PDF-` header, an `%%EOF` trailer at the end and no web markup
 *    (HTML, script, `javascript:` links) outside its streams; a JPEG is a chain of well-formed
 *    segments up to its image data and ends with EOI; a PNG is IHDR first, well-formed chunks,
 *    IEND last; a TIFF points at a readable first directory; a HEIC/HEIF is a chain of boxes that
 *    fills the file, `ftyp` first, with a `meta` box. Text a viewer could show as markup (PDF
 *    dictionaries, JPEG comments and metadata, PNG text chunks, bytes after the end of an image)
 *    must hold none.
 *
 * A file that fails either gate is refused before anything is stored. Each check reads the bytes
 * once at most (a 10 MB file costs a few milliseconds). The submit (submission.ts) and the documents
 * of the claim in progress (draft-documents.ts) refuse through `acceptedFileType`, in the same words,
 * for an upload received in memory or, past a small size, in a temp file (server/documents/receive.ts).
 *
 * A large upload is not held whole in memory while it arrives, but the structure checks need the
 * whole file: a PDF's trailer is at its end and markup may be anywhere outside its streams, a
 * JPEG's end-of-image is found from the end, a TIFF's first directory may be anywhere. So they read
 * its temp file whole (a small upload's bytes are there already),
 * once for both gates, for the few milliseconds they take, STRUCTURE_CHECKS_AT_ONCE at a time:
 * however many uploads arrive at once, the checks hold at most that many files (of at most the
 * per-file limit). A submit to the database's store keeps the bytes read for its claim's
 * transaction (that store writes a file whole) instead of reading the file again.
 */
import { fileTypeFromBuffer } from 'file-type';
import { UNSTORABLE_TEXT, unstorableTextPaths } from '../../runtime/core/payload/index.js';
import { spooledBytes, spoolFile, type PartStream, type SpooledFile } from '../documents/receive.js';
import { httpError } from '../errors.js';

/** Content types accepted, as detected from the bytes. */
export const ALLOWED_FILE_TYPES: ReadonlySet<string> = new Set([
  'application/pdf',
  'image/jpeg',
  'image/png',
  'image/heic',
  'image/heic-sequence',
  'image/heif',
  'image/heif-sequence',
  'image/tiff',
]);

/** The document's type when it passes both gates, else why not. */
export type DocumentCheck = { ok: true; type: string } | { ok: false; reason: 'type' | 'structure'; detail: string };

/**
 * Sequences that make bytes something a browser would run or render as a page. Each is long
 * enough (5+ bytes, any case) that compressed data holds one by chance less than once in a
 * billion documents.
 */
const TAGS = ['<script', '<html', '<!doctype html', '<iframe', '<object', '<embed'].map((m) => Buffer.from(m, 'latin1'));
const SCHEME = Buffer.from('javascript:', 'latin1');

/** Whether `marker` (lowercase) is at `at`, letters compared in any case. */
function matchesAt(bytes: Uint8Array, at: number, marker: Uint8Array, end: number): boolean {
  if (at + marker.length > end) return false;
  for (let j = 0; j < marker.length; j += 1) {
    const m = marker[j] ?? 0;
    const b = bytes[at + j] ?? 0;
    if (b !== m && !(m >= 0x61 && m <= 0x7a && (b | 0x20) === m)) return false;
  }
  return true;
}

/** Whether `bytes[from, to)` holds web markup, compared case-insensitively. */
export function holdsMarkup(bytes: Uint8Array, from = 0, to = bytes.length): boolean {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  // Tags start with '<' and the scheme ends with ':': native searches jump from one to the next.
  for (let i = buffer.indexOf(0x3c, from); i >= 0 && i < to; i = buffer.indexOf(0x3c, i + 1)) {
    if (TAGS.some((tag) => matchesAt(bytes, i, tag, to))) return true;
  }
  for (let i = buffer.indexOf(0x3a, from); i >= 0 && i < to; i = buffer.indexOf(0x3a, i + 1)) {
    const at = i - (SCHEME.length - 1);
    if (at >= from && matchesAt(bytes, at, SCHEME, to)) return true;
  }
  return false;
}

const ascii = (bytes: Uint8Array, at: number, length: number) => Buffer.from(bytes.buffer, bytes.byteOffset + at, Math.max(0, Math.min(length, bytes.length - at))).toString('latin1');

/** End of the bytes that matter: trailing NULs and whitespace (padding) left out. */
function trimmedEnd(bytes: Uint8Array): number {
  let end = bytes.length;
  while (end > 0 && [0x00, 0x09, 0x0a, 0x0d, 0x20].includes(bytes[end - 1] ?? 0)) end -= 1;
  return end;
}

function checkPdf(bytes: Uint8Array): string | null {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  if (ascii(bytes, 0, 5) !== '%PDF-') return 'no %PDF- header';
  const end = trimmedEnd(bytes);
  const eof = buffer.lastIndexOf('%%EOF', end, 'latin1');
  // Writers may leave a little after the last %%EOF (a newline, a stray byte or two).
  if (eof < 0 || end - (eof + 5) > 1024) return 'no %%EOF trailer at the end';
  // Stream data (compressed page content, images, fonts) is binary and never read as markup;
  // everything around it (objects, dictionaries, comments, the trailer) is.
  let at = 0;
  while (at < buffer.length) {
    const start = buffer.indexOf('stream', at, 'latin1');
    if (start < 0) break;
    const isEnd = start >= 3 && ascii(bytes, start - 3, 3) === 'end';
    const next = bytes[start + 6];
    if (isEnd || (next !== 0x0a && next !== 0x0d)) {
      if (holdsMarkup(bytes, at, start + 6)) return 'web markup outside its streams';
      at = start + 6;
      continue;
    }
    if (holdsMarkup(bytes, at, start)) return 'web markup outside its streams';
    const close = buffer.indexOf('endstream', start + 6, 'latin1');
    if (close < 0) return 'a stream without its end';
    at = close + 9;
  }
  if (holdsMarkup(bytes, at, buffer.length)) return 'web markup outside its streams';
  return null;
}

function checkJpeg(bytes: Uint8Array): string | null {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return 'no start-of-image marker';
  let at = 2;
  // Marker segments up to the start of scan: FF, a marker byte, a 2-byte length that includes itself.
  for (;;) {
    while (bytes[at] === 0xff && bytes[at + 1] === 0xff) at += 1; // fill bytes
    if (at + 4 > bytes.length || bytes[at] !== 0xff) return 'a broken marker segment';
    const marker = bytes[at + 1] ?? 0;
    if (marker === 0xd9) return 'no image data';
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    const length = ((bytes[at + 2] ?? 0) << 8) | (bytes[at + 3] ?? 0);
    if (length < 2 || at + 2 + length > bytes.length) return 'a marker segment longer than the file';
    // Comments (COM) and application segments (APPn: EXIF, XMP) are text a viewer may show.
    if ((marker === 0xfe || (marker >= 0xe0 && marker <= 0xef)) && holdsMarkup(bytes, at + 4, at + 2 + length)) return 'web markup in its metadata';
    at += 2 + length;
    if (marker === 0xda) break;
  }
  // The compressed image data, then EOI; cameras may append their own data after it.
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  const eoi = buffer.lastIndexOf(Buffer.from([0xff, 0xd9]));
  if (eoi < at) return 'no end-of-image marker';
  if (holdsMarkup(bytes, eoi + 2)) return 'web markup after the image';
  return null;
}

function checkPng(bytes: Uint8Array): string | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.length);
  let at = 8;
  let first = true;
  while (at + 12 <= bytes.length) {
    const length = view.getUint32(at);
    const type = ascii(bytes, at + 4, 4);
    if (!/^[A-Za-z]{4}$/.test(type)) return 'a chunk with an invalid type';
    if (length > 0x7fffffff || at + 12 + length > bytes.length) return 'a chunk longer than the file';
    if (first && (type !== 'IHDR' || length !== 13)) return 'IHDR is not the first chunk';
    first = false;
    if ((type === 'tEXt' || type === 'iTXt') && holdsMarkup(bytes, at + 8, at + 8 + length)) return 'web markup in a text chunk';
    at += 12 + length;
    if (type === 'IEND') {
      const end = trimmedEnd(bytes);
      return end > at ? 'data after IEND' : null;
    }
  }
  return 'no IEND chunk at the end';
}

function checkTiff(bytes: Uint8Array): string | null {
  if (bytes.length < 8) return 'too short';
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.length);
  const little = bytes[0] === 0x49;
  const version = view.getUint16(2, little);
  if (version === 43) {
    // BigTIFF: 8-byte offsets.
    if (bytes.length < 16) return 'too short';
    const offset = Number(view.getBigUint64(8, little));
    if (offset < 16 || offset + 8 > bytes.length) return 'the first directory is outside the file';
    const entries = Number(view.getBigUint64(offset, little));
    return entries < 1 || offset + 8 + entries * 20 + 8 > bytes.length ? 'a broken first directory' : null;
  }
  const offset = view.getUint32(4, little);
  if (offset < 8 || offset + 2 > bytes.length) return 'the first directory is outside the file';
  const entries = view.getUint16(offset, little);
  return entries < 1 || offset + 2 + entries * 12 + 4 > bytes.length ? 'a broken first directory' : null;
}

function checkHeif(bytes: Uint8Array): string | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.length);
  const types: string[] = [];
  let at = 0;
  while (at < bytes.length) {
    if (at + 8 > bytes.length) return 'a truncated box';
    let size = view.getUint32(at);
    const type = ascii(bytes, at + 4, 4);
    if (size === 1) {
      if (at + 16 > bytes.length) return 'a truncated box';
      size = Number(view.getBigUint64(at + 8));
    } else if (size === 0) size = bytes.length - at; // the last box runs to the end
    if (size < 8 || at + size > bytes.length) return 'a box longer than the file';
    types.push(type);
    at += size;
  }
  if (types[0] !== 'ftyp') return 'ftyp is not the first box';
  if (!types.includes('meta')) return 'no meta box';
  return null;
}

const STRUCTURE: Record<string, (bytes: Uint8Array) => string | null> = {
  'application/pdf': checkPdf,
  'image/jpeg': checkJpeg,
  'image/png': checkPng,
  'image/tiff': checkTiff,
  'image/heic': checkHeif,
  'image/heic-sequence': checkHeif,
  'image/heif': checkHeif,
  'image/heif-sequence': checkHeif,
};

/** Both gates on one document's bytes. */
export async function checkDocument(bytes: Uint8Array): Promise<DocumentCheck> {
  const detected = bytes.length ? await fileTypeFromBuffer(bytes) : undefined;
  // Every allowed type has its structure check (the same list in both).
  const checkStructure = detected && ALLOWED_FILE_TYPES.has(detected.mime) ? STRUCTURE[detected.mime] : undefined;
  if (!detected || !checkStructure) return { ok: false, reason: 'type', detail: detected ? `detected ${detected.mime}` : 'no known signature' };
  const problem = checkStructure(bytes);
  return problem ? { ok: false, reason: 'structure', detail: `${detected.mime}: ${problem}` } : { ok: true, type: detected.mime };
}

/** Structure checks that may hold a whole file in memory at the same time. */
export const STRUCTURE_CHECKS_AT_ONCE = 2;
let checksRunning = 0;
const checksWaiting: Array<() => void> = [];

/** Runs `check` when fewer than STRUCTURE_CHECKS_AT_ONCE are running, in arrival order. */
async function oneOfFewAtOnce<T>(check: () => Promise<T>): Promise<T> {
  if (checksRunning >= STRUCTURE_CHECKS_AT_ONCE) await new Promise<void>((resolve) => checksWaiting.push(resolve));
  else checksRunning += 1;
  try {
    return await check();
  } finally {
    const next = checksWaiting.shift();
    // The slot passes to the next waiting check, or is freed.
    if (next) next();
    else checksRunning -= 1;
  }
}

/**
 * Both gates on a received document, its temp file read whole once (bounded, see above): the type and the
 * structure from the same bytes, which the caller may keep (the database's store writes them).
 */
export async function checkDocumentFile(file: SpooledFile): Promise<{ checked: DocumentCheck; bytes: Buffer }> {
  return oneOfFewAtOnce(async () => {
    const bytes = file.size ? await spooledBytes(file) : Buffer.alloc(0);
    return { checked: await checkDocument(bytes), bytes };
  });
}

/** A size as the claimant reads it in a message ('10 MB'). */
export const megabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

/** A file name as it may appear in a message: printable, short. */
export const shownName = (name: string) => name.replace(/[^\p{L}\p{N} ._()-]/gu, '_').slice(0, 80);

/**
 * The type of a received document (server/documents/receive.ts) by both gates, or
 * the refusal that names it (FILE_TYPE_NOT_ALLOWED, FILE_DAMAGED): the one check of a submit's
 * files and of a document added to the claim in progress. `log` records what the gates found
 * (never shown to the claimant).
 */
export async function acceptedFileType(file: SpooledFile, name: string, log: (detail: string) => void): Promise<string> {
  return (await acceptedDocumentFile(file, name, log)).type;
}

/** As acceptedFileType, with the bytes the checks read (for a store that writes them whole). */
export async function acceptedDocumentFile(file: SpooledFile, name: string, log: (detail: string) => void): Promise<{ type: string; bytes: Buffer }> {
  const { checked, bytes } = await checkDocumentFile(file);
  if (checked.ok) return { type: checked.type, bytes };
  log(checked.detail);
  throw httpError(checked.reason === 'type' ? 'FILE_TYPE_NOT_ALLOWED' : 'FILE_DAMAGED', { args: [shownName(name)] });
}

/** Whether reading a file part stopped at the per-file limit (@fastify/multipart's FST_REQ_FILE_TOO_LARGE). */
export const isFileTooLarge = (error: unknown): boolean => typeof error === 'object' && error !== null && 'code' in error && error.code === 'FST_REQ_FILE_TOO_LARGE';

/**
 * A document's file part, its name checked, received within the per-file limit
 * (DOCUMENT_TOO_LARGE names it). It goes into `spooled` as soon as it is received, for the caller
 * to remove its temp file (if any) whatever happens next.
 */
export async function spoolNamedDocument(part: { filename?: string; file: PartStream }, maxFileBytes: number, spooled: SpooledFile[]): Promise<{ name: string; file: SpooledFile }> {
  const name = part.filename || '';
  if (!name) throw httpError('STRUCTURE_INVALID', { details: ['The document has no file name.'] });
  if (unstorableTextPaths(name, 'name').length) throw httpError('BAD_REQUEST', { details: [`The file name ${UNSTORABLE_TEXT}`] });
  let file: SpooledFile;
  try {
    file = await spoolFile(part.file);
  } catch (err) {
    if (isFileTooLarge(err)) throw httpError('DOCUMENT_TOO_LARGE', { args: [shownName(name), megabytes(maxFileBytes)] });
    throw err;
  }
  spooled.push(file);
  if (file.truncated) throw httpError('DOCUMENT_TOO_LARGE', { args: [shownName(name), megabytes(maxFileBytes)] });
  return { name, file };
}
