/** Localized copy with inline HTML: the simple inline tags drawn as elements, anything more sanitised by DOMPurify, loaded only then. */
import { render, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { withCulture } from '../../../runtime/core/i18n/culture';
import { InlineCopy, simpleCopy } from '../../../runtime/widgets/inline-copy';
import { SiteLinkContext } from '../../../runtime/widgets/site-links';

const drawn = (html: string) => render(<InlineCopy as="p" className="copy" html={html} />).container.querySelector('p.copy');

describe('localized copy with inline HTML', () => {
  it('draws text, entities and the simple tags as elements, synchronously', () => {
    expect(drawn('Plain text, no markup')?.innerHTML).toBe('Plain text, no markup');
    expect(drawn('<em lang="es">Hola</em>, <b>bold</b> <i>it</i> <u>u</u> <small>s</small> <abbr title="Vehicle Identification Number">VIN</abbr> <span lang="en">x</span>')?.innerHTML).toBe(
      '<em lang="es">Hola</em>, <b>bold</b> <i>it</i> <u>u</u> <small>s</small> <abbr title="Vehicle Identification Number">VIN</abbr> <span lang="en">x</span>',
    );
    expect(drawn('<a href="https://example.com/faq?a=1&amp;b=2" title="FAQ">FAQ</a> <a href="tel:+18005550199">call</a> <a href="/resume">resume</a>')?.innerHTML).toBe(
      '<a href="https://example.com/faq?a=1&amp;b=2" title="FAQ">FAQ</a> <a href="tel:+18005550199">call</a> <a href="/resume">resume</a>',
    );
  });

  it('leaves to the sanitiser what is not simple: other tags, other attributes, unsafe links, stray "<" and "&", unbalanced tags', () => {
    for (const html of [
      '<img src="x" onerror="alert(1)">',
      '<strong onclick="alert(1)">x</strong>',
      '<a href="javascript:alert(1)">x</a>',
      '<a href="java&#x09;script:alert(1)">x</a>',
      '<a href=" JAVASCRIPT:alert(1)">x</a>',
      '<a href="data:text/html,<b>">x</a>',
      '<a href="https://example.com" target="_top">x</a>',
      '<a>no address</a>',
      '<strong>open',
      'closed</strong>',
      '<strong><em>crossed</strong></em>',
      'a < b',
      'fish & chips',
      '<svg><script>alert(1)</script></svg>',
    ]) {
      expect(simpleCopy(html), html).toBeNull();
    }
  });

  it('sanitises the rest once DOMPurify has loaded, showing nothing of it before', async () => {
    const p = drawn('<a href="javascript:alert(1)">x</a><img src="x" onerror="alert(1)"><strong onclick="alert(1)">bold</strong>');
    expect(p?.innerHTML).toBe('');
    await waitFor(() => expect(p?.innerHTML).toBe('<a>x</a><img src="x"><strong>bold</strong>'));
  });

  it('writes links within the site as the app asks (the culture in use), and leaves links to other sites as written', async () => {
    const inSpanish = (html: string) =>
      render(
        <SiteLinkContext.Provider value={(path) => withCulture(path, 'es')}>
          <InlineCopy as="p" className="copy" html={html} />
        </SiteLinkContext.Provider>,
      ).container.querySelector('p.copy');
    expect(inSpanish('vuelva a la <a href="/">página de inicio</a> o <a href="/vinlookup#vin">busque su VIN</a>')?.innerHTML).toBe(
      'vuelva a la <a href="/?culture=es">página de inicio</a> o <a href="/vinlookup?culture=es#vin">busque su VIN</a>',
    );
    expect(inSpanish('<a href="https://example.com/">x</a> <a href="//example.com/">y</a> <a href="mailto:a@example.com">z</a>')?.innerHTML).toBe(
      '<a href="https://example.com/">x</a> <a href="//example.com/">y</a> <a href="mailto:a@example.com">z</a>',
    );
    // Copy the sanitiser draws too.
    const sanitized = inSpanish('<a href="/status">estado</a><img src="x" onerror="alert(1)">');
    await waitFor(() => expect(sanitized?.innerHTML).toBe('<a href="/status?culture=es">estado</a><img src="x">'));
    // Without a provider (a widget alone), as written.
    expect(drawn('<a href="/">home</a>')?.innerHTML).toBe('<a href="/">home</a>');
  });
});
