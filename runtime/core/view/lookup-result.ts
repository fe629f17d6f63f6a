import { findModel } from '../models';
import type { LookupResultBlock, ModelStoreState, PageConfig } from '../types';

/** What a lookup result box shows: its variant and its text. */
export interface LookupResultView {
  feedback: 'success' | 'warning';
  text: string;
}

/**
 * The lookup's outcome as its page shows it: success when the answer is in the class list (a class
 * vehicle, a class member's identifier), else a warning with the server's words when it gave some.
 * The texts' {0} is what was looked up: the first credential the page asks for (a VIN, a Claim ID).
 */
export function lookupResultView(
  page: PageConfig,
  block: LookupResultBlock,
  store: ModelStoreState,
  result: { authorized: boolean; error: string | null },
  t: (key: string, ...args: string[]) => string,
): LookupResultView {
  const asked = page.blocks.find((b) => b.block === 'model' && b.model === 'Credentials');
  const key = asked?.block === 'model' ? (asked.fields[0]?.key ?? 'vin') : 'vin';
  const value = findModel(store, 'Credentials')?.fields[key];
  const text = typeof value === 'string' ? value : '';
  return result.authorized ? { feedback: 'success', text: t(block.successKey, text) } : { feedback: 'warning', text: result.error ?? t(block.warningKey, text) };
}
