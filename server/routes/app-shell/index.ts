/**
 * The app shell: the built front end under /app/dist/ (vite base), and the app's index.html for
 * every app route of spec §2 — each page path and alias of the settlement's flows plus the fixed
 * non-form routes — and for any unknown non-API path, where the app shows its not-found page
 * (status 404). The app settings are embedded in the page as
 * <script id="app-settings" type="application/json">, not fetched, and so are the answers of the
 * app's startup GETs for the address's culture (<script id="app-bootstrap" type="application/json">,
 * see startupAnswers). The head names the chunks and stylesheets of the address's first page
 * (modulepreload and stylesheet links from vite's manifest, see preload.ts). Start pages, the
 * fixed pages a claimant lands on and the not-found page at an unknown path arrive drawn by the
 * build's prerenderer (prerender.ts), which the app hydrates; a drawn page carries inline only the stylesheet rules its markup may use, the
 * files linked after it (withCriticalStyles). The page is compressed once per culture, kind of
 * page and drawn address (brotli, else gzip) and revalidated by its ETag.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { answerKey, API_PATHS, EARLY_CSRF_GLOBAL, PARTIAL_ANSWERS, STARTUP_ANSWERS_ELEMENT, type StartupAnswers } from '../../../runtime/core/api/client.js';
import { defaultLanguages, FIXED_APP_PATHS, resolveSiteChrome, RESUME_LINK, type SiteChrome } from '../../../runtime/core/site/index.js';
import { propertyOf } from '../../../runtime/core/guards.js';
import { APP_RUNNING_ATTRIBUTE, NOT_TYPED_INPUT_TYPES, PRIMARY_ACTION_ID, type PrerenderedPage } from '../../../runtime/core/site/prerender.js';
import type { AppSettings, FlowFile } from '../../../runtime/core/types.js';
import type { Settlement } from '../../settlement/load.js';
import { analyticsScript, logoPath } from '../site/index.js';
import { gtagScriptUrl } from '../../../runtime/core/site/analytics.js';
import { errorBody } from '../../plugins/app/error-handler.js';
import { httpError } from '../../errors.js';
import { captchaBody, deadlinesBody, whitelistBody } from '../api/index.js';
import { flowsBody } from '../api/forms/flows.js';
import { criticalCss, markupNames } from './critical-css.js';
import { inlinableCss, pageAssets, readManifest, type PageKind } from './preload.js';
import { isResumeLink, loadPrerenderer, prerenderAddress } from './prerender.js';
import { deadlineInstants } from '../../settlement/deadlines.js';
import { firstPagesOnly, keysNamedByCode, keysNamedIn, startPageTexts } from './start-texts.js';
import { isPageRequest } from '../api/route-match.js';

/** The app's routes that no flow declares (spec §2); the checker's links resolve against the same list. */
export const FIXED_APP_ROUTES = [...FIXED_APP_PATHS];

/** What the fixed routes render first; any address no route matches ('/' too) shows not-found. */
const FIXED_PAGE_KINDS: Record<string, PageKind> = {
  '/page-not-found': 'notFound',
  '/error': 'error',
  '/deadline': 'deadline',
  '/session-expired': 'sessionExpired',
  '/resume': 'resume',
  '/status': 'status',
};

/** Every page path and alias of the flows. */
export function flowPagePaths(flows: ReadonlyArray<{ flow: Pick<FlowFile, 'pages'> }>): string[] {
  return flows.flatMap(({ flow }) => flow.pages.flatMap((page) => [page.path, ...(page.aliases ?? [])]));
}

/** The paths answered with the app (200): the flows' pages (as loaded now) and the fixed routes. */
export function appRoutes(flows: ReadonlyArray<{ flow: Pick<FlowFile, 'pages'> }>): Set<string> {
  return new Set([...FIXED_APP_ROUTES, ...flowPagePaths(flows)]);
}

/**
 * The site chrome the page carries: site.json (or the defaults) with each form link made the path
 * of that form's first page, as the flows are now (live preview may replace them).
 */
export function siteChrome(settlement: Pick<Settlement, 'site' | 'logo' | 'flows' | 'locales'>): SiteChrome {
  const forms = new Map(settlement.flows.map(({ flow }) => [flow.formType, flow.pages[0]?.path ?? '/']));
  return resolveSiteChrome(settlement.site, forms, settlement.logo ? logoPath(settlement.logo) : null, defaultLanguages(Object.keys(settlement.locales)));
}

/** JSON safe inside a <script> element: no '<', no line separators that break older parsers. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/**
 * The first part of the page's one inline script (EARLY_SCRIPT): GET /api/csrf with the app's own request options (the API
 * client's address, Accept header and credentials), started while the page is parsed and kept
 * under EARLY_CSRF_GLOBAL for the app's first getCsrf(). A failed request resolves to null, never
 * to an unhandled rejection.
 */
