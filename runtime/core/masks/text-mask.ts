/**
 * The two text-mask-core functions the masks use, typed. The package declares everything as `any`
 * and leaves adjustCaretPosition out of its declarations; this file is the only place that says
 * what they take and give back. (A default import: Node's ESM loader sees the bundle as CommonJS.)
 */
import textMaskCore from 'text-mask-core';
import type { MaskArray } from './types';

interface ConformConfig {
  guide: boolean;
  previousConformedValue: string;
  placeholderChar: string;
  placeholder: string;
  currentCaretPosition: number;
}

interface CaretConfig {
  previousConformedValue: string;
  previousPlaceholder: string;
  conformedValue: string;
  placeholder: string;
  rawValue: string;
  currentCaretPosition: number;
  placeholderChar: string;
}

interface TextMaskCore {
  conformToMask(rawValue: string, mask: MaskArray, config: ConformConfig): { conformedValue: string };
  adjustCaretPosition(config: CaretConfig): number;
}

// Typed here: the package declares its parameters `any` (text-mask-core.d.ts adds the caret function it leaves out).
const typedCore: TextMaskCore = textMaskCore;
export const { conformToMask, adjustCaretPosition } = typedCore;
