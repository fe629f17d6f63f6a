import { lookupResultView } from '../../core/view/lookup-result';
import type { LookupResultBlock as LookupResultBlockConfig } from '../../core/types';
import type { BlockProps } from '../../react/types';
import { Feedback } from '../Feedback';

/** The lookup's outcome (core/view lookupResultView): a success box or a warning. */
export function LookupResultBlock({ config, ctx }: BlockProps<LookupResultBlockConfig>) {
  const result = ctx.lookupResult;
  if (!result) return null;
  const view = lookupResultView(ctx.page, config, ctx.store, { authorized: result.authorized, error: result.error ?? null }, ctx.t);
  return <Feedback variant={view.feedback} text={view.text} />;
}
LookupResultBlock.blockName = 'lookupResult' as const;
