import { describe, expect, it } from 'vitest';
import { documentTitle } from '../../../runtime/core/i18n';

describe('documentTitle (WCAG 2.4.2)', () => {
  it('names the page, the form and the settlement, most specific first', () => {
    expect(documentTitle(['Your Contact Information', 'Claim form', 'Example Motors CVT Transmission Settlement'])).toBe(
      'Your Contact Information – Claim form – Example Motors CVT Transmission Settlement',
    );
  });

  it('leaves out a missing form name and empty parts', () => {
    expect(documentTitle(['Page not found', null, undefined, '  ', 'Example Settlement'])).toBe('Page not found – Example Settlement');
  });

  it('says a part that repeats an earlier one once, whatever its case', () => {
    expect(documentTitle(['VIN Lookup', 'VIN lookup', 'Example Settlement'])).toBe('VIN Lookup – Example Settlement');
    expect(documentTitle(['Búsqueda de VIN', 'Búsqueda de VIN', 'Acuerdo'])).toBe('Búsqueda de VIN – Acuerdo');
  });
});
