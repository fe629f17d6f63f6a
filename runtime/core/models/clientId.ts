/** Client ids (spec §3): prefix + 7-digit zero-padded sequence + 8 random characters [a-z0-9]. */

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
export const CLIENT_ID_RANDOM_LENGTH = 8;
export const CLIENT_ID_SEQUENCE_DIGITS = 7;
export const DEFAULT_CLIENT_ID_PREFIX = 'clm';

/** `random` returns a number in [0, 1), like Math.random. */
export function createClientId(prefix: string, seq: number, random: () => number): string {
  const sequence = String(seq).padStart(CLIENT_ID_SEQUENCE_DIGITS, '0');
  let suffix = '';
  for (let i = 0; i < CLIENT_ID_RANDOM_LENGTH; i += 1) {
    const index = Math.min(ALPHABET.length - 1, Math.floor(random() * ALPHABET.length));
    suffix += ALPHABET.charAt(index);
  }
  return `${prefix}${sequence}${suffix}`;
}

/** Hands out client ids with a growing sequence number (starting at 1). */
export interface IdSource {
  next(prefix?: string): string;
}

export function createIdSource(random: () => number = Math.random, prefix: string = DEFAULT_CLIENT_ID_PREFIX): IdSource {
  let seq = 0;
  return {
    next(override?: string) {
      seq += 1;
      return createClientId(override ?? prefix, seq, random);
    },
  };
}

export const CLIENT_ID_PATTERN = /^[A-Za-z]*\d{7}[a-z0-9]{8}$/;
