import type { Condition, FieldConfig } from '../types';
import { allCountries, DEFAULT_COUNTRY, US_STATES } from './address-lists';
import { provideAddressFields } from './page-groups';

/** The address model's field names (spec §3). */
export const ADDRESS_FIELDS = {
  street1: 'mailingStreetLine1',
  street2: 'mailingStreetLine2',
  city: 'mailingCity',
  state: 'mailingSubDivision',
  zip: 'mailingPostalCode',
  regionNonUS: 'mailingSubDivisionNonUS',
  postalNonUS: 'mailingPostalCodeNonUS',
  country: 'mailingCountry',
} as const;

/** Label and placeholder keys of the address form. */
export const ADDRESS_KEYS = {
  street1: 'LocKey_Address_StreetLine1',
  street2: 'LocKey_Address_StreetLine2',
  city: 'LocKey_Address_City',
  state: 'LocKey_Address_State',
  statePlaceholder: 'LocKey_Common_SelectPlaceholder',
  zip: 'LocKey_Address_ZipCode',
  regionNonUS: 'LocKey_Address_Region',
  postalNonUS: 'LocKey_Address_PostalCode',
  country: 'LocKey_Address_Country',
  countryPlaceholder: 'LocKey_Common_SelectPlaceholder',
} as const;

const isUS: Condition = { scope: ADDRESS_FIELDS.country, schema: { const: DEFAULT_COUNTRY } };
const notUS: Condition = { not: isUS };

/**
 * The fields of the address form (spec §2), with the autocomplete tokens of their purpose: street lines, then the US city/state/ZIP row while the
 * country is US; with international support, the non-US row (city, region, postal code) while it
 * is not, and the country selector. Country defaults to US. The rows switch through ordinary
 * field dependencies, so leaving a row resets its values.
 */
export function addressFields(international: boolean, countries: Array<{ value: string; label: string }>): FieldConfig[] {
  const fields: FieldConfig[] = [
    { key: ADDRESS_FIELDS.street1, widget: 'text', label: ADDRESS_KEYS.street1, autocomplete: 'address-line1', prepopulatedDataKey: 'MailingStreetLine1' },
    { key: ADDRESS_FIELDS.street2, widget: 'text', label: ADDRESS_KEYS.street2, autocomplete: 'address-line2', prepopulatedDataKey: 'MailingStreetLine2' },
    { key: ADDRESS_FIELDS.city, widget: 'text', label: ADDRESS_KEYS.city, autocomplete: 'address-level2', prepopulatedDataKey: 'MailingCity' },
    {
      key: ADDRESS_FIELDS.state,
      widget: 'select',
      label: ADDRESS_KEYS.state,
      placeholderKey: ADDRESS_KEYS.statePlaceholder,
      autocomplete: 'address-level1',
      options: US_STATES.map((s) => ({ value: s.code, label: s.label })),
      dependencies: [{ when: isUS }],
      prepopulatedDataKey: 'MailingSubDivision',
    },
    { key: ADDRESS_FIELDS.zip, widget: 'text', label: ADDRESS_KEYS.zip, autocomplete: 'postal-code', maskName: 'zipUS', dependencies: [{ when: isUS }], prepopulatedDataKey: 'MailingPostalCode' },
  ];
  if (international) {
    fields.push(
      { key: ADDRESS_FIELDS.regionNonUS, widget: 'text', label: ADDRESS_KEYS.regionNonUS, autocomplete: 'address-level1', dependencies: [{ when: notUS }], prepopulatedDataKey: 'MailingSubDivisionNonUS' },
      {
        key: ADDRESS_FIELDS.postalNonUS,
        widget: 'text',
        label: ADDRESS_KEYS.postalNonUS,
        autocomplete: 'postal-code',
        maskName: 'postalNonUS',
        dependencies: [{ when: notUS }],
        prepopulatedDataKey: 'MailingPostalCodeNonUS',
      },
      {
        key: ADDRESS_FIELDS.country,
        widget: 'select',
        label: ADDRESS_KEYS.country,
        placeholderKey: ADDRESS_KEYS.countryPlaceholder,
        autocomplete: 'country',
        options: countries,
        defaultValue: DEFAULT_COUNTRY,
        prepopulatedDataKey: 'MailingCountry',
      },
    );
  } else {
    fields.push({ key: ADDRESS_FIELDS.country, widget: 'hidden', label: ADDRESS_KEYS.country, defaultValue: DEFAULT_COUNTRY });
  }
  return fields;
}

/** Country options with labels in the claimant's language where the runtime knows them (Intl). */
export function countryOptions(culture: string): Array<{ value: string; label: string }> {
  const known = countryCache.get(culture);
  if (known) return known;
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([culture], { type: 'region' });
  } catch {
    names = null;
  }
  const options = allCountries().map((c) => ({ value: c.code, label: names?.of(c.code) ?? c.label }));
  // One collator for the whole sort: localeCompare with a locale builds one per comparison.
  let compare: (a: string, b: string) => number;
  try {
    compare = new Intl.Collator(culture).compare;
  } catch {
    compare = (a, b) => a.localeCompare(b);
  }
  options.sort((a, b) => compare(a.label, b.label));
  countryCache.set(culture, options);
  return options;
}
const countryCache = new Map<string, Array<{ value: string; label: string }>>();

export const defaultCountryOptions = () => allCountries().map((c) => ({ value: c.code, label: c.label }));

/** The default country options, made once (the server checks every address block with them). */
let defaultCountries: Array<{ value: string; label: string }> | undefined;
/** An address block's fields by country options and international support: the same configs every time, not ~300 new objects per block. */
const addressFieldsOf = new WeakMap<object, { domestic?: FieldConfig[]; international?: FieldConfig[] }>();

function addressBlockFields(international: boolean, countries = (defaultCountries ??= defaultCountryOptions())): FieldConfig[] {
  const made = addressFieldsOf.get(countries) ?? {};
  addressFieldsOf.set(countries, made);
  const variant = international ? 'international' : 'domestic';
  return (made[variant] ??= addressFields(international, countries));
}

// The page engine's address fields (page-groups.ts blockFields): whatever imports this module can draw and check an address page.
provideAddressFields(addressBlockFields);
