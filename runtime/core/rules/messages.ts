/**
 * Default messages of the rule kinds of spec §5, by localization key. Localized templates use
 * numbered placeholders ({0}, {1}); the English text is also the fallback when a key is missing
 * from the loaded localizations. locales/en.json and locales/es.json carry the same keys.
 *
 * Placeholders per key:
 * - NumberBetween, DateBetween: {0} = min, {1} = max (dates in M/d/yyyy)
 * - MaxLength: {0} = max
 * - EndDate, EndDateInclusive: {0} = the start date (M/d/yyyy)
 * - ValidDate: {0} = the accepted formats, joined with ', '
 * - RestrictedCharacters: no placeholder; the offending characters are appended after a space
 */
export const RULE_MESSAGES: Record<string, { en: string; es: string }> = {
  LocKey_Validation_Required: {
    en: 'Value is required',
    es: 'El valor es obligatorio',
  },
  LocKey_Validation_RequiredIf: {
    en: 'The value is required',
    es: 'El valor es obligatorio',
  },
  LocKey_Validation_NumberBetween: {
    en: 'The value must be between {0} and {1}',
    es: 'El valor debe estar entre {0} y {1}',
  },
  LocKey_Validation_DateBetween: {
    en: 'The date must be between {0} and {1}',
    es: 'La fecha debe estar entre el {0} y el {1}',
  },
  LocKey_Validation_MaxLength: {
    en: 'The maximum length allowed is {0}',
    es: 'La longitud máxima permitida es {0}',
  },
  LocKey_Validation_RestrictedCharacters: {
    en: 'The following characters are not allowed:',
    es: 'Los siguientes caracteres no están permitidos:',
  },
  LocKey_Validation_InvalidValue: {
    en: 'The value is not valid',
    es: 'El valor no es válido',
  },
  LocKey_Validation_InvalidDate: {
    en: 'Enter a valid date in the format mm/dd/yyyy',
    es: 'Introduzca una fecha válida con el formato mm/dd/aaaa',
  },
  LocKey_Validation_EndDate: {
    en: 'The date must be after {0}',
    es: 'La fecha debe ser posterior al {0}',
  },
  LocKey_Validation_EndDateInclusive: {
    en: 'The date must be on or after {0}',
    es: 'La fecha debe ser igual o posterior al {0}',
  },
  LocKey_Validation_FutureDate: {
    en: 'The date must be before today',
    es: 'La fecha debe ser anterior a hoy',
  },
  LocKey_Validation_FutureDateInclusive: {
    en: 'The date cannot be in the future',
    es: 'La fecha no puede ser futura',
  },
  LocKey_Validation_ValidDate: {
    en: 'Enter a valid date in one of these formats: {0}',
    es: 'Introduzca una fecha válida en uno de estos formatos: {0}',
  },
  LocKey_Validation_MustBeTrue: {
    en: 'This box must be checked',
    es: 'Debe marcar esta casilla',
  },
  LocKey_Validation_RequireOne: {
    en: 'At least one option is required.',
    es: 'Se requiere al menos una opción.',
  },
  LocKey_Validation_Compare: {
    en: 'The values do not match',
    es: 'Los valores no coinciden',
  },
};

/** Fills numbered placeholders: format('{0} and {1}', 1, 2) -> '1 and 2'. Unknown indexes stay as written. */
export function formatMessage(template: string, ...args: Array<string | number>): string {
  return template.replace(/\{(\d+)\}/g, (whole, index: string) => {
    const arg = args[Number(index)];
    return arg === undefined ? whole : String(arg);
  });
}
