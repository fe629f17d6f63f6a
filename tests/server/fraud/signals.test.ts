/**
 * The screening's pure parts: reasons from what a request shows and from earlier claims sharing
 * a value, the household allowance, the score and the disposition (the default only flags).
 */
import { describe, expect, it } from 'vitest';
import { fraudSettings } from '../../../server/fraud/settings.js';
import { answersFingerprint, assess, automationReasons, captchaScoreReasons, claimValues, fillTimeReasons, honeypotReasons, isDisposableDomain, matchReasons } from '../../../server/fraud/signals.js';

const defaults = fraudSettings();
const fields = (f: Record<string, unknown>) => ({ clientId: 'c', metadata: {}, fields: f });

describe('reasons a request shows', () => {
  it('a current browser shows none', () => {
    expect(automationReasons({ userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15', headers: ['accept-language', 'sec-fetch-site'] })).toEqual([]);
    // Safari before 16.4 sends no Sec-Fetch-*, but an Origin on a POST.
    expect(automationReasons({ userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 15_8 like Mac OS X) Version/15.6 Mobile/15E148 Safari/604.1', headers: ['accept-language', 'origin'] })).toEqual([]);
  });

  it.each(['HeadlessChrome/120.0.0.0', 'python-requests/2.31', 'curl/8.5.0', 'Go-http-client/1.1', 'node', 'axios/1.7.2', 'Mozilla/5.0 (compatible; Googlebot/2.1)', 'Mozilla/5.0 Playwright/1.45'])('%s is an automation marker', (agent) => {
    expect(automationReasons({ userAgent: agent, headers: ['accept-language', 'sec-fetch-site'] }).map((r) => r.code)).toEqual(['headless_agent']);
  });

  it('names the headers a browser would have sent', () => {
    expect(automationReasons({ userAgent: null, headers: [] })).toEqual([{ code: 'missing_browser_headers', evidence: { missing: ['user-agent', 'accept-language', 'sec-fetch-site'] } }]);
  });

  it('honeypot, fill time, captcha score', () => {
    expect(honeypotReasons(undefined)).toEqual([]);
    expect(honeypotReasons('   ')).toEqual([]);
    expect(honeypotReasons('spam')).toEqual([{ code: 'honeypot', evidence: { length: 4 } }]);
    expect(fillTimeReasons(null, 90_000)).toEqual([]);
    expect(fillTimeReasons(90_000, 90_000)).toEqual([]);
    expect(fillTimeReasons(2_340, 90_000)).toEqual([{ code: 'fast_fill', evidence: { seconds: 2.3, minimumSeconds: 90 } }]);
    expect(captchaScoreReasons([], defaults)).toEqual([]);
    expect(captchaScoreReasons([0.9, 0.3], defaults)).toEqual([{ code: 'low_captcha_score', evidence: { score: 0.3, minimum: 0.5 } }]);
  });
});

describe('what a claim is compared on', () => {
  const context = { ip: '203.0.113.9', session: 's1', vin: 'V', noticeId: '', documentDigests: ['ABC'] };

  it('takes identifiers, contact details, the mailing address, payment accounts, answers and documents in their normal forms', () => {
    const answers = {
      claimantInfo: fields({ emailAddress: 'A.B+x@gmail.com', phoneNumber: '(510) 555-0142', mailingStreetLine1: '1 Main Street', mailingPostalCode: '94607', mailingCountry: 'US' }),
      signature: fields({ confirmEmailAddress: 'ab@gmail.com', confirmPhoneNumber: '510 555 0142' }),
      paymentElection: fields({ paymentMethod: 'paypal', paymentEmail: 'Pay.Me@gmail.com' }),
      claimDetails: fields({ ownershipType: 'own' }),
      claimTransactions: [fields({ id: 1, amountPaid: 10, claimTransactionId: 'x' })],
    };
    const { values, reasons } = claimValues(answers, context);
    expect(values).toEqual([
      { kind: 'address', value: '203.0.113.9' },
      { kind: 'network', value: '203.0.113.0/24' },
      { kind: 'session', value: 's1' },
      { kind: 'vin', value: 'V' },
      { kind: 'email', value: 'ab@gmail.com' },
      { kind: 'phone', value: '15105550142' },
      { kind: 'mailingAddress', value: '1 main st|94607|US' },
      { kind: 'paymentAccount', value: 'payme@gmail.com' },
      { kind: 'answers', value: 'ownershipType=own\namountPaid=10' },
      { kind: 'document', value: 'abc' },
    ]);
    expect(reasons).toEqual([]);
  });

  it('the same story told with other capitals and spacing has one fingerprint; no transactions, none', () => {
    const told = (description: string) => answersFingerprint({ claimDetails: fields({ a: 'x' }), claimTransactions: [fields({ repairDescription: description })] });
    expect(told('Replaced CVT valve body.')).toBe(told('replaced  cvt valve-body'));
    expect(answersFingerprint({ claimDetails: fields({ a: 'x' }), claimTransactions: [] })).toBeNull();
  });

  it('disposable e-mail domains come from the maintained list, subdomains included', () => {
    expect(isDisposableDomain('mailinator.com')).toBe(true);
    expect(isDisposableDomain('eu.mailinator.com')).toBe(true);
    expect(isDisposableDomain('gmail.com')).toBe(false);
    expect(claimValues({ claimantInfo: fields({ emailAddress: 'x@Mailinator.com' }) }, context).reasons).toEqual([{ code: 'disposable_email', evidence: { domains: ['mailinator.com'] } }]);
  });
});

describe('reasons earlier claims give, and the disposition', () => {
  const m = (kind: Parameters<typeof matchReasons>[0][number]['kind'], earlier: number) => ({ kind, earlier, references: [] });

  it('a household is a shared address, past it velocity', () => {
    expect(matchReasons([m('address', 2), m('mailingAddress', 1)], defaults)).toEqual([{ code: 'shared_address', evidence: { earlier: { address: 2, mailingAddress: 1 } } }]);
    expect(matchReasons([m('address', 3)], defaults).map((r) => r.code)).toEqual(['velocity_address']);
    expect(matchReasons([m('network', 19), m('session', 1)], defaults)).toEqual([]);
    expect(matchReasons([m('network', 20), m('session', 2)], defaults).map((r) => r.code)).toEqual(['velocity_network', 'velocity_session']);
  });

  it('two phones of one claim matching are one reason', () => {
    expect(matchReasons([m('phone', 1), m('phone', 4)], defaults)).toEqual([{ code: 'duplicate_phone', evidence: { earlier: 4, references: [] } }]);
  });

  it('by default a claim is flagged at 30 points and never held', () => {
    expect(assess([], defaults)).toEqual({ score: 0, disposition: 'accepted' });
    expect(assess([{ code: 'shared_address', evidence: {} }, { code: 'missing_browser_headers', evidence: {} }], defaults)).toEqual({ score: 25, disposition: 'accepted' });
    expect(assess([{ code: 'fast_fill', evidence: {} }], defaults)).toEqual({ score: 40, disposition: 'flagged' });
    const everything = (['honeypot', 'fast_fill', 'headless_agent', 'duplicate_document', 'duplicate_phone'] as const).map((code) => ({ code, evidence: {} }));
    expect(assess(everything, defaults).disposition).toBe('flagged');
    expect(assess(everything, fraudSettings({ holdAt: 100 })).disposition).toBe('held');
    expect(assess([{ code: 'fast_fill', evidence: {} }], fraudSettings({ weights: { fast_fill: 0 } }))).toEqual({ score: 0, disposition: 'accepted' });
  });
});
