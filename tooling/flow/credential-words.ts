/**
 * Texts that name a credential the settlement does not ask for: a data-breach settlement signed in
 * by Claim ID and ZIP code whose resume page says "sign in with the same VIN (and Notice ID and
 * PIN…)" — a text carried over from the product's vehicle sample. Warned of, not refused: the
 * words may be meant (a settlement may mention a VIN it does not ask for).
 */
import type { FlowIssue } from '../../runtime/core/flow/issues';
import type { FormsFile } from '../../runtime/core/forms';

/** Each credential's words in the texts, and in the keys of texts that are about it (shown only where it is asked: LocKey_Validation_VinCheckDigit). */
const CREDENTIAL_WORDS = {
  vin: { name: 'VIN', pattern: /\bVIN\b/, inKey: /Vin/ },
  noticeId: { name: 'Notice ID', pattern: /\bNotice ID\b|\bID del aviso\b|\bID de aviso\b/i, inKey: /NoticeId/ },
  pin: { name: 'PIN', pattern: /\bPIN\b/, inKey: /Pin/ },
} as const;

/** Which of the sample's credentials the settlement's forms ask for. */
function askedCredentials(forms: FormsFile): Set<string> {
  const asked = new Set<string>();
  for (const credential of forms.forms.flatMap((f) => f.signIn.credentials)) {
    if (credential.match === 'vin') asked.add('vin');
    const named = `${credential.field} ${credential.column ?? ''}`.toLowerCase();
    if (credential.match === 'identifier' && named.includes('notice')) asked.add('noticeId');
    if (credential.match === 'secret' && named.includes('pin')) asked.add('pin');
  }
  return asked;
}

/**
 * One warning per locale file naming the texts claimants see (`shownKeys`: the runtime's and the
 * flows') that name a credential no form of the settlement asks for.
 */
export function credentialWordWarnings(locales: Readonly<Record<string, Readonly<Record<string, string>>>>, forms: FormsFile, shownKeys: ReadonlySet<string>, shown = 5): FlowIssue[] {
  const asked = askedCredentials(forms);
  const unasked = Object.entries(CREDENTIAL_WORDS).filter(([id]) => !asked.has(id));
  if (unasked.length === 0) return [];
  const warnings: FlowIssue[] = [];
  for (const [file, texts] of Object.entries(locales)) {
    const naming = Object.entries(texts)
      .filter(([key]) => shownKeys.has(key))
      .flatMap(([key, text]) => {
        const words = unasked.filter(([, word]) => word.pattern.test(text) && !word.inKey.test(key)).map(([, word]) => word.name);
        return words.length > 0 ? [{ key, words }] : [];
      });
    if (naming.length === 0) continue;
    const words = [...new Set(naming.flatMap((n) => n.words))];
    const listed = naming.slice(0, shown).map((n) => n.key).join(', ') + (naming.length > shown ? `, and ${naming.length - shown} more` : '');
    warnings.push({
      file,
      pointer: `/${naming[0]?.key ?? ''}`,
      message: `${naming.length} text(s) claimants see name ${words.join(', ')}, which no form of this settlement asks for: ${listed}`,
      hint: 'reword them in the words of this settlement\'s sign-in (its own credential labels)',
    });
  }
  return warnings;
}
