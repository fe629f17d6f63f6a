import { createTranslator, deadlineText } from '../core/i18n';
import type { DeadlineSettings } from '../core/types';
import type { Translate } from '../widgets/types';

/**
 * The core translator over one culture's texts: {0} placeholders; a missing key shows the key
 * itself. The deadline keys of spec §9 (LocKey_Deadline_<Deadline>_<Format>) read the deadline
 * settings, formatted on first use.
 */
export function createTranslate(culture: string, localizations: Record<string, string>, deadlines: DeadlineSettings = {}): Translate {
  const translator = createTranslator({ culture, dictionaries: { [culture]: localizations } });
  return (key, ...args) => deadlineText(key, deadlines, culture) ?? translator.t(key, ...args);
}