export const EARLY_CSRF_SCRIPT = `window.${EARLY_CSRF_GLOBAL}=fetch(${JSON.stringify(API_PATHS.csrf)},{headers:{Accept:"application/json"},credentials:"same-origin"}).catch(function(){return null})`;

/**
 * The script's second part, for the moments before the app runs. When one of the app's own
 * scripts (under /app/dist/) cannot be loaded — a connection dropped on a phone — the page says so
 * (index.html #page-load-failed: the reason and a link that loads the page again, keeping what was
 * typed in the drawn page's fields for it) instead of a drawn page that looks usable and does
 * nothing, or a spinner for ever. Only a script element's
 * failure: the app's later chunks are imports, whose failures the app tells itself, and another
 * site's script (the captcha provider's) is not the app's. And a button tapped (Next, the menu)
 * or Enter pressed in a field before the app runs shows the page-load spinner, which the app hides
 * once it runs; a press of the page's primary action (Next), or of a plain page's form (the
 * status check, the resume code's Continue), is made then by the same button: the claimant sees
 * the page is still loading, and the press is not lost.
 */
const APP_RUNNING = JSON.stringify(APP_RUNNING_ATTRIBUTE);
/** The fields not kept: not typed, or a password (none of the product's, kept out all the same). */
const TYPED_NOT_KEPT = JSON.stringify([...NOT_TYPED_INPUT_TYPES, 'password']);
/** The buttons whose press is made once the app runs: a form page's primary action, a plain page's form submit (status, resume). */
const PRESSED_LATER = JSON.stringify(`#${PRIMARY_ACTION_ID},form button[type=submit]`);
export const UNTIL_APP_RUNS_SCRIPT =
  // Where the fields typed are kept while the page is loaded again from the notice: per address, in this tab's storage.
  'var cfKey="cf-typed:"+location.pathname;' +
  'window.addEventListener("error",function(e){var t=e.target,f=document.getElementById("page-load-failed");' +
  'if(f&&t&&t.tagName==="SCRIPT"&&/\\/app\\/dist\\//.test(t.src)){f.hidden=false;t=document.getElementById("page-load-spinner");if(t)t.hidden=true;' +
  // The link keeps what was typed in the drawn page's fields for the page loaded again (this tab
  // only), which gives it back to them below, before the app takes them over.
  't=f.querySelector("a");if(t)t.onclick=function(e){var k={},n=0;' +
  `document.querySelectorAll("#root input[id]").forEach(function(i){if(i.value&&${TYPED_NOT_KEPT}.indexOf(i.type)<0){k[i.id]=i.value;n++}});` +
  `if(n)try{sessionStorage.setItem(cfKey,JSON.stringify(k))}catch(x){}}}},true);` +
  // Run just after the page's root is parsed: its drawn fields are there, the app not yet.
  `try{var cfTyped=JSON.parse(sessionStorage.getItem(cfKey)||"null");sessionStorage.removeItem(cfKey);` +
  'if(cfTyped)for(var cfId in cfTyped){var cfField=document.getElementById(cfId);if(cfField&&cfField.tagName==="INPUT"&&!cfField.value)cfField.value=String(cfTyped[cfId])}}catch(x){}' +
  'var cfPressed=null;function cfWait(e){var t=e.target,s=document.getElementById("page-load-spinner"),f=document.getElementById("page-load-failed"),b;' +
  `if(s&&!(f&&!f.hidden)&&!document.documentElement.hasAttribute(${APP_RUNNING})&&t.closest&&` +
  '(e.type==="click"?t.closest("button"):e.key==="Enter"&&t.tagName==="INPUT")){s.hidden=false;' +
  // The button pressed, or the one Enter in a typed field presses (the app presses the page's
  // primary action; a plain page's form submits): kept, the element the app takes over.
  `if(e.type==="click")b=t.closest(${PRESSED_LATER});` +
  `else if(!(e.isComposing||e.altKey||e.ctrlKey||e.metaKey||e.shiftKey||${JSON.stringify(NOT_TYPED_INPUT_TYPES)}.indexOf(t.type)>=0))` +
  `b=(b=t.closest(".cf-page"))?b.querySelector(${JSON.stringify(`#${PRIMARY_ACTION_ID}`)}):(b=t.closest("form"))&&b.querySelector("button[type=submit]");` +
  'if(b)cfPressed=b}}' +
  'window.addEventListener("click",cfWait,true);window.addEventListener("keydown",cfWait,true);' +
  // Once the app runs, after its first effects (the answers typed before are in its state), that
  // press is made, once — if the app took that very button over (hydration keeps the drawn
  // elements) and shows it: not when it drew another page instead.
  `new MutationObserver(function(m,o){var b=cfPressed;if(!document.documentElement.hasAttribute(${APP_RUNNING}))return;o.disconnect();cfPressed=null;` +
  // Its watch ends there: not a listener more on every keystroke the claimant types.
  'window.removeEventListener("click",cfWait,true);window.removeEventListener("keydown",cfWait,true);' +
  'if(b)setTimeout(function(){if(b.isConnected&&b.offsetParent!==null&&!b.disabled)b.click()},0)})' +
  `.observe(document.documentElement,{attributes:true,attributeFilter:[${APP_RUNNING}]})`;

