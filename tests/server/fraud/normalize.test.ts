/**
 * The normal forms claims are compared on: the spellings of one e-mail address, phone number,
 * mailing address or payment account that people (and scripts varying them on purpose) use.
 */
import { describe, expect, it } from 'vitest';
import { emailDomain, networkOf, normalizeAccount, normalizeAddress, normalizeEmail, normalizePhone, normalizeText } from '../../../server/fraud/normalize.js';

describe('normalizeEmail', () => {
  it.each([
    ['Jane.Doe@Gmail.com', 'janedoe@gmail.com'],
    ['j.a.n.e.doe+claims@gmail.com', 'janedoe@gmail.com'],
    ['janedoe+settlement2024@googlemail.com', 'janedoe@gmail.com'],
    ['  JANEDOE@GMAIL.COM  ', 'janedoe@gmail.com'],
    ['mailto:janedoe@gmail.com', 'janedoe@gmail.com'],
    ['bot+17@gmail.com', 'bot@gmail.com'],
    ['jane.doe+news@outlook.com', 'jane.doe@outlook.com'],
    ['Jane.Doe+x@iCloud.com', 'jane.doe@icloud.com'],
    ['jane.doe-shopping@yahoo.com', 'jane.doe@yahoo.com'],
    ['jane+x@protonmail.ch', 'jane@protonmail.com'],
  ])('%s is %s', (given, expected) => expect(normalizeEmail(given)).toBe(expected));

  it('keeps dots and tags where the provider does not ignore them', () => {
    expect(normalizeEmail('jane.doe+1@example.com')).toBe('jane.doe+1@example.com');
    expect(normalizeEmail('jane.doe@example.com')).not.toBe(normalizeEmail('janedoe@example.com'));
  });

  it.each([[''], ['no-at-sign'], ['@example.com'], ['jane@'], ['jane doe@example.com'], ['jane@localhost'], [null], [42]])('%s is nothing to compare', (given) => expect(normalizeEmail(given)).toBeNull());

  it('gives the domain', () => expect(emailDomain('X@GoogleMail.com')).toBe('gmail.com'));
});

describe('normalizePhone', () => {
  it.each([
    ['(510) 555-0142', '15105550142'],
    ['510-555-0142', '15105550142'],
    ['510.555.0142', '15105550142'],
    ['+1 510 555 0142', '15105550142'],
    ['1 (510) 555-0142', '15105550142'],
    ['001 510 555 0142', '15105550142'],
    ['(510) 555-0142 ext. 12', '15105550142'],
    ['510-555-0142 x7', '15105550142'],
    ['+44 20 7946 0958', '442079460958'],
    ['011 44 20 7946 0958', '442079460958'],
  ])('%s is %s', (given, expected) => expect(normalizePhone(given)).toBe(expected));

  it('reads a national number in its own country', () => {
    expect(normalizePhone('416 555 0199', 'CA')).toBe('14165550199');
    expect(normalizePhone('020 7946 0958', 'GB')).toBe('02079460958');
  });

  it.each([[''], ['555'], ['call me'], [null]])('%s is nothing to compare', (given) => expect(normalizePhone(given)).toBeNull());
});

describe('normalizeAddress', () => {
  const at = (street1: string, street2: string | null = null, postalCode = '94607') => normalizeAddress({ street1, street2, city: 'Oakland', subdivision: 'CA', postalCode, country: 'US' });

  it('reads street suffixes, units, directionals, case and punctuation as one', () => {
    const one = at('1200 Harbor Boulevard', 'Apartment 4B');
    for (const [street1, street2] of [
      ['1200 Harbor Blvd', 'Apt 4B'],
      ['1200 harbor blvd.', 'apt. 4b'],
      ['1200 HARBOR BLVD #4B', null],
      ['1200 Harbor Blvd, Unit 4B', null],
      ['1200 Harbor Blvd', 'Suite 4B'],
      ['1200 Harbor Blvd', 'Apt # 4B'],
    ] as const) {
      expect(at(street1, street2), `${street1} ${street2 ?? ''}`).toBe(one);
    }
    expect(at('55 North Main Street')).toBe(at('55 N Main St'));
    expect(at('55 N Main St', null, '94607-1234')).toBe(at('55 N Main St'));
  });

  it('tells other homes apart', () => {
    expect(at('1200 Harbor Blvd', 'Apt 4B')).not.toBe(at('1200 Harbor Blvd', 'Apt 4C'));
    expect(at('1200 Harbor Blvd')).not.toBe(at('1202 Harbor Blvd'));
    expect(at('1200 Harbor Blvd')).not.toBe(at('1200 Harbor Blvd', null, '94608'));
  });

  it('uses the city when there is no postal code; nothing without a street', () => {
    expect(normalizeAddress({ street1: 'Calle Mayor 5', city: 'Madrid', country: 'es' })).toBe('calle mayor 5|madrid|ES');
    expect(normalizeAddress({ street1: '  ', city: 'Oakland' })).toBeNull();
  });
});

describe('normalizeAccount, normalizeText, networkOf', () => {
  it('reads an account number without its punctuation, and a payment e-mail as an e-mail', () => {
    expect(normalizeAccount('0123-4567 89')).toBe(normalizeAccount('0123456789'));
    expect(normalizeAccount('Pay.Me+1@gmail.com')).toBe('payme@gmail.com');
    expect(normalizeAccount('12')).toBeNull();
  });

  it('drops accents, case and punctuation from text', () => expect(normalizeText('  Replaced CVT valve-body.\nTwo días! ')).toBe('replaced cvt valve body two dias'));

  it.each([
    ['203.0.113.77', '203.0.113.0/24'],
    ['::ffff:203.0.113.77', '203.0.113.0/24'],
    ['2001:db8:85a3:12:8a2e:370:7334:1', '2001:db8:85a3:12::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['2001:0db8:0000:0042::7', '2001:db8:0:42::/64'],
  ])('%s is in %s', (ip, network) => expect(networkOf(ip)).toBe(network));
});
