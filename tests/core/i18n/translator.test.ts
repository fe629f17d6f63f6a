import { describe, expect, it } from 'vitest';
import { createTranslator, formatTemplate } from '../../../runtime/core/i18n';

describe('createTranslator', () => {
  const make = () =>
    createTranslator({
      dictionaries: {
        en: { LocKey_Progress_Step: 'Step {0} of {1}', LocKey_Braces: 'Keep {{this}} and {2}' },
        es: { LocKey_Progress_Step: 'Paso {0} de {1}' },
      },
    });

  it('fills numbered placeholders', () => {
    expect(make().t('LocKey_Progress_Step', 2, 5)).toBe('Step 2 of 5');
  });

  it('shows the key itself when it is missing', () => {
    const t = make();
    expect(t.t('LocKey_Nowhere')).toBe('LocKey_Nowhere');
    expect(t.lookup('LocKey_Nowhere')).toBeUndefined();
  });

  it('leaves unknown placeholders as written', () => {
    expect(make().t('LocKey_Braces', 'x')).toBe('Keep {{this}} and {2}');
    expect(formatTemplate('{0}{1}', 'a')).toBe('a{1}');
  });

  it('starts in en and switches culture', () => {
    const t = make();
    expect(t.culture()).toBe('en');
    t.setCulture('es');
    expect(t.t('LocKey_Progress_Step', 1, 3)).toBe('Paso 1 de 3');
    expect(t.has('LocKey_Braces')).toBe(false);
    expect(t.has('LocKey_Braces', 'en')).toBe(true);
  });

  it('extends a culture with dynamic keys', () => {
    const t = make();
    t.extend('en', { LocKey_Deadline_X: '06/30/2027' });
    expect(t.t('LocKey_Deadline_X')).toBe('06/30/2027');
    expect(t.t('LocKey_Progress_Step', 1, 2)).toBe('Step 1 of 2');
  });
});