/** The page's one inline script: the early token request, then what tells the claimant the app is not running yet. The CSP allows exactly it by its hash (EARLY_SCRIPT_HASH). */
export const EARLY_SCRIPT = `${EARLY_CSRF_SCRIPT};${UNTIL_APP_RUNS_SCRIPT}`;
const EARLY_CSRF_TAG = `<script>${EARLY_SCRIPT}</script>`;

/** The CSP source that allows the page's inline script and no other. */
export const EARLY_SCRIPT_HASH = `'sha256-${createHash('sha256').update(EARLY_SCRIPT).digest('base64')}'`;

/** GET /api/forms/flows, the address the app fetches the flows from. */
const FLOWS_PATH = '/api/forms/flows';

/**
 * The answers of the app's startup GETs, keyed by address (runtime/core/api StartupAnswers): the
 * deadlines, the culture's content, the flows, the captcha settings, the model configs and the
 * character whitelist — configuration only, the same for every claimant, no session, no personal
 * data. The anti-forgery token is not among them: it belongs to the session, and the page stays
 * the same for everyone (cacheable per culture, no session created by a page view).
 */
export function startupAnswers(app: FastifyInstance, culture: string): StartupAnswers {
  return {
    [API_PATHS.deadlines]: deadlinesBody(app),
    [answerKey(API_PATHS.cultureContent, { culture })]: app.locales.entries(culture),
    [FLOWS_PATH]: flowsBody(app.settlement.flows),
    [API_PATHS.captcha]: captchaBody(app),
    [API_PATHS.formsConfig]: app.settlement.models,
    [API_PATHS.charactersWhitelist]: whitelistBody(app),
  };
}

/**
 * A form's start page's startup answers: the culture's content cut to the texts the start page may
 * show (start-texts.ts: the keys the built code, the embedded settings, the other answers and the
 * flows' first pages name), the answer marked as a part (PARTIAL_ANSWERS) when anything was left
 * out; the app fetches the rest once it runs. With no build to read the code's keys from, the
 * whole content.
 */
export function startPageAnswers(app: FastifyInstance, culture: string, settings: AppSettings, codeKeys: ReadonlySet<string> | null): StartupAnswers {
  const answers = startupAnswers(app, culture);
  if (!codeKeys) return answers;
  const contentKey = answerKey(API_PATHS.cultureContent, { culture });
  const { [contentKey]: _content, [FLOWS_PATH]: _flows, ...others } = answers;
  const named = new Set([...codeKeys, ...keysNamedIn(JSON.stringify([settings, others, firstPagesOnly(app.settlement.flows.map(({ flow }) => flow))]))]);
  const entries = app.locales.entries(culture);
  const carried = startPageTexts(entries, named);
  if (carried.length === entries.length) return answers;
  return { ...answers, [contentKey]: carried, [PARTIAL_ANSWERS]: [contentKey] };
}

/** The culture of a page request as the app resolves it: the query's culture when offered, else the default (see app.locales). */
export function pageCulture(app: FastifyInstance, request: FastifyRequest): string {
  const culture = propertyOf(request.query, 'culture');
  const value = typeof culture === 'string' ? culture.trim() : '';
  return app.locales.resolve(value);
}

/** br, else gzip, else identity, by the request's Accept-Encoding (q=0 refuses). */
export function pageEncoding(acceptEncoding: string | string[] | undefined): 'br' | 'gzip' | null {
  const accepted = new Set<string>();
  for (const part of (Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : (acceptEncoding ?? '')).split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) accepted.add(name);
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return null;
}

interface EncodedPage {
  html: string;
  /** A weak validator of the page (the same for each of its encodings). */
  etag: string;
  br?: Buffer;
  gzip?: Buffer;
}

const encodedPage = (html: string): EncodedPage => ({ html, etag: `W/"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"` });

/** Whether an If-None-Match header names the page's validator (or `*`). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => {
    const candidate = tag.trim();
    return candidate === '*' || candidate.replace(/^W\//, '') === bare;
  });
}

/** The app's root in index.html, empty until the page is drawn into it. */
const ROOT_ELEMENT = '<div id="root"></div>';
/**
 * The root followed by the early anti-forgery request (render): before any stylesheet link that a
 * drawn page puts after its root, since a script after a pending stylesheet waits for it.
 */
