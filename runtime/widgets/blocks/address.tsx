import type { AddressBlock as AddressBlockConfig } from '../../core/types';
import type { BlockProps } from '../../react/types';
import { addressFields } from './address-fields';
import { COUNTRIES } from './address-lists';

/** Country options with labels in the claimant's language where the browser knows them. */
export function countryOptions(culture: string): Array<{ value: string; label: string }> {
  const known = countryCache.get(culture);
  if (known) return known;
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([culture], { type: 'region' });
  } catch {
    names = null;
  }
  const options = COUNTRIES.map((c) => ({ value: c.code, label: names?.of(c.code) ?? c.label }));
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

/**
 * The address form (spec §2): street lines; city, state and ZIP while the country is US; with
 * international support, city, region and postal code otherwise, and the country selector.
 */
export function AddressBlock({ config, ctx }: BlockProps<AddressBlockConfig>) {
  const international = Boolean(config.international && ctx.settings.internationalAddresses);
  const fields = addressFields(international, countryOptions(ctx.culture));
  return <div className="cf-block cf-block--address cf-address">{ctx.renderFields({ model: config.model, fields, legendKey: config.legendKey })}</div>;
}
AddressBlock.blockName = 'address' as const;
/** The country list in the claimant's language: built once per culture (Intl.DisplayNames, a collator). */
AddressBlock.prepare = (culture: string) => void countryOptions(culture);
