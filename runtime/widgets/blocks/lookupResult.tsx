import { lookupResultView } from '../../core/view/lookup-result';
import type { LookupResultBlock as LookupResultBlockConfig, ModelStoreState } from '../../core/types';
import type { BlockProps, PageContext } from '../../react/types';
import { Feedback } from '../Feedback';

/** The lookup's outcome (core/view lookupResultView): a success box or a warning. */
export function LookupResultBlock({ config, ctx }: BlockProps<LookupResultBlockConfig>) {
  const result = ctx.lookupResult;
  if (!result) return null;
  const view = lookupResultView(ctx.page, config, ctx.store, { authorized: result.authorized, error: result.error ?? null }, ctx.t);
  return <Feedback variant={view.feedback} text={view.text} />;
}
LookupResultBlock.blockName = 'lookupResult' as const;
/** Before a lookup's outcome it draws nothing, whatever the answers (the VIN being typed). */
LookupResultBlock.sameAnswers = (_config: LookupResultBlockConfig, _a: ModelStoreState, _b: ModelStoreState, ctx: PageContext): boolean => ctx.lookupResult === null;
