/**
 * The server over a settlement folder that extends another (tests/settlements/second extends the
 * sample, and holds only what differs): its texts, settings and flows are the merged ones, its
 * class list its own; and a folder whose settlement.json is wrong stops the start naming it.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadSettlement, SettlementError } from '../../server/settlement/load.js';
import { DIALECTS, ROOT, serverOver } from './helper.js';

const SECOND = path.join(ROOT, 'tests', 'settlements', 'second');
const sampleText = (culture: string, key: string) => (JSON.parse(readFileSync(path.join(ROOT, 'locales', `${culture}.json`), 'utf8')) as Record<string, string>)[key];

describe.each(DIALECTS)('a settlement that extends the sample, over %s', (dialect) => {
  const server = serverOver(dialect, { settlementDir: SECOND });

  it('serves the texts it patches and those it inherits', async () => {
    const items = (await server.http('/api/culture/content?culture=en')).json<Array<{ key: string; value: string }>>();
    const text = new Map(items.map((i) => [i.key, i.value]));
    expect(text.get('LocKey_Site_Title')).toBe('Example Motors Hybrid Battery Rebate Settlement');
    expect(text.get('LocKey_Site_SkipToContent')).toBe(sampleText('en', 'LocKey_Site_SkipToContent'));
  });

  it('runs with its merged settings and its own flows', async () => {
    // settings.json patches the sample's: a session of 20 minutes, and the sample's duplicate policy deleted (the defaults: mark).
    expect(server.app.settlement.settings.client.minSessionDuration).toBe(20);
    expect(server.app.settlement.settings.duplicates.noticeId).toEqual({ sameForm: 'mark', otherForm: 'mark' });
    expect(server.app.settlement.settings.theme).toBe('default');
    expect(server.app.settlement.flows.map((f) => f.flow.formType).sort()).toEqual(['Automotive', 'Exclusion', 'Lookup']);
  });
});

describe('loadSettlement of a folder whose settlement.json is wrong', () => {
  const made: string[] = [];
  afterAll(() => {
    for (const dir of made) rmSync(dir, { recursive: true, force: true });
  });

  it('names settlement.json and /extends for a folder extended that is not there', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'claims-extends-'));
    made.push(dir);
    writeFileSync(path.join(dir, 'settlement.json'), '{\n  "extends": "../no-such-settlement"\n}\n');
    let error: unknown;
    try {
      loadSettlement(dir);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(SettlementError);
    expect(error instanceof SettlementError ? error.problems : []).toContainEqual(expect.objectContaining({ file: 'settlement.json', pointer: '/extends', line: 2 }));
  });
});
