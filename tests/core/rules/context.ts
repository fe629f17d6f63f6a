import type { RuleContext } from '../../../runtime/core/rules';
import type { FieldValue, RuleConfig } from '../../../runtime/core/types';
import { validateValue } from '../../../runtime/core/rules';

/** A rule context with English fallbacks only (no localizations loaded). */
export function context(overrides: Partial<RuleContext> & { own?: Record<string, FieldValue>; models?: RuleContext['scope']['models'] } = {}): RuleContext {
  const { own, models, ...rest } = overrides;
  return {
    scope: { own: own ?? {}, models: models ?? {} },
    whitelist: null,
    now: new Date('2026-03-01T07:30:00Z'), // still 02/28/2026 in Pacific time
    t: () => undefined,
    ...rest,
  };
}

/** Messages of one rule on one value. */
export function check(value: FieldValue, rule: RuleConfig, ctx: RuleContext = context()): string[] {
  return validateValue(value, [rule], 'field', ctx);
}
