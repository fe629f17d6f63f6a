import type { LookupResultBlock as LookupResultBlockConfig } from '../../core/types';
import type { BlockProps } from '../../react/types';
import { Feedback } from '../Feedback';

/** The VIN lookup's outcome: success when the VIN is a class vehicle, a warning otherwise. */
export function LookupResultBlock({ config, ctx }: BlockProps<LookupResultBlockConfig>) {
  const result = ctx.lookupResult;
  if (!result) return null;
  if (result.authorized) return <Feedback variant="success" text={ctx.t(config.successKey)} />;
  return <Feedback variant="warning" text={result.error ?? ctx.t(config.warningKey)} />;
}
LookupResultBlock.blockName = 'lookupResult' as const;
