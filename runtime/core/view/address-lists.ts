/** US states and districts, territories and military codes (spec §3), and countries (code + label). */

export interface CodeLabel {
  code: string;
  label: string;
}

/** 50 states, DC, territories and the military codes AA, AE, AP. */
export const US_STATES: readonly CodeLabel[] = [
  { code: 'AL', label: 'Alabama' },
  { code: 'AK', label: 'Alaska' },
  { code: 'AZ', label: 'Arizona' },
  { code: 'AR', label: 'Arkansas' },
  { code: 'CA', label: 'California' },
  { code: 'CO', label: 'Colorado' },
  { code: 'CT', label: 'Connecticut' },
  { code: 'DE', label: 'Delaware' },
  { code: 'FL', label: 'Florida' },
  { code: 'GA', label: 'Georgia' },
  { code: 'HI', label: 'Hawaii' },
  { code: 'ID', label: 'Idaho' },
  { code: 'IL', label: 'Illinois' },
  { code: 'IN', label: 'Indiana' },
  { code: 'IA', label: 'Iowa' },
  { code: 'KS', label: 'Kansas' },
  { code: 'KY', label: 'Kentucky' },
  { code: 'LA', label: 'Louisiana' },
  { code: 'ME', label: 'Maine' },
  { code: 'MD', label: 'Maryland' },
  { code: 'MA', label: 'Massachusetts' },
  { code: 'MI', label: 'Michigan' },
  { code: 'MN', label: 'Minnesota' },
  { code: 'MS', label: 'Mississippi' },
  { code: 'MO', label: 'Missouri' },
  { code: 'MT', label: 'Montana' },
  { code: 'NE', label: 'Nebraska' },
  { code: 'NV', label: 'Nevada' },
  { code: 'NH', label: 'New Hampshire' },
  { code: 'NJ', label: 'New Jersey' },
  { code: 'NM', label: 'New Mexico' },
  { code: 'NY', label: 'New York' },
  { code: 'NC', label: 'North Carolina' },
  { code: 'ND', label: 'North Dakota' },
  { code: 'OH', label: 'Ohio' },
  { code: 'OK', label: 'Oklahoma' },
  { code: 'OR', label: 'Oregon' },
  { code: 'PA', label: 'Pennsylvania' },
  { code: 'RI', label: 'Rhode Island' },
  { code: 'SC', label: 'South Carolina' },
  { code: 'SD', label: 'South Dakota' },
  { code: 'TN', label: 'Tennessee' },
  { code: 'TX', label: 'Texas' },
  { code: 'UT', label: 'Utah' },
  { code: 'VT', label: 'Vermont' },
  { code: 'VA', label: 'Virginia' },
  { code: 'WA', label: 'Washington' },
  { code: 'WV', label: 'West Virginia' },
  { code: 'WI', label: 'Wisconsin' },
  { code: 'WY', label: 'Wyoming' },
  { code: 'DC', label: 'District of Columbia' },
  { code: 'AS', label: 'American Samoa' },
  { code: 'GU', label: 'Guam' },
  { code: 'MP', label: 'Northern Mariana Islands' },
  { code: 'PR', label: 'Puerto Rico' },
  { code: 'VI', label: 'U.S. Virgin Islands' },
  { code: 'UM', label: 'U.S. Minor Outlying Islands' },
  { code: 'FM', label: 'Federated States of Micronesia' },
  { code: 'MH', label: 'Marshall Islands' },
  { code: 'PW', label: 'Palau' },
  { code: 'AA', label: 'Armed Forces Americas' },
  { code: 'AE', label: 'Armed Forces Europe, Middle East, Africa, Canada' },
  { code: 'AP', label: 'Armed Forces Pacific' },
];

/**
 * Countries by ISO 3166-1 alpha-2 code, in the order of their English labels. The labels are Intl's
 * English region names (the same words, without shipping them on every start page), but where this
 * list words them its own way (OWN_LABELS); the address block localizes them through Intl.
 */
const COUNTRY_CODES = [
  'AF AL DZ AD AO AG AR AM AU AT AZ BS BH BD BB BY BE BZ BJ BT BO BA BW BR BN',
  'BG BF BI CV KH CM CA CF TD CL CN CO KM CG CD CR CI HR CU CY CZ DK DJ DM DO',
  'EC EG SV GQ ER EE SZ ET FJ FI FR GA GM GE DE GH GR GD GT GN GW GY HT HN HK',
  'HU IS IN ID IR IQ IE IL IT JM JP JO KZ KE KI KP KR XK KW KG LA LV LB LS LR',
  'LY LI LT LU MO MG MW MY MV ML MT MH MR MU MX FM MD MC MN ME MA MZ MM NA NR',
  'NP NL NZ NI NE NG MK NO OM PK PW PS PA PG PY PE PH PL PT QA RO RU RW KN LC',
  'VC WS SM ST SA SN RS SC SL SG SK SI SB SO ZA SS ES LK SD SR SE CH SY TW TJ',
  'TZ TH TL TG TO TT TN TR TM TV UG UA AE GB US UY UZ VU VA VE VN YE ZM ZW',
].join(' ');

/** English labels of the list that differ from Intl's region names. */
const OWN_LABELS: Readonly<Record<string, string>> = {
  AG: 'Antigua and Barbuda',
  BA: 'Bosnia and Herzegovina',
  CV: 'Cabo Verde',
  CG: 'Congo',
  CD: 'Congo (Democratic Republic)',
  CI: "Côte d'Ivoire",
  HK: 'Hong Kong',
  KP: 'Korea (North)',
  KR: 'Korea (South)',
  MO: 'Macao',
  MM: 'Myanmar',
  PS: 'Palestine',
  KN: 'Saint Kitts and Nevis',
  LC: 'Saint Lucia',
  VC: 'Saint Vincent and the Grenadines',
  ST: 'Sao Tome and Principe',
  TT: 'Trinidad and Tobago',
};

function englishRegionNames(): Intl.DisplayNames | null {
  try {
    return new Intl.DisplayNames(['en'], { type: 'region' });
  } catch {
    return null;
  }
}

let countries: readonly CodeLabel[] | null = null;

/**
 * Countries by ISO 3166-1 alpha-2 code with English labels (labels are localized through Intl when
 * available). Made on first use, not when the module loads: a start page makes no Intl object
 * while it loads.
 */
export function allCountries(): readonly CodeLabel[] {
  if (countries) return countries;
  const english = englishRegionNames();
  countries = COUNTRY_CODES.split(' ').map((code) => ({ code, label: OWN_LABELS[code] ?? english?.of(code) ?? code }));
  return countries;
}

export const DEFAULT_COUNTRY = 'US';
