import type { FieldConfig, TextInputMode, TextInputType } from '../types';

/** What helps a browser fill a field and a phone show the right keyboard (WCAG 1.3.5 identify input purpose). */
export interface InputHints {
  autocomplete?: string;
  inputType?: TextInputType;
  inputMode?: TextInputMode;
}

/** The model of the claimant's contact fields (spec §3) and its fields' purposes. */
export const CONTACT_MODEL = 'ClaimantInfo';
export const CONTACT_INPUTS: Readonly<Record<string, InputHints>> = {
  firstName: { autocomplete: 'given-name' },
  middleInitial: { autocomplete: 'additional-name' },
  lastName: { autocomplete: 'family-name' },
  emailAddress: { autocomplete: 'email', inputType: 'email' },
  // The US mask formats ten digits: the national number is what fits.
  phoneNumber: { autocomplete: 'tel-national', inputType: 'tel' },
  alternatePhoneNumber: { autocomplete: 'tel', inputType: 'tel' },
};

/**
 * The input hints of a field: what its flow config declares, else the default of a contact field
 * of the claimant's model (address blocks declare theirs in their field configs).
 */
export function inputHints(field: FieldConfig, dtoMapping: string): InputHints {
  const isContact = dtoMapping.toLowerCase() === CONTACT_MODEL.toLowerCase();
  const defaults = (isContact && Object.hasOwn(CONTACT_INPUTS, field.key) ? CONTACT_INPUTS[field.key] : undefined) ?? {};
  return {
    autocomplete: field.autocomplete ?? defaults.autocomplete,
    inputType: field.inputType ?? defaults.inputType,
    inputMode: field.inputMode ?? defaults.inputMode,
  };
}
