import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BLOCK_KINDS, keyArea, moveItem, newBlock, newPage, pageIdProblem, withoutPage, withPage, type FlowValue, type ModelsValue } from '../../studio/app/structure';
import { ROOT } from './settlement-copy';

const read = <T>(file: string) => JSON.parse(readFileSync(path.join(ROOT, file), 'utf8')) as T;
const automotive = read<FlowValue>('flows/automotive.json');
const lookup = read<FlowValue>('flows/lookup.json');
const models = read<ModelsValue>('server-fixtures/models.json');

describe('the shape of a flow as the studio changes it', () => {
  it('makes a new page beside the page it follows, with a title key of its own shown by a heading', () => {
    expect(keyArea('vehicle-use')).toBe('VehicleUse');
    const page = newPage(automotive, 2, 'vehicle-use');
    expect(page).toEqual({
      id: 'vehicle-use',
      path: '/automotive/vehicle-use',
      titleKey: 'LocKey_VehicleUse_Title',
      requiresAuthorization: true,
      sessionTimeout: true,
      action: 'next',
      blocks: [{ block: 'header', element: 'h1', textKey: 'LocKey_VehicleUse_Title' }],
    });
    // After a form's first page (/automotive), a new page goes under it.
    expect(newPage(automotive, 0, 'more').path).toBe('/automotive/more');
    const added = withPage(automotive, 3, page);
    expect(added.pages.map((p) => p.id).slice(2, 5)).toEqual(['eligibility', 'vehicle-use', 'repairs']);
    expect(automotive.pages[3]!.id).toBe('repairs');
    expect(withoutPage(added, 3)).toEqual(automotive);
  });

  it('refuses a page id of the wrong shape or one a page of any flow has', () => {
    expect(pageIdProblem('Vehicle use', [automotive, lookup])).toBe('pattern');
    expect(pageIdProblem(lookup.pages[0]?.id ?? '', [automotive, lookup])).toBe('taken');
    expect(pageIdProblem('vehicle-use', [automotive, lookup])).toBeUndefined();
  });

  it('moves an item and leaves the list it was given as it was', () => {
    const list = ['a', 'b', 'c'];
    expect(moveItem(list, 0, 2)).toEqual(['b', 'c', 'a']);
    expect(moveItem(list, 2, 1)).toEqual(['a', 'c', 'b']);
    expect(list).toEqual(['a', 'b', 'c']);
  });

  it('makes each kind of block on the flow\'s first model and its first field, with keys named after the page', () => {
    const page = automotive.pages[2]!;
    const blocks = Object.fromEntries(BLOCK_KINDS.map((kind) => [kind, newBlock(kind, automotive, page, models)]));
    expect(blocks.header).toEqual({ block: 'header', element: 'h2', textKey: 'LocKey_Eligibility_Heading' });
    expect(blocks.copy).toEqual({ block: 'copy', paragraphs: ['LocKey_Eligibility_Intro'] });
    expect(blocks.model).toEqual({ block: 'model', model: 'Credentials', fields: [{ key: 'vin', widget: 'text', label: 'LocKey_Eligibility_Vin' }] });
    expect(blocks.records).toMatchObject({ model: 'Credentials', displayFields: ['vin'] });
    expect(blocks.summary).toMatchObject({ groups: [{ editPage: 'start', model: 'Credentials', fields: ['vin'] }] });
    expect(blocks.captcha).toEqual({ block: 'captcha' });
  });
});
