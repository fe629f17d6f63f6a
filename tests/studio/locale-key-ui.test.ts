import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { RJSFSchema } from '@rjsf/utils';
import { describe, expect, it } from 'vitest';
import { localeKeyUi } from '../../studio/app/localeKeyUi';
import { ROOT } from './settlement-copy';

const schema = (name: string) => JSON.parse(readFileSync(path.join(ROOT, 'schemas/settlement', `${name}.schema.json`), 'utf8')) as RJSFSchema;
const picker = { 'ui:widget': 'localeKey' };

describe('the locale-key picker in the settlement files\' forms', () => {
  it("gives site.json's key properties the picker, through its links' definitions and their if/then branches", () => {
    const links = { items: { labelKey: picker, altKey: picker } };
    expect(localeKeyUi(schema('site'))).toEqual({
      logo: { altKey: picker },
      header: links,
      contentHeader: links,
      wouldLikeTo: links,
      languages: { items: { labelKey: picker } },
      banner: { headerKey: picker, line1Key: picker, line2Key: picker },
    });
  });

  it('gives none to the files without a locale key (a captcha site key is not one)', () => {
    for (const name of ['settings', 'forms', 'deadlines', 'deadlines.legacy', 'captcha', 'whitelist']) expect(localeKeyUi(schema(name)), name).toBeUndefined();
  });

  it('stops where a definition refers to itself, rather than looping', () => {
    const tree: RJSFSchema = { definitions: { node: { type: 'object', properties: { titleKey: { type: 'string', pattern: '^LocKey_[A-Z]+$' }, children: { type: 'array', items: { $ref: '#/definitions/node' } } } } }, $ref: '#/definitions/node' };
    expect(localeKeyUi(tree)).toEqual({ titleKey: picker });
  });
});
