import { devError } from '../../core/errors';
import type { HeaderBlock as HeaderBlockConfig } from '../../core/types';
import type { BlockProps } from '../../react/types';
import { readsNoAnswers } from './reads';

/** A heading of the given level; the page's h1 can take focus when the page changes. */
export function HeaderBlock({ config, ctx }: BlockProps<HeaderBlockConfig>) {
  if (!config.element) throw devError('HEADER_ELEMENT_REQUIRED');
  const Tag = config.element;
  return (
    <Tag className={`cf-heading cf-heading--${Tag}`} tabIndex={Tag === 'h1' ? -1 : undefined} data-page-heading={Tag === 'h1' || undefined}>
      {ctx.t(config.textKey)}
    </Tag>
  );
}
HeaderBlock.blockName = 'header' as const;
HeaderBlock.sameAnswers = readsNoAnswers;
