/**
 * Default messages of the rule kinds of spec §5, by localization key. Localized templates use
 * numbered placeholders ({0}, {1}); the English text is also the fallback when a key is missing
 * from the loaded localizations. locales/en.json and locales/es.json carry the same keys.
 *
 * Placeholders per key:
 * - NumberBetween, DateBetween: {0} = min, {1} = max (dates in M/d/yyyy)
 * - MaxLength: {0} = max
 * - EndDate, EndDateInclusive: {0} = the start date (M/d/yyyy)
 * - InvalidDate, ValidDate: {0} = an example date in the first accepted format (3/15/2016)
 * - EnterField, ChooseField: {0} = the field's label inside a sentence ('first name')
 * - EnterDateField: {0} = the label, {1} = an example date; EnterDate: {0} = an example date
 *
 * The Enter and Choose keys tell a missing or malformed value in the field's words (engine.ts).
 * - RestrictedCharacters: no placeholder; the offending characters are appended after a space
 * - UnseenSpace, UnseenCharacter, UnseenMark: {0} = the code point (U+00A0) of a refused character
 *   the claimant cannot see in the list
 */
export const RULE_MESSAGES: Record<string, { en: string; es: string }> = {
  LocKey_Validation_Required: {
    en: 'Enter an answer',
    es: 'Ingrese una respuesta',
  },
  LocKey_Validation_RequiredIf: {
    en: 'Enter an answer',
    es: 'Ingrese una respuesta',
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
  LocKey_Validation_UnseenSpace: {
    en: '{0} (a special space)',
    es: '{0} (un espacio especial)',
  },
  LocKey_Validation_UnseenCharacter: {
    en: '{0} (an invisible character)',
    es: '{0} (un carácter invisible)',
  },
  LocKey_Validation_UnseenMark: {
    en: '{0} (an accent mark on its own)',
    es: '{0} (un acento suelto)',
  },
  LocKey_Validation_InvalidValue: {
    en: 'The value is not valid',
    es: 'El valor no es válido',
  },
  LocKey_Validation_InvalidDate: {
    en: 'Enter a real date, for example {0}',
    es: 'Ingrese una fecha real, por ejemplo {0}',
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
    en: 'Enter a real date, for example {0}',
    es: 'Ingrese una fecha real, por ejemplo {0}',
  },
  LocKey_Validation_MustBeTrue: {
    en: 'Check this box to continue',
    es: 'Marque esta casilla para continuar',
  },
  LocKey_Validation_RequireOne: {
    en: 'At least one option is required.',
    es: 'Se requiere al menos una opción.',
  },
  LocKey_Validation_Compare: {
    en: 'The values do not match',
    es: 'Los valores no coinciden',
  },
  LocKey_Validation_EnterField: {
    en: 'Enter {0}',
    es: 'Ingrese {0}',
  },
  LocKey_Validation_ChooseField: {
    en: 'Choose {0}',
    es: 'Elija {0}',
  },
  LocKey_Validation_EnterDateField: {
    en: 'Enter {0}, for example {1}',
    es: 'Ingrese {0}, por ejemplo {1}',
  },
  LocKey_Validation_TheField: {
    en: 'the {0}',
    es: '{0}',
  },
  LocKey_Validation_EnterAnswer: {
    en: 'Enter your answer',
    es: 'Ingrese su respuesta',
  },
  LocKey_Validation_ChooseAnswer: {
    en: 'Choose an answer',
    es: 'Elija una respuesta',
  },
  LocKey_Validation_EnterDate: {
    en: 'Enter a date, for example {0}',
    es: 'Ingrese una fecha, por ejemplo {0}',
  },
  LocKey_Validation_ChooseFile: {
    en: 'Choose a file to upload',
    es: 'Elija un archivo para cargar',
  },
};

/** Fills numbered placeholders: format('{0} and {1}', 1, 2) -> '1 and 2'. Unknown indexes stay as written. */
export function formatMessage(template: string, ...args: Array<string | number>): string {
  return template.replace(/\{(\d+)\}/g, (whole, index: string) => {
    const arg = args[Number(index)];
    return arg === undefined ? whole : String(arg);
  });
}