const ROOT_AND_CSRF = `${ROOT_ELEMENT}\n${EARLY_CSRF_TAG}`;

/**
 * index.html without the entry's tags vite writes into its head (the entry's module script and
 * the modulepreloads of its imports), and those tags, to go after the page's root instead: in the
 * head their downloads start before the page's markup has arrived and share the connection with
 * it. Without a root to follow, the tags stay where they are.
 */
export function withoutEntryTags(html: string): { page: string; entryTags: string[] } {
  const headEnd = html.indexOf('</head>');
  if (headEnd < 0 || !html.includes(ROOT_ELEMENT)) return { page: html, entryTags: [] };
  const entryTags: string[] = [];
  const head = html.slice(0, headEnd).replace(/[ \t]*<(?:script type="module"[^>]*><\/script|link rel="modulepreload"[^>]*)>\n?/g, (tag) => {
    entryTags.push(tag.trim());
    return '';
  });
  return { page: head + html.slice(headEnd), entryTags };
}

/**
 * The stylesheet links vite writes into index.html's head (the entry's own CSS, the layout's), each
 * with its text inline before it, as preloadLinks does for a page's other stylesheets: the drawn
 * page paints without waiting for a stylesheet request. The link stays, `disabled` (not fetched),
 * naming the file; one whose text cannot be read or inlined stays as it is.
 */
export function withEntryStylesInline(html: string, base: string, readCss: (file: string) => string | null): string {
  const headEnd = html.indexOf('</head>');
  if (headEnd < 0) return html;
  const head = html.slice(0, headEnd).replace(/<link rel="stylesheet"([^>]*?) href="([^"]+\.css)"\s*\/?>/g, (tag, attributes: string, href: string) => {
    if (!href.startsWith(base) || /\sdisabled\b/.test(attributes)) return tag;
    const text = readCss(href.slice(base.length));
    const css = text === null ? null : inlinableCss(text);
    return css === null ? tag : `<style>${css}</style>\n<link rel="stylesheet"${attributes} href="${href}" disabled>`;
  });
  return head + html.slice(headEnd);
}

/**
 * A module script or modulepreload tag fetched at low priority. A drawn page paints without the
 * app's scripts; at the default (high) priority a script that happens to arrive before the first
 * paint counts as holding it up in Lighthouse's simulation, which then adds the script's whole
 * download to its first paint. On the page's own connection nothing else is downloading meanwhile,
 * so the priority does not delay them.
 */
export function withLowPriority(tag: string): string {
  if (/\sfetchpriority=/.test(tag)) return tag;
  return tag.replace(/^<(script type="module"|link rel="modulepreload")/, '<$1 fetchpriority="low"');
}

/**
 * The entry's module script made `async`: it runs in a task of its own once it has arrived and
 * its imports are in, instead of in the task that ends the parse (the browser's DOMContentLoaded
 * work, then the module's evaluation and the app's start: one long task on a slow phone). It may
 * then run before the parse has ended; the browser's code waits for the parse's end, since the
 * startup answers come after the script in the page.
 */
