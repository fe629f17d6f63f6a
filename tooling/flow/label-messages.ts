/**
 * Labels the built-in messages cannot name in a language: a missing answer is told in the field's
 * words ("Enter the phone number of your Venmo account"), but a language that chooses its article
 * by the noun (Spanish: el número, la fecha) has none that fits every label, so the runtime leaves
 * such a label out ("Número de teléfono de su cuenta de Venmo: Ingrese su respuesta"). Warned of,
 * not refused, with the field's pointer and the `messages` entry that would name it, its texts in
 * every locale (the article guessed where the language has no rule, to be checked).
 */
import path from 'node:path';
import type { FlowIssue } from '../../runtime/core/flow/issues';
import { pointer } from '../../runtime/core/flow/issues';
import { labelInSentence, labelWantsOwnMessage, namesParticularThing, formatMessage, type RuleContext } from '../../runtime/core/rules';
import type { FieldConfig, FlowFile, ModelConfig } from '../../runtime/core/types';
import { fieldRules } from '../../runtime/core/view/field-state';
import { dateExample } from '../../runtime/core/rules/adapters/dateValue';

/** The rule kinds whose failure is a missing answer (their message is built from the label). */
const MISSING_KINDS: ReadonlySet<string> = new Set(['required', 'requiredIf', 'nestedRequiredIf', 'requiredIfOtherPropertyMatchesRegex', 'requiredOnClientOnly']);

type Locales = Readonly<Record<string, Readonly<Record<string, string>>>>;

const translator =
  (texts: Readonly<Record<string, string>>): RuleContext['t'] =>
  (key, ...args) => {
    const text = texts[key];
    return text === undefined ? undefined : formatMessage(text, ...args);
  };

/** The Spanish definite article a noun most likely takes (a guess: el problema, la mano break it). */
export function guessSpanishArticle(phrase: string): string {
  const noun = (/^[\p{L}]+/u.exec(phrase)?.[0] ?? '').toLocaleLowerCase('es');
  if (/(as)$/.test(noun)) return 'las';
  if (/(os|es)$/.test(noun)) return 'los';
  if (/(a|ción|sión|dad|tad|tud|umbre|ez)$/.test(noun) && !/(ma|pa|día)$/.test(noun)) return 'la';
  return 'el';
}

const pascal = (text: string) => text.replace(/(^|[^A-Za-z0-9]+)([A-Za-z0-9])/g, (_, __, c: string) => c.toUpperCase());

/** The message a field would want in one culture: its instruction with the label and its article. */
function proposedText(label: string, widget: FieldConfig['widget'], culture: string, t: RuleContext['t']): string {
  const phrase = labelInSentence(label.trim().replace(/\s*:$/, ''));
  const withArticle = !namesParticularThing(phrase) ? phrase : culture === 'es' ? `${guessSpanishArticle(phrase)} ${phrase}` : (t('LocKey_Validation_TheField', phrase) ?? phrase);
  if (widget === 'date') return t('LocKey_Validation_EnterDateField', withArticle, dateExample()) ?? withArticle;
  return t(widget === 'radio' || widget === 'select' ? 'LocKey_Validation_ChooseField' : 'LocKey_Validation_EnterField', withArticle) ?? withArticle;
}

/**
 * One warning per field and locale whose label the built-in required message leaves out: a field
 * with a rule that refuses a missing answer and no `messages` entry for it, in a locale whose
 * LocKey_Validation_TheField gives no article.
 */
export function labelMessageWarnings(flows: ReadonlyArray<{ file: string; flow: FlowFile }>, models: readonly ModelConfig[], locales: Locales): FlowIssue[] {
  const warnings: FlowIssue[] = [];
  const cultures = Object.entries(locales).map(([file, texts]) => ({ file, culture: path.basename(file, '.json'), texts, t: translator(texts) }));
  for (const { file, flow } of flows) {
    flow.pages.forEach((page, p) => {
      page.blocks.forEach((block, b) => {
        if (block.block !== 'model' && block.block !== 'records') return;
        const config = models.find((m) => m.metadata.formType === flow.formType && m.metadata.dtoMapping === block.model) ?? null;
        block.fields.forEach((field, f) => {
          const missingKinds = fieldRules(field, config).filter((rule) => MISSING_KINDS.has(rule.type));
          if (missingKinds.length === 0 || field.widget === 'hidden') return;
          if (field.messages?.required || missingKinds.every((rule) => field.messages?.[rule.type])) return;
          for (const { file: localeFile, culture, texts, t } of cultures) {
            const label = texts[field.label] ?? field.label;
            if (!labelWantsOwnMessage(label, field.widget, t)) continue;
            const key = `LocKey_${pascal(page.id)}_${pascal(field.key)}Required`;
            const others = cultures.filter((c) => c.file !== localeFile).map((c) => `${path.basename(c.file)} "${proposedText(c.texts[field.label] ?? field.label, field.widget, c.culture, c.t)}"`);
            const generic =
              t(
                field.widget === 'radio' || field.widget === 'select' ? 'LocKey_Validation_ChooseAnswer' : field.widget === 'date' ? 'LocKey_Validation_EnterDate' : 'LocKey_Validation_EnterAnswer',
                dateExample(),
              ) ?? '';
            warnings.push({
              file,
              pointer: pointer('pages', p, 'blocks', b, 'fields', f),
              message: `${path.basename(localeFile)}: "${label}" takes an article by its noun, which no rule of ${culture} chooses; a missing answer reads "${label}: ${generic}"`,
              hint: `add "messages": { "required": "${key}" } to this field, with ${path.basename(localeFile)} "${proposedText(label, field.widget, culture, t)}"${culture === 'es' ? ' (check the article)' : ''}${others.length ? `, ${others.join(', ')}` : ''}`,
            });
          }
        });
      });
    });
  }
  return warnings;
}
