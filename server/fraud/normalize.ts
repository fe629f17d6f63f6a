/**
 * Normal forms of what claimants type, so that two claims giving the same e-mail, phone or mailing
 * address in different spellings compare equal. Pure functions; each returns null when there is
 * nothing to compare (empty or unreadable input), and a null never matches another claim.
 */

/** Providers that deliver `name+anything@` to `name@`. */
const PLUS_TAG_DOMAINS = new Set([
  'gmail.com',
  'outlook.com',
  'hotmail.com',
  'live.com',
  'msn.com',
  'icloud.com',
  'me.com',
  'mac.com',
  'protonmail.com',
  'proton.me',
  'pm.me',
  'fastmail.com',
  'yandex.com',
  'zoho.com',
]);

/** Other names of one mailbox provider. */
const DOMAIN_ALIASES: Record<string, string> = { 'googlemail.com': 'gmail.com', 'protonmail.ch': 'protonmail.com', 'ya.ru': 'yandex.com', 'yandex.ru': 'yandex.com' };

/**
 * An e-mail address as its mailbox: lower case; Gmail's dots ignored (and googlemail.com is
 * gmail.com); `+tags` dropped where the provider delivers them to the untagged mailbox, and Yahoo's
 * `-` disposable suffixes likewise.
 */
export function normalizeEmail(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const text = value.trim().toLowerCase().replace(/^mailto:/, '');
  const at = text.lastIndexOf('@');
  if (at < 1 || at === text.length - 1 || /\s/.test(text)) return null;
  let local = text.slice(0, at);
  let domain = text.slice(at + 1).replace(/\.+$/, '');
  domain = DOMAIN_ALIASES[domain] ?? domain;
  if (PLUS_TAG_DOMAINS.has(domain)) local = local.slice(0, local.includes('+') ? local.indexOf('+') : undefined);
  if (domain === 'gmail.com') local = local.replace(/\./g, '');
  if (domain === 'yahoo.com' || domain === 'ymail.com') local = local.slice(0, local.includes('-') ? local.indexOf('-') : undefined);
  if (!local || !domain.includes('.')) return null;
  return `${local}@${domain}`;
}

/** The domain of an e-mail address, lower case (aliases resolved), or null. */
export function emailDomain(value: unknown): string | null {
  const email = normalizeEmail(value);
  return email ? email.slice(email.lastIndexOf('@') + 1) : null;
}

/**
 * A phone number as its digits with the country code (E.164 without the `+`): punctuation and
 * an extension dropped, the international prefixes `00` and `011` read as `+`, and a national
 * number of a North American country (`country` US, CA, …: 10 digits, or 11 starting with 1)
 * given the country code 1.
 */
export function normalizePhone(value: unknown, country = 'US'): string | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const text = String(value)
    .trim()
    .replace(/\s*(?:ext\.?|extension|x|#)\s*\d+\s*$/i, '');
  const prefix = /^(\+|00|011)/.exec(text)?.[1];
  let digits = text.replace(/\D/g, '');
  if (prefix === '00' || prefix === '011') digits = digits.slice(prefix.length);
  else if (!prefix && NANP.has(country.toUpperCase()) && digits.length === 10) digits = `1${digits}`;
  return digits.length >= 7 && digits.length <= 15 ? digits : null;
}

const NANP = new Set(['US', 'CA', 'PR', 'GU', 'VI', 'AS', 'MP']);

/** USPS street suffixes and secondary unit designators (Publication 28), and directionals. */
const ABBREVIATIONS: Record<string, string> = {
  street: 'st',
  str: 'st',
  avenue: 'ave',
  av: 'ave',
  avn: 'ave',
  boulevard: 'blvd',
  boul: 'blvd',
  road: 'rd',
  drive: 'dr',
  drv: 'dr',
  lane: 'ln',
  court: 'ct',
  place: 'pl',
  parkway: 'pkwy',
  pkway: 'pkwy',
  highway: 'hwy',
  circle: 'cir',
  terrace: 'ter',
  square: 'sq',
  trail: 'trl',
  expressway: 'expy',
  freeway: 'fwy',
  mount: 'mt',
  saint: 'st',
  north: 'n',
  south: 's',
  east: 'e',
  west: 'w',
  northeast: 'ne',
  northwest: 'nw',
  southeast: 'se',
  southwest: 'sw',
  apartment: 'unit',
  apt: 'unit',
  suite: 'unit',
  ste: 'unit',
  unit: 'unit',
  room: 'unit',
  rm: 'unit',
  floor: 'fl',
  building: 'bldg',
};

/** Lower case, accents and punctuation dropped, spaces collapsed. */
export function normalizeText(value: unknown): string {
  if (typeof value !== 'string' && typeof value !== 'number') return '';
  return String(value)
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}#]+/gu, ' ')
    .trim();
}

function normalizeStreet(text: string): string {
  const words = normalizeText(text)
    .replace(/#\s*/g, ' unit ')
    .replace(/\bp\s*o\s*box\b/g, 'pobox')
    .replace(/\bpost office box\b/g, 'pobox')
    .split(' ')
    .filter(Boolean)
    .map((w) => ABBREVIATIONS[w] ?? w);
  // "unit unit 4" (Apt # 4) is one unit.
  return words.filter((w, i) => !(w === 'unit' && words[i + 1] === 'unit')).join(' ');
}

export interface MailingAddress {
  street1?: unknown;
  street2?: unknown;
  city?: unknown;
  subdivision?: unknown;
  postalCode?: unknown;
  country?: unknown;
}

/**
 * A mailing address as one line: street and unit with USPS abbreviations (Street → st, Apartment,
 * Apt, Suite, Unit and # → unit), case and punctuation ignored, a US ZIP+4 cut to its five digits;
 * the city only when there is no postal code. Null without a street.
 */
export function normalizeAddress(address: MailingAddress): string | null {
  const street = [address.street1, address.street2].map((s) => (typeof s === 'string' ? normalizeStreet(s) : '')).filter(Boolean).join(' ');
  if (!street) return null;
  const country = (typeof address.country === 'string' && address.country.trim() ? address.country.trim() : 'US').toUpperCase();
  let postal = normalizeText(address.postalCode).replace(/\s/g, '');
  if (country === 'US') postal = postal.replace(/^(\d{5})\d{4}$/, '$1');
  const place = postal || [normalizeText(address.city), normalizeText(address.subdivision)].filter(Boolean).join(' ');
  return `${street}|${place}|${country}`;
}

/** A payment account (an account number, or an e-mail for an electronic payment) in one form. */
export function normalizeAccount(value: unknown): string | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const text = String(value).trim();
  if (text.includes('@')) return normalizeEmail(text);
  const plain = text.toLowerCase().replace(/[^a-z0-9]/g, '');
  return plain.length >= 4 ? plain : null;
}

/**
 * The network a client address belongs to: the /24 of an IPv4 address (IPv4-mapped IPv6 read as
 * IPv4), the /64 of an IPv6 address.
 */
export function networkOf(ip: string): string {
  const v4 = /^(?:::ffff:)?(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.\d{1,3}$/i.exec(ip);
  if (v4) return `${v4[1]}.${v4[2]}.${v4[3]}.0/24`;
  if (!ip.includes(':')) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
