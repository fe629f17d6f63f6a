import type { CopyBlock as CopyBlockConfig } from '../../core/types';
import type { BlockProps } from '../../react/types';
import { InlineCopy } from '../inline-copy';
import { readsNoAnswers } from './reads';

/** Block-level tags localized copy may not hold (spec §5); each paragraph is already a p. */
export const COPY_FORBIDDEN_TAGS = ['p', 'li', 'ul', 'ol'];

/** How DOMPurify treats copy beyond the simple inline tags: no block-level tags; links may open a new tab. */
export const COPY_PURIFY = { FORBID_TAGS: COPY_FORBIDDEN_TAGS, ADD_ATTR: ['target', 'rel'] };

/** Paragraphs of localized copy that may contain inline HTML (links, emphasis). */
export function CopyBlock({ config, ctx }: BlockProps<CopyBlockConfig>) {
  return (
    <div className="cf-copy">
      {config.paragraphs.map((key) => (
        <InlineCopy as="p" className="cf-copy__paragraph" key={key} html={ctx.t(key)} purify={COPY_PURIFY} />
      ))}
    </div>
  );
}
CopyBlock.blockName = 'copy' as const;
CopyBlock.sameAnswers = readsNoAnswers;
