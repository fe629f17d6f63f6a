import { describe, expect, it } from 'vitest';
import { defaultCulture, offeredCulture, resolveCulture, withCulture } from '../../../runtime/core/i18n';

describe('resolveCulture (route guard step 1)', () => {
  it('takes the culture from the query first', () => {
    expect(resolveCulture({ query: { culture: 'es' }, path: '/automotive?culture=fr', current: null })).toEqual({ culture: 'es', changed: true });
  });

  it('else from the page address', () => {
    expect(resolveCulture({ query: {}, path: '/automotive?culture=es', current: null })).toEqual({ culture: 'es', changed: true });
    expect(resolveCulture({ path: 'https://claims.example/exclusion/?x=1&culture=es#top' })).toEqual({ culture: 'es', changed: true });
  });

  it("else 'en'", () => {
    expect(resolveCulture({ query: null, path: '/automotive', current: null })).toEqual({ culture: 'en', changed: true });
  });

  it('changes only when the query supplies a different value', () => {
    expect(resolveCulture({ query: { culture: 'es' }, current: 'es' })).toEqual({ culture: 'es', changed: false });
    expect(resolveCulture({ query: {}, path: '/x?culture=en', current: 'es' })).toEqual({ culture: 'es', changed: false });
    expect(resolveCulture({ query: '?culture=en', current: 'es' })).toEqual({ culture: 'en', changed: true });
    expect(resolveCulture({ query: new URLSearchParams('culture=es'), current: 'en' })).toEqual({ culture: 'es', changed: true });
  });

  it('ignores cultures outside the supported list when one is given', () => {
    expect(resolveCulture({ query: { culture: 'fr' }, current: 'es', supported: ['en', 'es'] })).toEqual({ culture: 'es', changed: false });
    expect(resolveCulture({ query: { culture: ['es', 'en'] }, current: null, supported: ['en', 'es'] })).toEqual({ culture: 'es', changed: true });
    expect(resolveCulture({ query: { culture: 'fr' }, path: '/x?culture=fr', current: null, supported: ['en', 'es'] })).toEqual({ culture: 'en', changed: true });
  });

  it('takes a supported culture in any letter case or by its language, as the server does (a link with ?culture=es-US is Spanish)', () => {
    expect(resolveCulture({ query: { culture: 'es-US' }, current: null, supported: ['en', 'es'] })).toEqual({ culture: 'es', changed: true });
    expect(resolveCulture({ query: null, path: '/automotive?culture=ES', current: null, supported: ['en', 'es'] })).toEqual({ culture: 'es', changed: true });
    expect(resolveCulture({ query: { culture: 'es-MX' }, current: 'es', supported: ['en', 'es'] })).toEqual({ culture: 'es', changed: false });
    expect(resolveCulture({ query: { culture: 'fr-CA' }, current: null, supported: ['en', 'es'] })).toEqual({ culture: 'en', changed: true });
    expect(offeredCulture('ES-us', ['en', 'es'])).toBe('es');
    expect(offeredCulture('pt-BR', ['en', 'pt-BR'])).toBe('pt-BR');
    expect(offeredCulture('pt', ['en', 'pt-BR'])).toBeUndefined();
    expect(offeredCulture('  ', ['en'])).toBeUndefined();
  });

  it('falls back to the first supported culture when en is not among them', () => {
    expect(resolveCulture({ query: { culture: 'en' }, path: '/x?culture=en', current: null, supported: ['es'] })).toEqual({ culture: 'es', changed: true });
    expect(resolveCulture({ query: null, path: '/x', current: null, supported: ['fr', 'es'] })).toEqual({ culture: 'fr', changed: true });
    expect(resolveCulture({ query: null, path: '/x', current: null, supported: [] })).toEqual({ culture: 'en', changed: true });
  });
});

describe('a path within the site in the culture in use', () => {
  it('carries the culture in its query, before a fragment, beside what the query holds', () => {
    expect(withCulture('/', 'es')).toBe('/?culture=es');
    expect(withCulture('/vinlookup#how', 'es')).toBe('/vinlookup?culture=es#how');
    expect(withCulture('/status?x=1', 'es')).toBe('/status?x=1&culture=es');
    expect(withCulture('/status?', 'es')).toBe('/status?culture=es');
  });

  it('is left as written in English (what an address naming none resolves to), or when it names a culture itself', () => {
    expect(withCulture('/', 'en')).toBe('/');
    expect(withCulture('/', null)).toBe('/');
    expect(withCulture('/?culture=en', 'es')).toBe('/?culture=en');
  });

  it('the default culture: en, else the first the settlement offers', () => {
    expect(defaultCulture(['es', 'en'])).toBe('en');
    expect(defaultCulture(['es', 'fr'])).toBe('es');
    expect(defaultCulture([])).toBe('en');
  });
});
