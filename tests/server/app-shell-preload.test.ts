import { describe, expect, it } from 'vitest';
import { preloadLinks, type Manifest } from '../../server/routes/app-shell/preload.js';

// The shape vite writes (build.manifest) for the app: the entry, its static imports, lazy chunks.
const MANIFEST: Manifest = {
  'index.html': { file: 'assets/index-1.js', src: 'index.html', isEntry: true, imports: ['_react-1.js'] },
  '_react-1.js': { file: 'assets/react-1.js' },
  '_shared-1.js': { file: 'assets/shared-1.js', imports: ['_react-1.js', 'index.html'] },
  'layouts/Layout.tsx': { file: 'assets/Layout-1.js', src: 'layouts/Layout.tsx', imports: ['_react-1.js', '_shared-1.js', 'index.html'], css: ['assets/Layout-1.css'] },
  'forms/FormHost.tsx': { file: 'assets/FormHost-1.js', src: 'forms/FormHost.tsx', imports: ['_shared-1.js', 'index.html'] },
  'pages/NotFoundPage.tsx': { file: 'assets/NotFoundPage-1.js', src: 'pages/NotFoundPage.tsx', imports: ['index.html'] },
  '../../themes/base.css': { file: 'assets/base-1.css', src: '../../themes/base.css' },
  '../../themes/default/theme.css': { file: 'assets/theme-d.css', src: '../../themes/default/theme.css' },
  '../../themes/ftc/theme.css': { file: 'assets/theme-f.css', src: '../../themes/ftc/theme.css' },
};

const hrefs = (html: string, rel: string) => [...html.matchAll(new RegExp(`<link rel="${rel}"[^>]* href="([^"]+)"`, 'g'))].map((m) => m[1]);

describe('app page preload links', () => {
  it('names the form page chunks with their imports, not those of the entry, and the stylesheets in load order', () => {
    const html = preloadLinks(MANIFEST, 'form', 'default', '/app/dist/');
    expect(hrefs(html, 'modulepreload')).toEqual(['/app/dist/assets/shared-1.js', '/app/dist/assets/Layout-1.js', '/app/dist/assets/FormHost-1.js']);
    expect(hrefs(html, 'stylesheet')).toEqual(['/app/dist/assets/Layout-1.css', '/app/dist/assets/base-1.css', '/app/dist/assets/theme-d.css']);
  });

  it('follows the page kind and the theme; unknown chunks are skipped', () => {
    const html = preloadLinks(MANIFEST, 'notFound', 'ftc', '/app/dist/');
    expect(hrefs(html, 'modulepreload')).toEqual(['/app/dist/assets/shared-1.js', '/app/dist/assets/Layout-1.js', '/app/dist/assets/NotFoundPage-1.js']);
    expect(hrefs(html, 'stylesheet')).toEqual(['/app/dist/assets/Layout-1.css', '/app/dist/assets/base-1.css', '/app/dist/assets/theme-f.css']);
    expect(hrefs(preloadLinks(MANIFEST, 'error', 'default', '/app/dist/'), 'modulepreload')).toEqual(['/app/dist/assets/shared-1.js', '/app/dist/assets/Layout-1.js']);
  });
});
