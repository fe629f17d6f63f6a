import { isBlank } from '../support';
import type { RequiredOnClientOnlyRule, RuleAdapter } from '../types';

export const REQUIRED_ON_CLIENT_ONLY_RULE = 'requiredOnClientOnly';

/** Required in the browser only: the server accepts the value missing (its own rules decide). */
export const requiredOnClientOnlyAdapter: RuleAdapter<RequiredOnClientOnlyRule> = {
  type: REQUIRED_ON_CLIENT_ONLY_RULE,
  checksBlank: true,
  validate: (value, _rule, ctx) => (ctx.side !== 'server' && isBlank(value) ? { key: 'LocKey_Validation_Required' } : null),
  isRequired: (_rule, ctx) => ctx.side !== 'server',
};
