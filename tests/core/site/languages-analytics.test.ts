import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import settingsSchema from '../../../schemas/settlement/settings.schema.json';
import { ANALYTICS_TAG_PATTERN, analyticsTagIds, gtagScriptUrl } from '../../../runtime/core/site/analytics';
import { gtagConfigScript } from '../../../server/routes/site/index';
import { defaultLanguages, languageLabelKey } from '../../../runtime/core/site/languages';

describe('defaultLanguages (site.json lists none)', () => {
  it('offers every culture with a locale file: English and Spanish first by their labels, any other by LocKey_Language_<culture>', () => {
    expect(defaultLanguages(['es', 'en'])).toEqual([
      { culture: 'en', labelKey: 'LocKey_Language_English' },
      { culture: 'es', labelKey: 'LocKey_Language_Spanish' },
    ]);
    expect(defaultLanguages(['pt-BR', 'es', 'fr'])).toEqual([
      { culture: 'es', labelKey: 'LocKey_Language_Spanish' },
      { culture: 'fr', labelKey: 'LocKey_Language_fr' },
      { culture: 'pt-BR', labelKey: 'LocKey_Language_pt_BR' },
    ]);
    expect(languageLabelKey('pt-BR')).toBe('LocKey_Language_pt_BR');
  });
});

describe('analytics tags', () => {
  it('are off without an id; the ids configured are the first then the second', () => {
    expect(analyticsTagIds({ analyticsTagId: null, analyticsTagId2: null })).toEqual([]);
    expect(analyticsTagIds({ analyticsTagId: null, analyticsTagId2: 'G-AB12CD34EF' })).toEqual(['G-AB12CD34EF']);
    expect(analyticsTagIds({ analyticsTagId: 'G-AB12CD34EF', analyticsTagId2: 'UA-12345678-1' })).toEqual(['G-AB12CD34EF', 'UA-12345678-1']);
  });

  it('configure each id after the data layer, and load the tag script of an id', () => {
    expect(gtagConfigScript(['G-AB12CD34EF']).split('\n')).toEqual([
      'window.dataLayer=window.dataLayer||[];',
      'function gtag(){window.dataLayer.push(arguments);}',
      "gtag('js',new Date());",
      'gtag(\'config\',"G-AB12CD34EF");',
      '',
    ]);
    expect(gtagScriptUrl('G-AB12CD34EF')).toBe('https://www.googletagmanager.com/gtag/js?id=G-AB12CD34EF');
  });

  it("are Google tag ids, the settings schema's pattern for both", () => {
    const props = (settingsSchema as { properties: Record<string, { pattern?: string }> }).properties;
    expect(props.analyticsTagId!.pattern).toBe(ANALYTICS_TAG_PATTERN);
    expect(props.analyticsTagId2!.pattern).toBe(ANALYTICS_TAG_PATTERN);
    const valid = new Ajv().compile({ type: 'string', pattern: ANALYTICS_TAG_PATTERN });
    for (const id of ['G-AB12CD34EF', 'UA-12345678-1', 'AW-123456789']) expect(valid(id), id).toBe(true);
    for (const id of ['', 'GTM-ABC123', 'G-ab12', 'UA-1234', 'G-AB12CD34EF"</script>', 'AW-12']) expect(valid(id), id).toBe(false);
  });
});
