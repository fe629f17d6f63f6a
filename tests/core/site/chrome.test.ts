import { describe, expect, it } from 'vitest';
import { isLogoImage, linkHref, logoExtension, resolveSiteChrome } from '../../../runtime/core/site/chrome';

const PNG_START = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13];
const bytes = (text: string) => new TextEncoder().encode(text);

describe('resolveSiteChrome', () => {
  it('gives the default chrome, each form link the first page of the settlement\'s form, in the same tab', () => {
    const chrome = resolveSiteChrome(undefined, new Map([['Lookup', '/battery-check'], ['Exclusion', '/opt-out']]));
    expect(chrome.header.slice(-2)).toEqual([
      { labelKey: 'LocKey_Nav_VinLookup', url: '/battery-check', target: '_self' },
      { labelKey: 'LocKey_Nav_ExcludeYourself', url: '/opt-out', target: '_self' },
    ]);
    expect(chrome.logo).toEqual({ src: null, altKey: 'LocKey_Site_LogoAlt' });
    expect(chrome.banner.enabled).toBe(false);
    expect(chrome.languages.map((l) => l.culture)).toEqual(['en', 'es']);
  });

  it('leaves out a link to a form the settlement does not have', () => {
    const chrome = resolveSiteChrome(undefined, new Map([['Automotive', '/rebate']]));
    expect(chrome.header.map((l) => l.labelKey)).toEqual(['LocKey_Nav_Home', 'LocKey_Nav_KeyDates', 'LocKey_Nav_ImportantDocuments', 'LocKey_Nav_Faq', 'LocKey_Nav_FileAClaim']);
  });

  it('takes each part site.json gives, the logo at the address the server serves it from', () => {
    const chrome = resolveSiteChrome(
      { logo: { file: 'logo.webp', altKey: 'LocKey_Brand' }, wouldLikeTo: [], header: [{ labelKey: 'LocKey_A', url: '/a', target: '_self', altKey: 'LocKey_A_Alt' }] },
      new Map(),
      '/site/logo.webp?v=1',
    );
    expect(chrome.logo).toEqual({ src: '/site/logo.webp?v=1', altKey: 'LocKey_Brand' });
    expect(chrome.header).toEqual([{ labelKey: 'LocKey_A', url: '/a', altKey: 'LocKey_A_Alt', target: '_self' }]);
    expect(chrome.wouldLikeTo).toEqual([]);
    expect(chrome.contentHeader).toHaveLength(4);
  });
});

describe('linkHref', () => {
  it('fills {0} with the site root without its trailing slash, and leaves a plain address alone', () => {
    expect(linkHref({ url: '{0}/faq' }, 'https://settlement.example/')).toBe('https://settlement.example/faq');
    expect(linkHref({ url: '{0}/' }, '')).toBe('/');
    expect(linkHref({ url: '/opt-out' }, 'https://settlement.example')).toBe('/opt-out');
  });
});

describe('the logo file', () => {
  it('is svg, png or webp by its name', () => {
    expect(['a.svg', 'b/c.PNG', 'd.webp', 'e.gif', 'f.svg.json', 'svg'].map(logoExtension)).toEqual(['svg', 'png', 'webp', undefined, undefined, undefined]);
  });

  it('is the image its name says by its content', () => {
    expect(isLogoImage('png', Uint8Array.from(PNG_START))).toBe(true);
    expect(isLogoImage('png', bytes('<svg xmlns="http://www.w3.org/2000/svg"></svg>'))).toBe(false);
    expect(isLogoImage('svg', bytes('<?xml version="1.0"?>\n<!-- logo -->\n<svg xmlns="http://www.w3.org/2000/svg"></svg>'))).toBe(true);
    expect(isLogoImage('svg', bytes('<html><body>not a logo</body></html>'))).toBe(false);
    expect(isLogoImage('webp', bytes('RIFF\u0000\u0000\u0000\u0000WEBPVP8 '))).toBe(true);
    expect(isLogoImage('webp', Uint8Array.from(PNG_START))).toBe(false);
  });
});
