import type { FeedbackBlock as FeedbackBlockConfig } from '../../core/types';
import type { BlockProps } from '../../react/types';
import { Feedback } from '../Feedback';
import { readsNoAnswers } from './reads';

/** A feedback box (default, success, warning) announced politely. */
export function FeedbackBlock({ config, ctx }: BlockProps<FeedbackBlockConfig>) {
  return <Feedback variant={config.variant} text={ctx.t(config.textKey)} />;
}
FeedbackBlock.blockName = 'feedback' as const;
FeedbackBlock.sameAnswers = readsNoAnswers;
