import type { MaskArray, MaskDefinition } from '../types';

export const DATE_MASK = 'date';

const DIGIT = /\d/;
/** What a claimant types to end the month or the day after one digit ('1/' is January). */
const SEPARATOR = /[/.-]/;

/**
 * How many digits the month and the day take in `raw`: one when a separator follows a single digit,
 * else two. A separator right after a full part (the slash the mask already added, a doubled one)
 * ends nothing.
 */
function partLengths(raw: string): [number, number] {
  const lengths: number[] = [];
  let digitsInPart = 0;
  for (const ch of raw) {
    if (lengths.length === 2) break;
    if (DIGIT.test(ch)) {
      digitsInPart++;
      if (digitsInPart === 2) {
        lengths.push(2);
        digitsInPart = 0;
      }
    } else if (digitsInPart === 1 && SEPARATOR.test(ch)) {
      lengths.push(1);
      digitsInPart = 0;
    }
  }
  return [lengths[0] ?? 2, lengths[1] ?? 2];
}

function digits(count: number): MaskArray {
  return Array.from({ length: count }, () => DIGIT);
}

/**
 * ##/##/####, auto-completing: without a guide text-mask adds each slash as soon as the digits
 * before it are typed ('03152016' gives 03/15/2016). A slash typed after one digit closes the month
 * or the day there, so every form spec §5 accepts (M/d/yyyy, M/dd/yyyy, MM/d/yyyy, MM/dd/yyyy) can
 * be typed as written: '1/1/2020', '12/5/2024'.
 */
export const dateMask: MaskDefinition = {
  name: DATE_MASK,
  mask(raw) {
    const [month, day] = partLengths(raw);
    return [...digits(month), '/', ...digits(day), '/', ...digits(4)];
  },
  guide: false,
};
