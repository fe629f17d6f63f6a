import { formatMessage, RULE_MESSAGES } from '../messages';
import { asText } from '../support';
import type { CharacterSetRestrictionRule, RuleAdapter, RuleContext } from '../types';

export const CHARACTER_SET_RESTRICTION_RULE = 'characterSetRestriction';

// Line breaks come from multi-line text fields; the whitelist lists characters typed on one line.
const ALWAYS_ALLOWED = new Set(['\n', '\r']);

// Every text field of a claim is checked against the same whitelist: its Set is built once. It
// holds each listed character as listed and in its composed form (NFC), as values are checked.
let lastWhitelist: { text: string; allowed: Set<string> } | null = null;
function allowedSet(whitelist: string): Set<string> {
  if (lastWhitelist?.text !== whitelist) lastWhitelist = { text: whitelist, allowed: new Set([...whitelist, ...whitelist.normalize('NFC')]) };
  return lastWhitelist.allowed;
}

/**
 * A refused character as the message lists it. One the claimant cannot see there — a space other
 * than the plain one (a non-breaking space pasted from a web page), a control or format character
 * (zero-width joiners, direction marks), an accent mark left over — is named by its code point
 * and what it is, so that the claimant knows something is there to retype.
 */
function shown(ch: string, ctx: RuleContext): string {
  const key = /^\p{Zs}$/u.test(ch)
    ? 'LocKey_Validation_UnseenSpace'
    : /^\p{M}$/u.test(ch)
      ? 'LocKey_Validation_UnseenMark'
      : /^[\p{C}\p{Z}]$/u.test(ch)
        ? 'LocKey_Validation_UnseenCharacter'
        : null;
  if (key === null) return ch;
  const code = `U+${(ch.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
  return ctx.t(key, code) ?? formatMessage(RULE_MESSAGES[key]?.en ?? key, code);
}

export const characterSetRestrictionAdapter: RuleAdapter<CharacterSetRestrictionRule> = {
  type: CHARACTER_SET_RESTRICTION_RULE,
  validate(value, _rule, ctx) {
    // Without a whitelist (not available) nothing can be checked; the server checks with its own.
    if (ctx.whitelist === null) return null;
    const allowed = allowedSet(ctx.whitelist);
    const offending = new Set<string>();
    // As the claimant sees it: "é" typed or pasted as "e" and a combining accent (macOS, some
    // keyboards and PDFs do) is the whitelist's "é". Code points, so a character outside the BMP
    // is reported whole.
    for (const ch of asText(value).normalize('NFC')) if (!allowed.has(ch) && !ALWAYS_ALLOWED.has(ch)) offending.add(ch);
    return offending.size === 0 ? null : { key: 'LocKey_Validation_RestrictedCharacters', suffix: [...offending].map((ch) => shown(ch, ctx)).join(' ') };
  },
};
