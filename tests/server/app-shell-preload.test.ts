import { describe, expect, it } from 'vitest';
import { inlinableCss, pageAssets, preloadLinks, type Manifest } from '../../server/routes/app-shell/preload.js';
import { withAsyncModule, withEntryStylesInline, withLowPriority, withoutEntryTags } from '../../server/routes/app-shell/index.js';

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

  it('puts the stylesheets it can read into the page, each named by a disabled link the browser does not fetch', () => {
    const css: Record<string, string> = { 'assets/NotFoundPage-1.css': '.cf-app{color:red}', 'assets/base-1.css': 'a{background:url("data:image/svg+xml,%3csvg fill=\'url(%23g)\'/%3e")}' };
    const { styles, scripts } = pageAssets(MANIFEST, 'notFound', 'default', '/app/dist/', (file) => css[file] ?? null);
    expect(styles.split('\n')).toEqual([
      '<style>.cf-app{color:red}</style>',
      '<link rel="stylesheet" href="/app/dist/assets/NotFoundPage-1.css" disabled>',
      `<style>${css['assets/base-1.css']}</style>`,
      '<link rel="stylesheet" href="/app/dist/assets/base-1.css" disabled>',
      // Not readable: linked, as before, in its place in the order.
      '<link rel="stylesheet" href="/app/dist/assets/theme-d.css">',
    ]);
    expect(hrefs(scripts, 'modulepreload')).toEqual(['/app/dist/assets/shared-1.js', '/app/dist/assets/NotFoundPage-1.js']);
  });

  it("puts the entry's own stylesheet, which vite links in the head, into the page the same way", () => {
    const html = '<html><head>\n<link rel="stylesheet" crossorigin href="/app/dist/assets/index-1.css">\n<link rel="stylesheet" href="/app/dist/assets/gone-1.css">\n</head><body><div id="root"></div></body></html>';
    const page = withEntryStylesInline(html, '/app/dist/', (file) => (file === 'assets/index-1.css' ? '.cf-layout{margin:0}' : null));
    expect(page).toBe('<html><head>\n<style>.cf-layout{margin:0}</style>\n<link rel="stylesheet" crossorigin href="/app/dist/assets/index-1.css" disabled>\n<link rel="stylesheet" href="/app/dist/assets/gone-1.css">\n</head><body><div id="root"></div></body></html>');
  });

  it('links a stylesheet whose addresses are relative (they would mean another file from the page), and keeps inline text inside its element', () => {
    expect(inlinableCss('a{background:url(banner.svg)}')).toBeNull();
    expect(inlinableCss("a{background:url('./banner.svg')}")).toBeNull();
    expect(inlinableCss('a{background:url(/app/dist/assets/banner-1.svg)}')).toBe('a{background:url(/app/dist/assets/banner-1.svg)}');
    expect(inlinableCss('a::after{content:"</style><script>"}')).toBe('a::after{content:"<\\/style><script>"}');
  });
});

describe('the entry\'s tags', () => {
  it('move from the head to after the page\'s root', () => {
    const html = '<html><head>\n<title>App</title>\n    <script type="module" crossorigin src="/app/dist/assets/index-1.js"></script>\n    <link rel="modulepreload" crossorigin href="/app/dist/assets/react-1.js">\n<link rel="icon" href="data:,">\n</head><body><div id="root"></div></body></html>';
    const { page, entryTags } = withoutEntryTags(html);
    expect(entryTags).toEqual(['<script type="module" crossorigin src="/app/dist/assets/index-1.js"></script>', '<link rel="modulepreload" crossorigin href="/app/dist/assets/react-1.js">']);
    expect(page).toBe('<html><head>\n<title>App</title>\n<link rel="icon" href="data:,">\n</head><body><div id="root"></div></body></html>');
    expect(withoutEntryTags('<html><head><script type="module" src="/a.js"></script></head><body></body></html>').entryTags).toEqual([]);
  });

  it('are fetched at low priority, module scripts and modulepreloads alike; a priority already named stays', () => {
    expect(withLowPriority('<script type="module" crossorigin src="/app/dist/assets/index-1.js"></script>')).toBe('<script type="module" fetchpriority="low" crossorigin src="/app/dist/assets/index-1.js"></script>');
    expect(withLowPriority('<link rel="modulepreload" crossorigin href="/app/dist/assets/react-1.js">')).toBe('<link rel="modulepreload" fetchpriority="low" crossorigin href="/app/dist/assets/react-1.js">');
    expect(withLowPriority('<link rel="modulepreload" fetchpriority="high" href="/a.js">')).toBe('<link rel="modulepreload" fetchpriority="high" href="/a.js">');
    expect(withLowPriority('<link rel="stylesheet" href="/a.css">')).toBe('<link rel="stylesheet" href="/a.css">');
  });

  it('run as an async module script, in a task of their own rather than the parse\'s last; modulepreloads stay as they are', () => {
    expect(withAsyncModule(withLowPriority('<script type="module" crossorigin src="/app/dist/assets/index-1.js"></script>'))).toBe(
      '<script type="module" async fetchpriority="low" crossorigin src="/app/dist/assets/index-1.js"></script>',
    );
    expect(withAsyncModule('<script type="module" async src="/a.js"></script>')).toBe('<script type="module" async src="/a.js"></script>');
    expect(withAsyncModule('<link rel="modulepreload" crossorigin href="/app/dist/assets/react-1.js">')).toBe('<link rel="modulepreload" crossorigin href="/app/dist/assets/react-1.js">');
  });
});
