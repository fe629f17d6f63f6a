import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { USER_MESSAGES } from '../../../runtime/core/errors';
import { localizedCopyProblems } from '../../../runtime/core/i18n';
import { RULE_MESSAGES } from '../../../runtime/core/rules/messages';

const load = (culture: string) => {
  const { $schema: _schema, ...texts } = JSON.parse(readFileSync(new URL(`../../../locales/${culture}.json`, import.meta.url), 'utf8')) as Record<string, string>;
  return texts;
};
const en = load('en');
const es = load('es');

describe('locale files', () => {
  it('have identical key sets', () => {
    expect(Object.keys(es).sort()).toEqual(Object.keys(en).sort());
  });

  it('pass the localized-copy check', () => {
    expect(localizedCopyProblems(en)).toEqual([]);
    expect(localizedCopyProblems(es)).toEqual([]);
  });

  it('carry every rule message in both languages', () => {
    for (const [key, text] of Object.entries(RULE_MESSAGES)) {
      expect(en[key], key).toBe(text.en);
      expect(es[key], key).toBe(text.es);
    }
  });

  it('carry the user-facing messages of spec §8 word for word', () => {
    for (const message of Object.values(USER_MESSAGES)) expect(en[message.key]).toBe(message.en);
    expect(en.LocKey_Error_Generic).toBe(
      'A problem has occured during your submission. Please try again. If this problem persists, please contact the Settlement Administrator using the information below.',
    );
  });

  it('have the app chrome with its placeholders', () => {
    expect(en.LocKey_Progress_Step).toBe('Step {0} of {1}');
    expect(es.LocKey_Progress_Step).toBe('Paso {0} de {1}');
    expect(en.LocKey_Footer_Phone).toContain('{0}');
    expect(es.LocKey_Footer_Copyright).toContain('{0}');
    expect(es.LocKey_Confirmation_Text).toContain('{0}');
  });

  it('are translated: Spanish equals English only for names, numbers and symbols', () => {
    const same = Object.keys(en).filter((k) => en[k] === es[k]);
    expect(same.sort()).toEqual([
      'LocKey_ClaimantInfo_PhonePlaceholder',
      'LocKey_Common_CurrencySymbol',
      'LocKey_Common_No',
      'LocKey_Credentials_Pin',
      'LocKey_Footer_EmailAddress',
      'LocKey_Footer_MailingAddressLine2',
      'LocKey_Footer_MailingAddressLine3',
      'LocKey_Footer_PhoneNumber',
      'LocKey_Language_English',
      'LocKey_Language_Spanish',
    ]);
  });
});