export function withAsyncModule(tag: string): string {
  if (!tag.startsWith('<script type="module"') || /\sasync\b/.test(tag)) return tag;
  return tag.replace(/^<script type="module"/, '<script type="module" async');
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** Text safe between tags (the title's). */
const escapeText = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/** A stylesheet's text inline in the head and the `disabled` link naming its file (withEntryStylesInline, preloadLinks). */
const INLINE_STYLESHEET = /<style>((?:(?!<\/style>)[\s\S])*)<\/style>\n<link rel="stylesheet"([^>]*?) disabled>/g;

/**
 * A drawn page's inline stylesheets cut to the rules its markup may use (critical-css.ts), and
 * their files linked after the drawn page instead of `disabled`: `<link rel="stylesheet"
 * fetchpriority="low">` tags to go right after the root, before the app's scripts. The first paint
 * parses and matches only the rules of what it shows; a stylesheet after the drawn markup holds up
 * no paint of what precedes it. The app's entry is async (withAsyncModule), which a stylesheet
 * does not hold up: until the files are in, what the app draws is the drawn page itself (its
 * hydration, the same markup, which the inline rules style); a later page comes after a press and
 * the server's answer, by which time the files requested with the page are in. At low priority
 * the request is not one Lighthouse's simulation counts as holding up the first paint. The index.html's own inline style (no file) stays whole.
 */
export function withCriticalStyles(page: string, drawnHtml: string): { page: string; links: string } {
  const names = markupNames(`${page}${drawnHtml}`);
  const links: string[] = [];
  const cut = page.replace(INLINE_STYLESHEET, (_tag, css: string, attributes: string) => {
    links.push(`<link rel="stylesheet" fetchpriority="low"${attributes}>`);
    return `<style>${criticalCss(css, names)}</style>`;
  });
  return { page: cut, links: links.join('\n') };
}

/**
 * On a drawn page, no frame before the drawn root is parsed whole: the browser would otherwise
 * paint (style, layout, paint at full cost, the renderer's first text layout included) whatever
 * part of the body it has parsed when a frame falls due — the head, the hidden spinner — and parse
 * the root only after it. Render-blocking until `#root`'s end tag, the first frame is the drawn
 * page. Parsing ends the block in any case (the element always exists here).
 */
export const EXPECT_ROOT_TAG = '<link rel="expect" href="#root" blocking="render">';

/**
 * A page drawn on the server: its HTML inside #root, the page-load spinner hidden (the page is
 * there), the theme on <html> as the app sets it (data-theme; the culture is there already:
 * inCulture), and the page's own title, the one the app keeps once it runs. Its stylesheets come
 * inline cut to what it shows, their files linked after it (withCriticalStyles).
 */
function withDrawnPage(html: string, drawn: PrerenderedPage, theme: string): string {
  const styled = withCriticalStyles(html, drawn.html);
  const page = styled.page
    .replace('</head>', () => `${EXPECT_ROOT_TAG}\n</head>`)
    // The culture is on <html> already (inCulture, every page); the theme as the app sets it.
    .replace(/<html([^>]*)>/, (_tag, attributes: string) => `<html${attributes.replace(/\sdata-theme="[^"]*"/, '')} data-theme="${escapeAttribute(theme)}">`)
    .replace('<div id="page-load-spinner"', '<div id="page-load-spinner" hidden')
    .replace(ROOT_AND_CSRF, () => `<div id="root">${drawn.html}</div>\n${EARLY_CSRF_TAG}${styled.links ? `\n${styled.links}` : ''}`);
  const { title } = drawn;
  return title ? page.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeText(title)}</title>`) : page;
}

/** The shell's own texts (index.html), in English there, each with its localization key. */
const SHELL_TEXTS: ReadonlyArray<{ html: RegExp; key: string }> = [
  { html: /(<span class="page-load-spinner__text">)[^<]*(<\/span>)/, key: 'LocKey_Common_Loading' },
  { html: /(<span class="page-load-failed__text">)[^<]*(<\/span>)/, key: 'LocKey_Common_PageLoadFailed' },
  { html: /(<a class="page-load-failed__reload" href="">)[^<]*(<\/a>)/, key: 'LocKey_Common_ReloadPage' },
  { html: /(<label for="cf-claim-notes">)[^<]*(<\/label>)/, key: 'LocKey_Common_LeaveEmpty' },
];

/**
 * Every page the server sends, drawn or not, in the request's culture from its first byte: the
 * language on <html> (a screen reader's voice) and the shell's texts outside the app — the
 * spinner's "Loading…" a claimant sees while a later page loads, the hidden anti-bot field's label.
 */
export function inCulture(html: string, culture: string, text: (key: string) => string | undefined): string {
  let page = html.replace(/<html([^>]*)>/, (_tag, attributes: string) => `<html${attributes.replace(/\slang="[^"]*"/, '')} lang="${escapeAttribute(culture)}">`);
  for (const { html: at, key } of SHELL_TEXTS) {
    const shown = text(key);
    if (shown !== undefined) page = page.replace(at, (_whole, open: string, close: string) => `${open}${escapeText(shown)}${close}`);
  }
  return page;
}

const PLACEHOLDER_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Claims filing</title></head>
<body><p>The application has not been built yet. Run <code>npm run build</code> (or <code>npm start</code>, which builds it) and reload.</p></body></html>
`;

export interface AppShellOptions {
  distDir: string;
  /** Re-read index.html on every request (npm run dev, while vite build --watch rewrites it). */
  reloadIndex?: boolean;
  /** Live preview's event stream (npm run dev): named in the page so the app listens to it. */
  livePreviewPath?: string;
}

const appShell: FastifyPluginAsync<AppShellOptions> = async (app, opts) => {
  const s = app.settlement.settings;
  // With an analytics tag id (settings.json), the page loads Google's tag script and the tag's
  // configuration (GET /site/analytics.js); without one, no analytics script at all.
  const analytics = analyticsScript(s);
  const analyticsTags = analytics
    ? `\n<script defer src="${analytics.src}"></script>\n<script async src="${gtagScriptUrl(analytics.ids[0]).replace(/&/g, '&amp;')}"></script>`
    : '';
  const settings = (): AppSettings => ({
    analyticsTagId: s.analyticsTagId,
    analyticsTagId2: s.analyticsTagId2,
    theme: s.theme,
    client: { minSessionDuration: s.client.minSessionDuration },
    captchaEnabled: app.captcha.enabled,
    redirectOnError: s.redirectOnError,
    internationalAddresses: s.internationalAddresses,
    site: siteChrome(app.settlement),
  });
  const settingsTag = () => {
    return (
      `<script id="app-settings" type="application/json">${scriptJson(settings())}</script>` +
      analyticsTags +
      (opts.livePreviewPath ? `\n<script id="live-preview" type="application/json">${scriptJson({ events: opts.livePreviewPath })}</script>` : '')
    );
  };
  const indexFile = path.join(opts.distDir, 'index.html');
  const built = existsSync(indexFile) || opts.reloadIndex === true;
  const readSource = () => (existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : PLACEHOLDER_PAGE);
  const source = readSource();
  const manifestOnce = readManifest(opts.distDir);
  // The first page's stylesheets go into the page itself (preloadLinks): their text, read from the
  // build once (afresh under npm run dev, while vite build --watch rewrites them).
  const cssOnce = new Map<string, string | null>();
  const readCss = (file: string): string | null => {
    const root = path.resolve(opts.distDir);
    const full = path.resolve(root, file);
    const read = () => (full.startsWith(root + path.sep) && existsSync(full) ? readFileSync(full, 'utf8') : null);
    if (opts.reloadIndex === true) return read();
    if (!cssOnce.has(file)) cssOnce.set(file, read());
    return cssOnce.get(file) ?? null;
  };
  const preloads = (kind: PageKind) => {
    const manifest = opts.reloadIndex === true ? readManifest(opts.distDir) : manifestOnce;
    return manifest ? pageAssets(manifest, kind, s.theme, '/app/dist/', readCss) : { styles: '', scripts: '' };
  };
  // The head carries what the first paint needs (the stylesheets' text) and the early anti-forgery
  // request; the app's scripts follow the page's root, so that a drawn page's markup arrives
  // before they share the connection's bandwidth with it; the startup answers go at the end of
  // the body.
  const fresh = opts.reloadIndex === true || opts.livePreviewPath !== undefined;
  // The keys the built code names (start-texts.ts), read once; none under npm run dev (the build changes).
  const codeKeys = fresh || !built ? null : keysNamedByCode(opts.distDir);
  // A form's start page carries only the texts it may show; every other page the culture's whole content.
  const answersFor = (culture: string, startPage: boolean): StartupAnswers =>
    startPage ? startPageAnswers(app, culture, settings(), codeKeys) : startupAnswers(app, culture);
  const render = (html: string, culture: string, kind: PageKind, answers: StartupAnswers) => {
    const { styles, scripts } = preloads(kind);
    const { page, entryTags } = withoutEntryTags(withEntryStylesInline(inCulture(html, culture, (key) => app.locales.text(key, culture)), '/app/dist/', readCss));
    // The early anti-forgery request right after the root: its script's run and request start
    // would otherwise come before the drawn page's markup is parsed (the first paint's path).
    const hasRoot = page.includes(ROOT_ELEMENT);
    const headTags = `${settingsTag()}${hasRoot ? '' : `\n${EARLY_CSRF_TAG}`}${styles ? `\n${styles}` : ''}`;
    const head = page.includes('</head>') ? page.replace('</head>', () => `${headTags}\n</head>`) : `${headTags}\n${page}`;
    const appScripts = [...entryTags, ...scripts.split('\n')].filter(Boolean).map((tag) => withAsyncModule(withLowPriority(tag))).join('\n');
    const withScripts = hasRoot ? head.replace(ROOT_ELEMENT, () => `${ROOT_AND_CSRF}${appScripts ? `\n${appScripts}` : ''}`) : head;
    const answersTag = `<script id="${STARTUP_ANSWERS_ELEMENT}" type="application/json">${scriptJson(answers)}</script>`;
    const at = withScripts.lastIndexOf('</body>');
    return at < 0 ? `${withScripts}\n${answersTag}` : `${withScripts.slice(0, at)}${answersTag}\n${withScripts.slice(at)}`;
  };

  // Built once per culture, kind of page and set of flows (live preview replaces the flows),
  // compressed lazily. Under npm run dev (index re-read, live preview) every request renders the
  // page afresh, and in the browser only (vite build --watch rewrites the app, not the prerenderer).
  const prerender = fresh || !built ? null : await loadPrerenderer(opts.distDir, (error) => app.log.error(error, 'app shell: the start pages\' prerenderer could not be loaded; they are drawn in the browser'));
  // A start page drawn on the server: the same embedded settings and answers the page carries.
  const draw = async (html: string, culture: string, kind: PageKind, address: string | null, startPage: boolean): Promise<string> => {
    const answers = answersFor(culture, startPage);
    const page = render(html, culture, kind, answers);
    if (!prerender || address === null) return page;
    try {
      // Drawn from the answers the page carries, as the browser's app takes it over.
      const drawn = await prerender({ url: address, settings: settings(), answers, now: new Date(app.clock()) });
      return drawn === null ? page : withDrawnPage(page, drawn, s.theme);
    } catch (error) {
      // The app draws it in the browser, as without a prerenderer. The error names the address it
      // drew: a resume link's code stays out of the log, as out of the request's line.
      if (isResumeLink(address.split('?')[0] ?? '')) app.log.error('app shell: a resume link\'s page could not be drawn on the server');
      else app.log.error(error, 'app shell: the start page could not be drawn on the server');
      return page;
    }
  };
  // The first deadline still to come: a page drawn before it is drawn again after it, when the
  // guards may answer otherwise (a form past its deadline is not drawn).
  const nextDeadline = (now: number): number =>
    Math.min(Number.POSITIVE_INFINITY, ...Object.values(deadlineInstants(app.settlement.deadlines)).flatMap((d) => (d && d.getTime() > now ? [d.getTime()] : [])));
  type Kept = Map<string, { page: Promise<EncodedPage>; until: number }>;
  let pages: { flows: unknown; byKey: Kept; byAddress: Kept } = { flows: null, byKey: new Map(), byAddress: new Map() };
  // Kept per set of flows: live preview may replace them.
  const keptPages = () => {
    if (pages.flows !== app.settlement.flows) pages = { flows: app.settlement.flows, byKey: new Map(), byAddress: new Map() };
    return pages;
  };
  const pageFor = (culture: string, kind: PageKind, address: string | null, startPage: boolean): Promise<EncodedPage> => {
    if (fresh) return Promise.resolve(encodedPage(render(readSource(), culture, kind, answersFor(culture, startPage))));
    const { byKey } = keptPages();
    const key = `${culture}\n${kind}\n${startPage ? 'start' : ''}\n${address ?? ''}`;
    const now = app.clock();
    let kept = byKey.get(key);
    if (!kept || kept.until <= now) {
      kept = { page: draw(source, culture, kind, address, startPage).then(encodedPage), until: address === null ? Number.POSITIVE_INFINITY : nextDeadline(now) };
      byKey.set(key, kept);
    }
    return kept.page;
  };
  // Addresses drawn as asked (a query the page does not read, a path no page has): the latest few
  // kept, so that a notice e-mail's link, the same for its thousands of readers, is drawn once;
  // a miss is drawn within a rate, past which the page goes undrawn (a scanner's made-up paths
  // cost at most that much drawing).
  const addressDrawings = drawingBudget(ADDRESS_DRAWINGS_PER_SECOND);
  const pageAt = (culture: string, kind: PageKind, address: string, startPage: boolean): Promise<EncodedPage> => {
    if (fresh) return pageFor(culture, kind, null, startPage);
    const { byAddress } = keptPages();
    const key = `${culture}\n${kind}\n${startPage ? 'start' : ''}\n${address}`;
    const now = app.clock();
    const kept = byAddress.get(key);
    byAddress.delete(key);
    if (kept && kept.until > now) {
      byAddress.set(key, kept);
      return kept.page;
    }
    if (!addressDrawings.take(now)) return pageFor(culture, kind, null, startPage);
    const drawing = { page: draw(source, culture, kind, address, startPage).then(encodedPage), until: nextDeadline(now) };
    byAddress.set(key, drawing);
    for (const oldest of byAddress.keys()) {
      if (byAddress.size <= ADDRESSES_KEPT) break;
      byAddress.delete(oldest);
    }
    return drawing.page;
  };

  if (built) {
    await app.register(fastifyStatic, {
      root: opts.distDir,
      prefix: '/app/dist/',
      index: false,
      wildcard: true,
      decorateReply: false,
      // The build writes name.br / name.gz beside each text asset (vite.config.ts): sent as is.
      preCompressed: true,
      setHeaders: (res, filePath) => {
        // Vite fingerprints assets/: cache them for a year; anything else revalidates.
        res.header('cache-control', filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  const resumeDrawings = drawingBudget(RESUME_DRAWINGS_PER_SECOND);
  const sendPage = async (request: FastifyRequest, reply: FastifyReply, status: number) => {
    const at = request.url.indexOf('?');
    const [pathname, search] = at < 0 ? [request.url, ''] : [request.url.slice(0, at), request.url.slice(at + 1)];
    const culture = pageCulture(app, request);
    const drawing = prerenderAddress(pathname, search, current().drawn, status === 404);
    const kind = pageKind(pathname, status);
    const startPage = kind === 'form' && current().drawn.startPaths.has(pathname);
    // A resume link's page holds its code: drawn for this request alone and kept by no one, no
    // cache included (docs/decisions/026). Every other page is the same for everyone asking for it,
    // revalidated by its ETag.
    const perRequest = prerender !== null && drawing !== null && isResumeLink(pathname);
    // Drawing one costs ~20 ms of CPU: past a few a second (a flood of made-up codes), the page
    // goes undrawn and the app draws it in the browser, as without a prerenderer.
    let page: EncodedPage;
    if (perRequest) page = encodedPage(resumeDrawings.take(app.clock()) ? await draw(source, culture, kind, drawing.address, false) : render(source, culture, kind, startupAnswers(app, culture)));
    else if (prerender !== null && drawing !== null && !drawing.fixed) page = await pageAt(culture, kind, drawing.address, startPage);
    else page = await pageFor(culture, kind, drawing?.address ?? null, startPage);
    reply.status(status).header('vary', 'Accept-Encoding');
    if (perRequest) reply.header('cache-control', 'no-store');
    else {
      reply.header('cache-control', 'no-cache').header('etag', page.etag);
      if (status === 200 && matchesEtag(request.headers['if-none-match'], page.etag)) return reply.status(304).send();
    }
    reply.type('text/html; charset=utf-8');
    const encoding = pageEncoding(request.headers['accept-encoding']);
    if (!encoding) return reply.send(page.html);
    // Compressed harder when kept: once per page rather than once per request.
    const quick = fresh || perRequest;
    if (encoding === 'br') page.br ??= brotliCompressSync(page.html, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: quick ? 5 : 11 } });
    else page.gzip ??= gzipSync(page.html, { level: quick ? 6 : 9 });
    return reply.header('content-encoding', encoding).send(encoding === 'br' ? page.br : page.gzip);
  };

  // The flows may be replaced while running (live preview): the page set follows app.settlement.flows.
  type Known = { flows: unknown; paths: Set<string>; formPaths: Set<string>; drawn: Parameters<typeof prerenderAddress>[2] };
  const drawnPages = (flows: Settlement['flows']): Known['drawn'] => ({
    startPaths: new Set(flows.flatMap(({ flow }) => (flow.pages[0] ? [flow.pages[0].path, ...(flow.pages[0].aliases ?? [])] : []))),
    formTypes: new Set(flows.map(({ flow }) => flow.formType)),
    cultures: siteChrome(app.settlement).languages.map((l) => l.culture),
  });
  let known: Known = { flows: null, paths: new Set(), formPaths: new Set(), drawn: { startPaths: new Set(), formTypes: new Set(), cultures: [] } };
  const current = () => {
    if (known.flows !== app.settlement.flows) {
      const flows = app.settlement.flows;
      known = { flows, paths: appRoutes(flows), formPaths: new Set(flowPagePaths(flows)), drawn: drawnPages(flows) };
    }
    return known;
  };
  const isAppRoute = (pathname: string): boolean => current().paths.has(pathname) || RESUME_LINK.test(pathname);
  // A fixed route wins over a flow's page path, as in the app's own route table.
  const pageKind = (pathname: string, status: number): PageKind => {
    if (status === 404) return 'notFound';
    if (RESUME_LINK.test(pathname)) return 'resume';
    return FIXED_PAGE_KINDS[pathname] ?? (current().formPaths.has(pathname) ? 'form' : 'notFound');
  };

  for (const url of FIXED_APP_ROUTES) {
    app.get(url, { schema: { hide: true } }, async (request, reply) => sendPage(request, reply, 200));
  }

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    if (isPageRequest(request.method, request.url)) return sendPage(request, reply, isAppRoute(request.url.split('?')[0] ?? '') ? 200 : 404);
    return reply.status(404).header('cache-control', 'no-store').send(errorBody(request, httpError('NOT_FOUND')));
  });
};
export default appShell;

/** Resume links drawn on the server per second and process, at most (each is drawn for its request alone). */
export const RESUME_DRAWINGS_PER_SECOND = 10;
/** Addresses drawn as asked (a query the page does not read, a path no page has) per second and process, at most. */
export const ADDRESS_DRAWINGS_PER_SECOND = 5;
/** Addresses drawn as asked kept at once (the latest used): ~100 KB each with its compressed bodies. */
export const ADDRESSES_KEPT = 32;

/** A token bucket: `take` answers whether one more drawing fits the rate, refilled with time. */
export function drawingBudget(perSecond: number) {
  let tokens = perSecond;
  let at = Number.NEGATIVE_INFINITY;
  return {
    take(now: number): boolean {
      tokens = Math.min(perSecond, tokens + (Number.isFinite(at) ? ((now - at) / 1000) * perSecond : perSecond));
      at = now;
      if (tokens < 1) return false;
      tokens -= 1;
      return true;
    },
  };
}
