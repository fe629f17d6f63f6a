import DOMPurify from 'dompurify';
import type { CopyBlock as CopyBlockConfig } from '../../core/types';
import type { BlockProps } from '../../react/types';

/** Block-level tags localized copy may not hold (spec §5); each paragraph is already a p. */
export const COPY_FORBIDDEN_TAGS = ['p', 'li', 'ul', 'ol'];

// Sanitized copy by its source text: a page re-renders on every keystroke, its copy rarely changes.
const sanitized = new Map<string, string>();
const MAX_CACHED = 500;

/** Localized inline HTML made safe: scripts, handlers and the forbidden tags are removed. */
export function sanitizeCopy(html: string): string {
  let safe = sanitized.get(html);
  if (safe === undefined) {
    safe = DOMPurify.sanitize(html, { FORBID_TAGS: COPY_FORBIDDEN_TAGS, ADD_ATTR: ['target', 'rel'] });
    if (sanitized.size >= MAX_CACHED) sanitized.clear();
    sanitized.set(html, safe);
  }
  return safe;
}

/** Paragraphs of localized copy that may contain inline HTML (links, emphasis). */
export function CopyBlock({ config, ctx }: BlockProps<CopyBlockConfig>) {
  return (
    <div className="cf-copy">
      {config.paragraphs.map((key) => (
        <p className="cf-copy__paragraph" key={key} dangerouslySetInnerHTML={{ __html: sanitizeCopy(ctx.t(key)) }} />
      ))}
    </div>
  );
}
CopyBlock.blockName = 'copy' as const;
