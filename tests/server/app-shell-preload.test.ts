import { describe, expect, it } from 'vitest';
import { preloadLinks, type Manifest } from '../../server/routes/app-shell/preload.js';

// The shape vite writes (build.manifest) for the app: the entry (with the layout and the form host,
// vite.config.ts) and its static imports, lazy chunks.
const MANIFEST: Manifest = {
  'index.html': { file: 'assets/index-1.js', src: 'index.html', isEntry: true, imports: ['_react-1.js'], css: ['assets/index-1.css'] },
  '_react-1.js': { file: 'assets/react-1.js' },
  '_shared-1.js': { file: 'assets/shared-1.js', imports: ['_react-1.js', 'index.html'] },
  'pages/NotFoundPage.tsx': { file: 'assets/NotFoundPage-1.js', src: 'pages/NotFoundPage.tsx', imports: ['_shared-1.js', 'index.html'], css: ['assets/NotFoundPage-1.css'] },
  '../../themes/base.css': { file: 'assets/base-1.css', src: '../../themes/base.css' },
  '../../themes/default/theme.css': { file: 'assets/theme-d.css', src: '../../themes/default/theme.css' },
  '../../themes/ftc/theme.css': { file: 'assets/theme-f.css', src: '../../themes/ftc/theme.css' },
};

const hrefs = (html: string, rel: string) => [...html.matchAll(new RegExp(`<link rel="${rel}"[^>]* href="([^"]+)"`, 'g'))].map((m) => m[1]);

describe('app page preload links', () => {
  it("names a form page's theme stylesheets in load order, and no chunk: its code is the entry's", () => {
    const html = preloadLinks(MANIFEST, 'form', 'default', '/app/dist/');
    expect(hrefs(html, 'modulepreload')).toEqual([]);
    expect(hrefs(html, 'stylesheet')).toEqual(['/app/dist/assets/base-1.css', '/app/dist/assets/theme-d.css']);
  });

  it('names the page chunks with their imports, not those of the entry; follows the page kind and the theme; unknown chunks are skipped', () => {
    const html = preloadLinks(MANIFEST, 'notFound', 'ftc', '/app/dist/');
    expect(hrefs(html, 'modulepreload')).toEqual(['/app/dist/assets/shared-1.js', '/app/dist/assets/NotFoundPage-1.js']);
    expect(hrefs(html, 'stylesheet')).toEqual(['/app/dist/assets/NotFoundPage-1.css', '/app/dist/assets/base-1.css', '/app/dist/assets/theme-f.css']);
    expect(hrefs(preloadLinks(MANIFEST, 'error', 'default', '/app/dist/'), 'modulepreload')).toEqual([]);
  });
});
