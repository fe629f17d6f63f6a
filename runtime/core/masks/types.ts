/** One position of a text-mask mask: a literal character or a pattern for one typed character. */
export type MaskSlot = string | RegExp;
export type MaskArray = MaskSlot[];
/** Variable-length masks (currency) are built from what was typed. */
export type MaskFunction = (rawValue: string) => MaskArray;

/**
 * A named input mask. The input widgets conform every edit with it through conformEdit (core/masks),
 * which lays the text on `mask` with text-mask-core's conformToMask and then applies `pipe`.
 * The model stores the conformed display string ('(510) 555-0142', '1,234.50'), never the raw digits.
 */
export interface MaskDefinition {
  name: string;
  mask: MaskArray | MaskFunction;
  /** Always false: no placeholder characters in the field, so the stored value is what the claimant sees. */
  guide: false;
  /** Applied after conforming (upper-casing a VIN). Same length in, same length out. */
  pipe?: (conformedValue: string) => string;
}
