/**
 * CLAMD_URL as the server reads it, and what its start says about the malware scan: nothing is
 * scanned without it, said plainly, and loudly (a warning) in production.
 */
import { describe, expect, it } from 'vitest';
import { ConfigError, readConfig } from '../../../server/config.js';
import { documentScanningNotice } from '../../../server/main.js';

const SECRETS = { SESSION_SECRET: 's'.repeat(32), PIN_SECRET: 'p'.repeat(32) };

describe('CLAMD_URL', () => {
  it('names clamd as tcp://host:port, port 3310 by default; unset means no scanning', () => {
    expect(readConfig({ ...SECRETS, CLAMD_URL: 'tcp://clamav:3311' }).clamd).toEqual({ host: 'clamav', port: 3311 });
    expect(readConfig({ ...SECRETS, CLAMD_URL: 'tcp://127.0.0.1' }).clamd).toEqual({ host: '127.0.0.1', port: 3310 });
    expect(readConfig({ ...SECRETS }).clamd).toBeNull();
    expect(readConfig({ ...SECRETS, CLAMD_URL: ' ' }).clamd).toBeNull();
  });

  it('stops the start with what to write when it is not tcp://host:port', () => {
    expect(() => readConfig({ ...SECRETS, CLAMD_URL: 'clamav:3310' })).toThrow(ConfigError);
    expect(() => readConfig({ ...SECRETS, CLAMD_URL: 'unix:///run/clamd.sock' })).toThrow(/CLAMD_URL must be tcp:\/\/host:port .* for example tcp:\/\/clamav:3310, got "unix:\/\/\/run\/clamd.sock"/);
  });

  it('makes the start say whether documents are scanned, warning in production when they are not', () => {
    expect(documentScanningNotice({ clamd: { host: 'clamav', port: 3310 }, environment: 'production' })).toEqual({
      level: 'info',
      message: 'documents are scanned for malware by clamd at clamav:3310 before they are accepted',
    });
    expect(documentScanningNotice({ clamd: null, environment: 'development' })).toEqual({ level: 'info', message: 'CLAMD_URL is not set: documents are not scanned for malware' });
    const production = documentScanningNotice({ clamd: null, environment: 'production' });
    expect(production.level).toBe('warn');
    expect(production.message).toMatch(/^CLAMD_URL is not set: uploaded documents are NOT scanned for malware\. Set CLAMD_URL=tcp:\/\/host:3310/);
  });
});
