import { asText } from '../support';
import type { CharacterSetRestrictionRule, RuleAdapter } from '../types';

export const CHARACTER_SET_RESTRICTION_RULE = 'characterSetRestriction';

// Line breaks come from multi-line text fields; the whitelist lists characters typed on one line.
const ALWAYS_ALLOWED = new Set(['\n', '\r']);

// Every text field of a claim is checked against the same whitelist: its Set is built once.
let lastWhitelist: { text: string; allowed: Set<string> } | null = null;
function allowedSet(whitelist: string): Set<string> {
  if (lastWhitelist?.text !== whitelist) lastWhitelist = { text: whitelist, allowed: new Set(whitelist) };
  return lastWhitelist.allowed;
}

export const characterSetRestrictionAdapter: RuleAdapter<CharacterSetRestrictionRule> = {
  type: CHARACTER_SET_RESTRICTION_RULE,
  validate(value, _rule, ctx) {
    // Without a whitelist (not available) nothing can be checked; the server checks with its own.
    if (ctx.whitelist === null) return null;
    const allowed = allowedSet(ctx.whitelist);
    const offending = new Set<string>();
    // Code points, so a character outside the BMP is reported whole.
    for (const ch of asText(value)) if (!allowed.has(ch) && !ALWAYS_ALLOWED.has(ch)) offending.add(ch);
    return offending.size === 0 ? null : { key: 'LocKey_Validation_RestrictedCharacters', suffix: [...offending].join(' ') };
  },
};
