/**
 * The clamd INSTREAM client against a stand-in speaking the protocol over real TCP on 127.0.0.1:
 * chunks bounded and length-prefixed, the EICAR test string found also across chunks and in a
 * streamed source, clamd's ERROR answer, a refused connection, and a silent daemon timed out on a
 * fake clock.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { clamdAddressOf, scanWithClamd, ScannerUnavailableError, verdictOf } from '../../../server/documents/clamd.js';
import { EICAR, EICAR_SIGNATURE, startClamdStandIn, type ClamdStandIn } from '../../support/clamd-stand-in.js';
import { minimalPdf } from '../../support/documents.js';

let clamd: ClamdStandIn;
beforeAll(async () => {
  clamd = await startClamdStandIn();
});
afterAll(async () => {
  await clamd.close();
});
afterEach(async () => {
  vi.useRealTimers();
  clamd.setMode('scan');
  await clamd.start();
});

const at = () => ({ host: clamd.host, port: clamd.port });

async function* streamed(...pieces: string[]): AsyncGenerator<Buffer> {
  for (const piece of pieces) yield Buffer.from(piece, 'latin1');
}

describe('scanWithClamd', () => {
  it('answers clean for a clean PDF, sent after zINSTREAM in chunks of at most chunkBytes', async () => {
    const pdf = minimalPdf();
    expect(await scanWithClamd({ ...at(), chunkBytes: 100 }, pdf)).toEqual({ infected: false });
    const stream = clamd.streams.at(-1);
    expect(stream?.command).toBe('zINSTREAM');
    expect(stream?.bytes.equals(pdf)).toBe(true);
    expect(stream?.chunkLengths.every((length) => length > 0 && length <= 100)).toBe(true);
    expect(stream?.chunkLengths.reduce((a, b) => a + b, 0)).toBe(pdf.length);
    expect(stream?.chunkLengths.length).toBe(Math.ceil(pdf.length / 100));
  });

  it('names the signature of a PDF carrying the EICAR string, also when the string is split across chunks', async () => {
    const pdf = minimalPdf(EICAR);
    const start = pdf.indexOf(EICAR, 0, 'latin1');
    // A chunk boundary in the middle of the string.
    const chunkBytes = start + 10;
    expect(await scanWithClamd({ ...at(), chunkBytes }, pdf)).toEqual({ infected: true, signature: EICAR_SIGNATURE });
    const lengths = clamd.streams.at(-1)?.chunkLengths ?? [];
    expect(lengths[0]).toBe(chunkBytes);
    expect(lengths.length).toBeGreaterThan(1);
  });

  it('scans a source as it streams, the string split between two of its pieces', async () => {
    const head = '%PDF-1.4\n% ';
    const verdict = await scanWithClamd(at(), streamed(head, EICAR.slice(0, 20), EICAR.slice(20), '\n%%EOF\n'));
    expect(verdict).toEqual({ infected: true, signature: EICAR_SIGNATURE });
    expect(await scanWithClamd(at(), streamed(head, 'nothing here', '\n%%EOF\n'))).toEqual({ infected: false });
  });

  it('fails as an error when clamd answers ERROR, even while the client is still sending', async () => {
    clamd.setMode('error');
    const error = await scanWithClamd({ ...at(), chunkBytes: 64 }, Buffer.alloc(64 * 1024, 0x41)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ScannerUnavailableError);
    expect(error).toMatchObject({ failure: 'error', message: 'clamd answered: INSTREAM size limit exceeded. ERROR' });
  });

  it('fails as unreachable when the connection is refused', async () => {
    await clamd.stop();
    const error = await scanWithClamd(at(), minimalPdf()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ScannerUnavailableError);
    expect(error).toMatchObject({ failure: 'unreachable' });
  });

  it('fails as a timeout when clamd does not answer within timeoutMs (fake clock)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    clamd.setMode('hold');
    const ended = clamd.streamEnded();
    const scanning = scanWithClamd({ ...at(), timeoutMs: 5_000 }, minimalPdf()).catch((e: unknown) => e);
    await ended;
    // Just short of the limit: still waiting.
    vi.advanceTimersByTime(4_999);
    let settled = false;
    void scanning.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    vi.advanceTimersByTime(1);
    const error = await scanning;
    expect(error).toBeInstanceOf(ScannerUnavailableError);
    expect(error).toMatchObject({ failure: 'timeout' });
    clamd.release();
  });

  it('answers as soon as a held answer is released within the time', async () => {
    clamd.setMode('hold');
    const ended = clamd.streamEnded();
    const scanning = scanWithClamd(at(), minimalPdf(EICAR));
    await ended;
    clamd.release();
    expect(await scanning).toEqual({ infected: true, signature: EICAR_SIGNATURE });
  });
});

describe('verdictOf and clamdAddressOf', () => {
  it('reads the answers clamd gives', () => {
    expect(verdictOf('stream: OK\0')).toEqual({ infected: false });
    expect(verdictOf('stream: Win.Test.EICAR_HDB-1 FOUND\0')).toEqual({ infected: true, signature: 'Win.Test.EICAR_HDB-1' });
    expect(() => verdictOf('stream: Can\'t allocate memory ERROR\0')).toThrow(ScannerUnavailableError);
    expect(() => verdictOf('')).toThrow(/nothing/);
  });

  it('reads CLAMD_URL as tcp://host:port (3310 by default) and nothing else', () => {
    expect(clamdAddressOf('tcp://clamav:3310')).toEqual({ host: 'clamav', port: 3310 });
    expect(clamdAddressOf('tcp://10.0.0.5')).toEqual({ host: '10.0.0.5', port: 3310 });
    expect(clamdAddressOf('tcp://[::1]:3311')).toEqual({ host: '::1', port: 3311 });
    expect(clamdAddressOf('http://clamav:3310')).toBeNull();
    expect(clamdAddressOf('clamav:3310')).toBeNull();
    expect(clamdAddressOf('tcp://clamav:3310/scan')).toBeNull();
  });
});
