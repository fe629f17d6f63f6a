import { findModel } from '../../core/models';
import type { LookupResultBlock as LookupResultBlockConfig } from '../../core/types';
import type { BlockProps } from '../../react/types';
import { Feedback } from '../Feedback';

/** The VIN lookup's outcome: success when the VIN is a class vehicle, a warning otherwise; the VIN is the texts' {0}. */
export function LookupResultBlock({ config, ctx }: BlockProps<LookupResultBlockConfig>) {
  const result = ctx.lookupResult;
  if (!result) return null;
  const vin = findModel(ctx.store, 'Credentials')?.fields.vin;
  const vinText = typeof vin === 'string' ? vin : '';
  if (result.authorized) return <Feedback variant="success" text={ctx.t(config.successKey, vinText)} />;
  return <Feedback variant="warning" text={result.error ?? ctx.t(config.warningKey, vinText)} />;
}
LookupResultBlock.blockName = 'lookupResult' as const;
