/**
 * Real minimal documents of each type the server accepts (a 1×1 white image, a one-page PDF),
 * whole and well-formed, so that its type detection and structural checks accept them; and
 * `documentOfSize` to make one of a given size without breaking its structure. Used by the server
 * tests, the browser tests and the benchmarks.
 */

/** A one-page PDF: header, catalog, pages, page, cross-reference table, trailer, %%EOF. */
export function minimalPdf(comment = ''): Buffer {
  const objects = ['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [3 0 R] /Count 1 >>', '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>'];
  let body = `%PDF-1.4\n${comment ? `% ${comment}\n` : ''}`;
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body);
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** A 1×1 baseline JPEG (JFIF), as an encoder writes it: SOI, APP0, DQT, SOF0, DHT, SOS, data, EOI. */
export const MINIMAL_JPEG = Buffer.from(
  'ffd8ffe000104a46494600010100000100010000ffdb008400100b0c0e0c0a100e0d0e1211101318281a181616183123251d283a333d3c3933383740485c4e404457453738506d51575f626768673e4d71797064785c656763011112121815182f1a1a2f634238426363636363636363636363636363636363636363636363636363636363636363636363636363636363636363636363636363ffc00011080001000103011100021101031101ffc401a20000010501010101010100000000000000000102030405060708090a0b100002010303020403050504040000017d01020300041105122131410613516107227114328191a1082342b1c11552d1f02433627282090a161718191a25262728292a3435363738393a434445464748494a535455565758595a636465666768696a737475767778797a838485868788898a92939495969798999aa2a3a4a5a6a7a8a9aab2b3b4b5b6b7b8b9bac2c3c4c5c6c7c8c9cad2d3d4d5d6d7d8d9dae1e2e3e4e5e6e7e8e9eaf1f2f3f4f5f6f7f8f9fa0100030101010101010101010000000000000102030405060708090a0b1100020102040403040705040400010277000102031104052131061241510761711322328108144291a1b1c109233352f0156272d10a162434e125f11718191a262728292a35363738393a434445464748494a535455565758595a636465666768696a737475767778797a82838485868788898a92939495969798999aa2a3a4a5a6a7a8a9aab2b3b4b5b6b7b8b9bac2c3c4c5c6c7c8c9cad2d3d4d5d6d7d8d9dae2e3e4e5e6e7e8e9eaf2f3f4f5f6f7f8f9faffda000c03010002110311003f00f40a00ff00ffd9',
  'hex',
);

/** A 1×1 RGBA PNG: signature, IHDR, IDAT, IEND, each with its CRC. */
export const MINIMAL_PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c63f8ffffff7f0009fb03fd2a86e38a0000000049454e44ae426082',
  'hex',
);

/** A 1×1 8-bit grey TIFF (little-endian): header, one directory of 8 entries, one byte of pixel data. */
export const MINIMAL_TIFF = (() => {
  const entries: Array<[tag: number, type: number, value: number]> = [
    [256, 3, 1], // ImageWidth
    [257, 3, 1], // ImageLength
    [258, 3, 8], // BitsPerSample
    [259, 3, 1], // Compression: none
    [262, 3, 1], // PhotometricInterpretation: black is zero
    [273, 4, 8 + 2 + 8 * 12 + 4], // StripOffsets: just after the directory
    [278, 3, 1], // RowsPerStrip
    [279, 4, 1], // StripByteCounts
  ];
  const bytes = Buffer.alloc(8 + 2 + entries.length * 12 + 4 + 1);
  bytes.write('II', 0, 'latin1');
  bytes.writeUInt16LE(42, 2);
  bytes.writeUInt32LE(8, 4);
  bytes.writeUInt16LE(entries.length, 8);
  entries.forEach(([tag, type, value], i) => {
    const at = 10 + i * 12;
    bytes.writeUInt16LE(tag, at);
    bytes.writeUInt16LE(type, at + 2);
    bytes.writeUInt32LE(1, at + 4);
    if (type === 3) bytes.writeUInt16LE(value, at + 8);
    else bytes.writeUInt32LE(value, at + 8);
  });
  bytes[bytes.length - 1] = 0xff;
  return bytes;
})();

function box(type: string, ...content: Buffer[]): Buffer {
  const body = Buffer.concat(content);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + body.length);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, body]);
}

/** The box structure of a HEIC file (ftyp, meta with its handler, mdat); not a decodable image. */
export const MINIMAL_HEIC = Buffer.concat([
  box('ftyp', Buffer.from('heic', 'latin1'), Buffer.alloc(4), Buffer.from('mif1heic', 'latin1')),
  box('meta', Buffer.alloc(4), box('hdlr', Buffer.alloc(4), Buffer.alloc(4), Buffer.from('pict', 'latin1'), Buffer.alloc(12), Buffer.alloc(1))),
  box('mdat', Buffer.from([0])),
]);

/**
 * A document of `type` and exactly `size` bytes (at least the minimal file's): the padding goes
 * where the type allows it — a PDF comment before the trailer, a JPEG comment segment, a PNG text
 * chunk (CRC included), bytes after a TIFF's pixel data, a HEIC `free` box.
 */
export function documentOfSize(type: string, size: number): Buffer {
  if (type === 'application/pdf') {
    const pdf = minimalPdf();
    if (size <= pdf.length) return pdf;
    // Comment lines before the first object: the cross-reference offsets are not recomputed, as
    // readers tolerate (and the server does not read them).
    const head = Buffer.from('%PDF-1.4\n');
    const padding = Buffer.alloc(size - pdf.length, 0x20);
    for (let i = 0; i < padding.length; i += 64) padding[i] = 0x0a;
    if (padding.length) padding[0] = 0x25; // '%'
    return Buffer.concat([head, padding, pdf.subarray(head.length)]);
  }
  if (type === 'image/jpeg') {
    const segments: Buffer[] = [];
    let missing = size - MINIMAL_JPEG.length;
    while (missing > 0) {
      const length = Math.min(65535, Math.max(2, missing - 2));
      const segment = Buffer.alloc(2 + length, 0x20);
      segment[0] = 0xff;
      segment[1] = 0xfe; // COM
      segment.writeUInt16BE(length, 2);
      segments.push(segment);
      missing -= segment.length;
    }
    return Buffer.concat([MINIMAL_JPEG.subarray(0, 2), ...segments, MINIMAL_JPEG.subarray(2)]);
  }
  if (type === 'image/png') {
    const missing = size - MINIMAL_PNG.length;
    if (missing < 12 + 8) return MINIMAL_PNG;
    const text = Buffer.concat([Buffer.from('Comment\0', 'latin1'), Buffer.alloc(missing - 12 - 8, 0x20)]);
    const head = Buffer.alloc(8);
    head.writeUInt32BE(text.length);
    head.write('tEXt', 4, 'latin1');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), text])));
    const iend = MINIMAL_PNG.length - 12;
    return Buffer.concat([MINIMAL_PNG.subarray(0, iend), head, text, crc, MINIMAL_PNG.subarray(iend)]);
  }
  if (type === 'image/tiff') return Buffer.concat([MINIMAL_TIFF, Buffer.alloc(Math.max(0, size - MINIMAL_TIFF.length))]);
  if (type === 'image/heic') {
    const missing = size - MINIMAL_HEIC.length;
    return missing >= 8 ? Buffer.concat([MINIMAL_HEIC, box('free', Buffer.alloc(missing - 8))]) : MINIMAL_HEIC;
  }
  throw new Error(`documentOfSize: no minimal document of type ${type}`);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
