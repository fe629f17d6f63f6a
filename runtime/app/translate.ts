import { createTranslator } from '../core/i18n';
import type { Translate } from '../widgets/types';

/** The core translator over one culture's texts: {0} placeholders; a missing key shows the key itself. */
export function createTranslate(culture: string, localizations: Record<string, string>): Translate {
  const translator = createTranslator({ culture, dictionaries: { [culture]: localizations } });
  return translator.t;
}
