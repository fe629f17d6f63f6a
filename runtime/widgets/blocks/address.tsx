import type { AddressBlock as AddressBlockConfig } from '../../core/types';
import type { BlockProps } from '../../react/types';
import { countryOptions } from '../../core/view/address-fields';
import { blockFields } from '../../core/view/page-groups';
import { readsNoAnswers } from './reads';

/**
 * The address form (spec §2): street lines; city, state and ZIP while the country is US; with
 * international support, city, region and postal code otherwise, and the country selector.
 */
export function AddressBlock({ config, ctx }: BlockProps<AddressBlockConfig>) {
  // The same field configs on every render (made once per country list): a keystroke elsewhere
  // on the page does not draw the address again.
  const fields = blockFields(config, { internationalAddresses: ctx.settings.internationalAddresses, countries: countryOptions(ctx.culture) });
  return <div className="cf-block cf-block--address cf-address">{ctx.renderFields({ model: config.model, fields, legendKey: config.legendKey })}</div>;
}
AddressBlock.blockName = 'address' as const;
AddressBlock.sameAnswers = readsNoAnswers;
/** The country list in the claimant's language: built once per culture (Intl.DisplayNames, a collator). */
AddressBlock.prepare = (culture: string) => void countryOptions(culture);
