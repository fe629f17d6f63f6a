import { createElement, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { Config as PurifyConfig } from 'dompurify';
import { isSitePath } from '../core/i18n/culture';
import { SiteLinkContext } from './site-links';

/**
 * Localized copy with inline HTML (spec §5), drawn without inserting HTML where it can be: the few
 * inline tags settlement texts use (strong, em, a link, a line break…) become React elements and
 * everything else is text, so no markup reaches the page unescaped. Copy holding anything more
 * (another tag or attribute, a stray "<") is sanitised by DOMPurify, loaded only then: most pages,
 * the start pages among them, never load it.
 */

/** Tags drawn as they are, and the attributes each may carry. */
const SIMPLE_TAGS: Readonly<Record<string, readonly string[]>> = {
  a: ['href', 'target', 'rel', 'title', 'lang'],
  abbr: ['title', 'lang'],
  b: ['lang'],
  br: [],
  em: ['lang'],
  i: ['lang'],
  small: ['lang'],
  span: ['lang', 'title'],
  strong: ['lang'],
  u: ['lang'],
};

const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** An entity's character: named ones, and numbered ones (&#38; &#x26;, as escaped values are written). */
function entityText(name: string): string {
  const code = name.startsWith('#x') ? parseInt(name.slice(2), 16) : name.startsWith('#') ? parseInt(name.slice(1), 10) : NaN;
  if (Number.isNaN(code)) return ENTITIES[name] ?? '';
  return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
}

/** A tag with double-quoted attributes, an entity, or a "<" or "&" that is neither (not simple). */
const TOKEN = /<(\/?)([a-zA-Z]+)((?:\s+[a-zA-Z-]+="[^"<>]*")*)\s*\/?>|&(amp|lt|gt|quot|apos|nbsp|#\d{1,7}|#x[0-9a-fA-F]{1,6});|[<&]/g;
const ATTRIBUTE = /([a-zA-Z-]+)="([^"]*)"/g;

/** Web, mail and phone addresses and links within the site; a scheme (after removing what browsers ignore) is one of those. */
function isSafeHref(href: string): boolean {
  // Browsers skip control characters and spaces inside a scheme ("java\tscript:"): so does the check.
  const bare = [...href].filter((c) => c.charCodeAt(0) > 0x20 && c.charCodeAt(0) !== 0x7f).join('');
  const scheme = /^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(bare)?.[1]?.toLowerCase();
  return scheme === undefined || ['http', 'https', 'mailto', 'tel'].includes(scheme);
}

const decode = (text: string) => text.replace(/&(amp|lt|gt|quot|apos|nbsp|#\d{1,7}|#x[0-9a-fA-F]{1,6});/g, (_whole, name: string) => entityText(name));

interface Open {
  tag: string;
  props: Record<string, string>;
  children: ReactNode[];
}

/** The copy as React nodes when it holds only the simple tags, else null; `sitePath` writes each link within the site. */
export function simpleCopy(html: string, sitePath: (path: string) => string = (path) => path): ReactNode[] | null {
  const root: Open = { tag: '', props: {}, children: [] };
  const stack: Open[] = [root];
  const top = () => stack[stack.length - 1] ?? root;
  let at = 0;
  for (const match of html.matchAll(TOKEN)) {
    const index = match.index ?? 0;
    if (index > at) top().children.push(html.slice(at, index));
    at = index + match[0].length;
    const [whole, closing, rawTag, rawAttributes, entity] = match;
    if (entity !== undefined) {
      top().children.push(entityText(entity));
      continue;
    }
    if (rawTag === undefined || whole === '<' || whole === '&') return null;
    const tag = rawTag.toLowerCase();
    const allowed = SIMPLE_TAGS[tag];
    if (!allowed) return null;
    if (closing) {
      const open = stack.pop();
      if (!open || open.tag !== tag || stack.length === 0) return null;
      top().children.push(createElement(open.tag, { ...open.props, key: top().children.length }, ...open.children));
      continue;
    }
    const props: Record<string, string> = {};
    for (const [, name = '', value = ''] of (rawAttributes ?? '').matchAll(ATTRIBUTE)) {
      const attribute = name.toLowerCase();
      if (!allowed.includes(attribute)) return null;
      props[attribute] = decode(value);
    }
    if (tag === 'a') {
      if (props.href === undefined || !isSafeHref(props.href)) return null;
      if (isSitePath(props.href)) props.href = sitePath(props.href);
      if (props.target !== undefined && props.target !== '_blank') return null;
      // A link that opens a new tab does not hand it this page.
      if (props.target === '_blank') props.rel = 'noopener noreferrer';
    }
    if (tag === 'br') top().children.push(createElement('br', { key: top().children.length }));
    else stack.push({ tag, props, children: [] });
  }
  if (stack.length !== 1) return null;
  if (at < html.length) root.children.push(html.slice(at));
  return root.children;
}

let sanitizer: Promise<typeof import('./sanitize-copy')> | null = null;
const loadSanitizer = () => (sanitizer ??= import('./sanitize-copy'));

export interface InlineCopyProps {
  /** The element the copy is drawn in (a paragraph, a span). */
  as: 'p' | 'span';
  className: string;
  html: string;
  /** What DOMPurify keeps out beyond its defaults, for copy that needs it. */
  purify?: PurifyConfig;
}

/** Localized inline HTML, drawn as elements (or sanitised by DOMPurify when it holds more than the simple tags). */
export function InlineCopy({ as, className, html, purify: config }: InlineCopyProps) {
  const sitePath = useContext(SiteLinkContext);
  const simple = useMemo(() => simpleCopy(html, sitePath), [html, sitePath]);
  if (simple) return createElement(as, { className }, ...simple);
  return <SanitizedCopy as={as} className={className} html={html} purify={config} />;
}

function SanitizedCopy({ as, className, html, purify: config }: InlineCopyProps) {
  const sitePath = useContext(SiteLinkContext);
  const [safe, setSafe] = useState<{ html: string; safe: string } | null>(null);
  useEffect(() => {
    let live = true;
    void loadSanitizer().then(({ sanitizeCopy }) => {
      if (live) setSafe({ html, safe: sanitizeCopy(html, config, sitePath) });
    });
    return () => {
      live = false;
    };
  }, [html, config, sitePath]);
  // Nothing of it until it is sanitised: its element is there, empty, for the moment the sanitiser loads.
  if (!safe || safe.html !== html) return createElement(as, { className });
  return createElement(as, { className, dangerouslySetInnerHTML: { __html: safe.safe } });
}
