/**
 * Copy that holds more than the simple inline tags, sanitised by DOMPurify: loaded with it, only
 * when such copy is shown (inline-copy.tsx), so that pages with simple copy carry neither.
 */
import DOMPurify, { type Config } from 'dompurify';
import { isSitePath } from '../core/i18n/culture';

/** `html` sanitised with `config`, each link within the site written by `sitePath`. */
export function sanitizeCopy(html: string, config: Config | undefined, sitePath: (path: string) => string): string {
  // A hook is the instance's: added for this sanitising alone.
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    const href = node.getAttribute('href');
    if (node.tagName === 'A' && href !== null && isSitePath(href)) node.setAttribute('href', sitePath(href));
  });
  try {
    return DOMPurify.sanitize(html, { ...config, RETURN_TRUSTED_TYPE: false });
  } finally {
    DOMPurify.removeHook('afterSanitizeAttributes');
  }
}
