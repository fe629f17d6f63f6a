import { describe, expect, it } from 'vitest';
import { loadFlow, loadLocale, loadModelConfigs } from '../../../tooling/flow/validate-schema';
import type { FlowFile } from '../../../runtime/core/types';
import { copy, readJson, shippedFlow, shippedLocales, shippedModels } from './helpers';

const context = () => ({ models: shippedModels(), locales: shippedLocales() });
const FILE = 'flows/automotive.json';

function errorsOf(flow: unknown, file = FILE) {
  const result = loadFlow(flow, file, context());
  expect(result.ok).toBe(false);
  return result.errors;
}

describe('loadFlow', () => {
  it.each(['automotive', 'lookup', 'exclusion'] as const)('accepts the shipped %s flow with every cross-reference', (name) => {
    const result = loadFlow(shippedFlow(name), `flows/${name}.json`, context());
    expect(result.errors).toEqual([]);
    expect(result.ok && result.value.formType).toBeTruthy();
  });

  it('names the file and the JSON pointer of a broken field reference', () => {
    const flow = copy(shippedFlow('automotive'));
    const block = flow.pages[1]!.blocks[2]!;
    if (block.block !== 'model') throw new Error('fixture moved');
    block.fields[0]!.key = 'firstNam';
    const errors = errorsOf(flow);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({
      file: FILE,
      pointer: '/pages/1/blocks/2/fields/0/key',
      message: 'field "firstNam" is not a field of the Automotive model ClaimantInfo',
    });
    expect(errors[0]!.hint).toContain('did you mean "firstName"?');
  });

  it('reports every schema error at once, each with a pointer and a hint', () => {
    const flow = copy(shippedFlow('lookup')) as unknown as Record<string, unknown> & FlowFile;
    flow.version = 2 as 1;
    (flow.pages[0] as unknown as Record<string, unknown>).colour = 'blue';
    flow.pages[0]!.titleKey = 'VIN Lookup';
    const errors = errorsOf(flow, 'flows/lookup.json');
    expect(errors.map((e) => [e.pointer, e.message])).toEqual([
      ['/version', '2 is not allowed here'],
      ['/pages/0/colour', 'unknown property "colour"'],
      ['/pages/0/titleKey', '"VIN Lookup" does not match ^LocKey_[A-Za-z0-9_]+$'],
    ]);
    expect(errors[2]!.hint).toContain('never literal text');
    for (const e of errors) expect(e.file).toBe('flows/lookup.json');
  });

  it('rejects an unknown widget name', () => {
    const flow = copy(shippedFlow('lookup'));
    const block = flow.pages[0]!.blocks[2]!;
    if (block.block !== 'model') throw new Error('fixture moved');
    (block.fields[0] as { widget: string }).widget = 'slider';
    const [error] = errorsOf(flow);
    expect(error).toMatchObject({ pointer: '/pages/0/blocks/2/fields/0/widget', message: '"slider" is not allowed here' });
    expect(error!.hint).toContain('"text"');
  });

  it('rejects a mask missing from the mask registry', () => {
    const flow = copy(shippedFlow('lookup'));
    const block = flow.pages[0]!.blocks[2]!;
    if (block.block !== 'model') throw new Error('fixture moved');
    block.fields[0]!.maskName = 'vinn';
    expect(errorsOf(flow)).toEqual([
      expect.objectContaining({ pointer: '/pages/0/blocks/2/fields/0/maskName', message: 'unknown mask "vinn"' }),
    ]);
  });

  it('rejects a rule type missing from the rule registry', () => {
    const flow = copy(shippedFlow('lookup'));
    const block = flow.pages[0]!.blocks[2]!;
    if (block.block !== 'model') throw new Error('fixture moved');
    block.fields[0]!.validations = [{ type: 'requird' }];
    expect(errorsOf(flow)).toEqual([
      expect.objectContaining({ pointer: '/pages/0/blocks/2/fields/0/validations/0/type', message: 'unknown validation type "requird"' }),
    ]);
  });

  it('rejects a condition naming a field the model does not have', () => {
    const flow = copy(shippedFlow('automotive'));
    flow.pages[4]!.skipWhen = { scope: 'claimDetails.didIncurExpenses', schema: { const: 'true' } };
    expect(errorsOf(flow)).toEqual([
      expect.objectContaining({ pointer: '/pages/4/skipWhen/scope', message: 'scope "didIncurExpenses" is not a field of the Automotive model ClaimDetails' }),
    ]);
  });

  it('rejects a condition keyword outside the supported subset', () => {
    const flow = copy(shippedFlow('automotive')) as FlowFile;
    (flow.pages[4]!.skipWhen as unknown as { schema: Record<string, unknown> }).schema = { minimum: 1 };
    const [error] = errorsOf(flow);
    expect(error).toMatchObject({ pointer: '/pages/4/skipWhen/schema/minimum', message: 'unknown property "minimum"' });
    expect(error!.hint).toContain('const, enum, not, pattern');
  });

  it('rejects a summary editPage that names no page', () => {
    const flow = copy(shippedFlow('automotive'));
    const summary = flow.pages[7]!.blocks[2]!;
    if (summary.block !== 'summary') throw new Error('fixture moved');
    summary.groups[1]!.editPage = 'vehicle';
    expect(errorsOf(flow)).toEqual([
      expect.objectContaining({ pointer: '/pages/7/blocks/2/groups/1/editPage', message: 'editPage "vehicle" is not a page of this flow' }),
    ]);
  });

  it('rejects a localization key missing from a locale file', () => {
    const flow = copy(shippedFlow('lookup'));
    flow.pages[0]!.titleKey = 'LocKey_Lookup_Heading';
    const errors = errorsOf(flow);
    expect(errors.map((e) => e.message)).toEqual([
      'localization key "LocKey_Lookup_Heading" is missing from locales/en.json',
      'localization key "LocKey_Lookup_Heading" is missing from locales/es.json',
    ]);
    expect(errors[0]!.pointer).toBe('/pages/0/titleKey');
  });

  it('needs no locale text for a deadline date key, which the deadlines supply at run time', () => {
    const flow = copy(shippedFlow('lookup'));
    flow.pages[0]!.titleKey = 'LocKey_Deadline_LookupFilingDeadline_LongDate';
    expect(loadFlow(flow, FILE, context()).ok).toBe(true);
    flow.pages[0]!.titleKey = 'LocKey_Deadline_LookupFilingDeadline_Weekday';
    expect(errorsOf(flow).map((e) => e.message)).toEqual([
      'localization key "LocKey_Deadline_LookupFilingDeadline_Weekday" is missing from locales/en.json',
      'localization key "LocKey_Deadline_LookupFilingDeadline_Weekday" is missing from locales/es.json',
    ]);
  });

  it('accepts only the four deadline keys', () => {
    const flow = copy(shippedFlow('lookup')) as unknown as { deadlineKeys: string[] };
    flow.deadlineKeys = ['lookupFilingDeadline', 'lookupDeadline'];
    const [error] = errorsOf(flow);
    expect(error).toMatchObject({ pointer: '/deadlineKeys/1', message: '"lookupDeadline" is not allowed here' });
    expect(error!.hint).toContain('"claimFilingDeadline"');
  });

  it('rejects a model the form type has no config for', () => {
    const flow = copy(shippedFlow('lookup'));
    const block = flow.pages[0]!.blocks[2]!;
    if (block.block !== 'model') throw new Error('fixture moved');
    block.model = 'ClaimantInfo';
    block.fields = [{ key: 'firstName', widget: 'text', label: 'LocKey_ClaimantInfo_FirstName' }];
    expect(errorsOf(flow)).toEqual([
      expect.objectContaining({ pointer: '/pages/0/blocks/2/model', message: 'model "ClaimantInfo" has no model config for the form type Lookup: the server would not store its answers' }),
    ]);
  });

  it('requires a captcha block on pages that authorize, look up or submit', () => {
    const flow = copy(shippedFlow('lookup'));
    flow.pages[0]!.blocks = flow.pages[0]!.blocks.filter((b) => b.block !== 'captcha');
    expect(errorsOf(flow)).toEqual([expect.objectContaining({ pointer: '/pages/0/blocks', message: 'the page "lookup" has the action lookup but no captcha block' })]);
  });

  it('rejects a widget that does not fit the field data type', () => {
    const flow = copy(shippedFlow('automotive'));
    const block = flow.pages[2]!.blocks[2]!;
    if (block.block !== 'model') throw new Error('fixture moved');
    block.fields[1]!.widget = 'checkbox';
    expect(errorsOf(flow)[0]).toMatchObject({ pointer: '/pages/2/blocks/2/fields/1/widget', message: 'the checkbox widget needs a boolean field, but "acquisitionDate" is dateTime' });
  });

  it('checks schema only when no context is given', () => {
    const flow = copy(shippedFlow('lookup'));
    flow.pages[0]!.titleKey = 'LocKey_Nowhere';
    expect(loadFlow(flow, 'x.json').ok).toBe(true);
  });
});

