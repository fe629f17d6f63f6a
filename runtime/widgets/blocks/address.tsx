import type { AddressBlock as AddressBlockConfig } from '../../core/types';
import type { BlockProps } from '../../react/types';
import { addressFields, countryOptions } from '../../core/view/address-fields';

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
