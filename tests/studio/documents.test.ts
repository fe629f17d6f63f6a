import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { createTranslate } from '../../runtime/app/translate';
import { deadlinesOf, flowIn, modelConfigsOf, settingsOf, siteOf, textsOf } from '../../studio/app/documents';
import { canRedo, canUndo, current, record, redo, startHistory, undo } from '../../studio/app/history';

describe('the working documents, as the preview and the editors read them', () => {
  it("reads deadlines.json as the app does, so that a text naming a deadline date shows the date in the preview and the walk, not its key", () => {
    const sample: unknown = JSON.parse(readFileSync(new URL('../../server-fixtures/deadlines.json', import.meta.url), 'utf8'));
    const key = 'LocKey_Deadline_ClaimFilingDeadline_FullDateZone';
    expect(createTranslate('en', {}, deadlinesOf(sample, undefined))(key)).toBe('Wednesday, June 30, 2027 at 11:59 PM PDT');
    expect(createTranslate('es', {}, deadlinesOf(undefined, sample))(key)).toMatch(/^miércoles, 30 de junio de 2027/);
    // A file mid-edit (an unknown zone, a member still missing) names no date: the checker says what is wrong.
    expect(deadlinesOf({ timeZone: 'Mars', deadlines: { claimFilingDeadline: { deadlineDateTime: '2027-06-30T23:59:59', redirectUrl: null } } }, undefined)).toEqual({});
    expect(deadlinesOf({ timeZone: 'Pacific' }, undefined)).toEqual({});
  });

  it('draws the chrome from the parts of site.json that have their shape, a part still being written taking its default', () => {
    const site = siteOf({
      logo: { altKey: 'LocKey_Site_LogoAlt' },
      header: [{ labelKey: 'LocKey_Nav_Home', url: '{0}/' }, { labelKey: 'LocKey_Nav_File' }],
      banner: { enabled: true, headerKey: 'LocKey_Banner_Header', line1Key: 'LocKey_Banner_Line1', line2Key: 'LocKey_Banner_Line2' },
    });
    expect(site).toEqual({
      header: [{ labelKey: 'LocKey_Nav_Home', url: '{0}/' }],
      banner: { enabled: true, headerKey: 'LocKey_Banner_Header', line1Key: 'LocKey_Banner_Line1', line2Key: 'LocKey_Banner_Line2' },
    });
    expect(siteOf(undefined)).toBeUndefined();
  });

  it("takes settings.json's members of the app settings that have their type", () => {
    expect(settingsOf({ analyticsTagId: 'G-1', captchaEnabled: 'yes', client: { minSessionDuration: 20 }, internationalAddresses: true, fraud: {} })).toEqual({
      analyticsTagId: 'G-1',
      client: { minSessionDuration: 20 },
      internationalAddresses: true,
    });
  });

  it('reads a flow only when it has its form type and pages, and the model configs that name their form, model and fields', () => {
    const flow = { formType: 'Automotive', pages: [] };
    expect(flowIn({ 'flows/a.json': flow, 'flows/b.json': { pages: [] } }, 'flows/a.json')).toBe(flow);
    expect(flowIn({ 'flows/b.json': { pages: [] } }, 'flows/b.json')).toBeUndefined();
    const model = { metadataHash: 'h', metadata: { formType: 'Automotive', dtoMapping: 'ClaimantInfo' }, fields: {} };
    expect(modelConfigsOf({ models: [model, { metadata: { formType: 'Automotive' }, fields: {} }] })).toEqual([model]);
  });

  it("gives a locale file's texts, the file itself when every value is a text", () => {
    const locale = { $schema: '../schema.json', LocKey_A: 'A' };
    expect(textsOf(locale)).toBe(locale);
    expect(textsOf({ LocKey_A: 'A', LocKey_B: 2 })).toEqual({ LocKey_A: 'A' });
  });
});

describe('undo and redo', () => {
  it('steps back and forth over the recorded states, and a new edit drops what redo would have reached', () => {
    const first = { n: 1 };
    const second = { n: 2 };
    const third = { n: 3 };
    let history = record(record(startHistory(first), second), third);
    expect(canRedo(history)).toBe(false);
    history = undo(undo(history));
    expect(current(history)).toBe(first);
    expect(canUndo(history)).toBe(false);
    expect(undo(history)).toBe(history);
    history = redo(history);
    expect(current(history)).toBe(second);
    history = record(history, { n: 4 });
    expect(canRedo(history)).toBe(false);
    expect(current(undo(history))).toBe(second);
  });
});