describe('loadModelConfigs and loadLocale', () => {
  it('accept the shipped model configs, as the settlement file and as the API list', () => {
    const file = readJson<{ models: unknown[] }>('server-fixtures/models.json');
    expect(loadModelConfigs(file, 'models.json', { locales: shippedLocales() }).errors).toEqual([]);
    const list = loadModelConfigs(file.models, 'api');
    expect(list.ok && list.value).toHaveLength(11);
  });

  it('reject an unknown rule type and a missing rule parameter, by pointer', () => {
    const file = copy(readJson<{ models: Array<{ fields: Record<string, { validations: Array<Record<string, unknown>> }> }> }>('server-fixtures/models.json'));
    file.models[0]!.fields.vin!.validations.push({ type: 'vinCheck' });
    file.models[1]!.fields.firstName!.validations = [{ type: 'maxLength' }];
    const result = loadModelConfigs(file, 'models.json');
    expect(result.ok).toBe(false);
    expect(result.errors.map((e) => [e.pointer, e.message])).toEqual([['/models/1/fields/firstName/validations/0', 'missing required property "max"']]);
    delete (file.models[1]!.fields.firstName!.validations[0] as Record<string, unknown>).type;
    file.models[1]!.fields.firstName!.validations = [];
    const second = loadModelConfigs(file, 'models.json');
    expect(second.errors.map((e) => [e.pointer, e.message])).toEqual([['/models/0/fields/vin/validations/2/type', 'unknown validation type "vinCheck"']]);
  });

  it('rejects localized copy with a paragraph tag and drops $schema', () => {
    const bad = loadLocale({ LocKey_A_B: '<p>Hi</p>' }, 'locales/xx.json');
    expect(bad.errors).toEqual([expect.objectContaining({ pointer: '/LocKey_A_B', message: 'the text contains a p, li, ul or ol tag' })]);
    const good = loadLocale({ $schema: '../schemas/locale.schema.json', LocKey_A_B: '<strong>Hi</strong>' }, 'x');
    expect(good.ok && good.value).toEqual({ LocKey_A_B: '<strong>Hi</strong>' });
  });
});
