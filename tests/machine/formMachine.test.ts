import { describe, expect, it } from 'vitest';
import { answerOrThrow, createApiClient, endpointsFromFlows } from '../../runtime/core/api';
import { USER_MESSAGES } from '../../runtime/core/errors';
import type { AuthorizeResponse, SubmitResponse } from '../../runtime/core/types';
import { countdownText, currentPageOf, progressOf } from '../../runtime/machine';
import { accepted, startForm } from './harness';
import { automotiveFlow, exclusionFlow, lookupFlow, model, storeWithAnswer } from './fixtures';

const credentials = model('credentials', { vin: '5EXMA1B20HC000101', noticeId: null, pin: null });
const MINUTE = 60_000;

/** A promise the test resolves or rejects by hand. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

async function authorizedAutomotive(options: Parameters<typeof startForm>[1] = {}) {
  const form = startForm(automotiveFlow, options);
  form.actor.send({ type: 'AUTHORIZE', credentials, captchaToken: 'token-1' });
  await form.settled();
  return form;
}

describe('authorization', () => {
  it('starts false and on success takes the server value, keeps the captcha value and moves on', async () => {
    const form = startForm(automotiveFlow);
    expect(form.actor.getSnapshot().context.authorized).toBe(false);
    form.actor.send({ type: 'AUTHORIZE', credentials, captchaToken: 'token-1' });
    expect(form.actor.getSnapshot().matches({ open: { flow: 'authorizing' } })).toBe(true);
    await form.settled();
    const { context } = form.actor.getSnapshot();
    expect(context).toMatchObject({ authorized: true, authorizationError: null, captcha: 'raw-captcha' });
    expect(form.page()).toBe('claimant-info');
    expect(form.emitted).toContainEqual({ type: 'captchaReset' });
    expect(form.emitted).toContainEqual({ type: 'pageChanged', pageId: 'claimant-info', path: '/automotive/claimant-info' });
  });

  it("resets to false on a new attempt and keeps authorized false with the server's error on a refusal", async () => {
    let answer: AuthorizeResponse = { authorized: true, error: null, captcha: null, prepopulatedData: null };
    const form = startForm(automotiveFlow, { authorize: async () => answer });
    form.actor.send({ type: 'AUTHORIZE', credentials, captchaToken: 't' });
    await form.settled();
    form.actor.send({ type: 'BACK' });
    expect(form.page()).toBe('start');
    answer = { authorized: false, error: 'The PIN does not match.', captcha: null, prepopulatedData: null, code: 'WRONG_PIN' };
    form.actor.send({ type: 'AUTHORIZE', credentials, captchaToken: 't' });
    expect(form.actor.getSnapshot().context.authorized).toBe(false);
    await form.settled();
    expect(form.actor.getSnapshot().context).toMatchObject({ authorized: false, authorizationError: 'The PIN does not match.', authorizationErrorCode: 'WRONG_PIN' });
    expect(form.page()).toBe('start');
    // The claimant corrects the answers on the page: no server error (no /error page).
    expect(form.emitted.filter((e) => e.type === 'serverError')).toEqual([]);
    // The next attempt clears the refusal, code and all.
    answer = { authorized: true, error: null, captcha: null, prepopulatedData: null };
    form.actor.send({ type: 'AUTHORIZE', credentials, captchaToken: 't' });
    expect(form.actor.getSnapshot().context).toMatchObject({ authorizationError: null, authorizationErrorCode: null });
  });

  it('keeps the refusal of an authorized:false answer with its code (a VIN outside the class), and answers without a code have none', async () => {
    let answer: AuthorizeResponse = { authorized: false, error: 'This VIN is not a class vehicle.', captcha: null, prepopulatedData: null, code: 'NOT_CLASS_VEHICLE' };
    const form = startForm(automotiveFlow, { authorize: async () => answer });
    form.actor.send({ type: 'AUTHORIZE', credentials, captchaToken: 't' });
    await form.settled();
    expect(form.actor.getSnapshot().context).toMatchObject({ authorized: false, authorizationError: 'This VIN is not a class vehicle.', authorizationErrorCode: 'NOT_CLASS_VEHICLE' });
    answer = { authorized: false, error: 'Refused.', captcha: null, prepopulatedData: null };
    form.actor.send({ type: 'AUTHORIZE', credentials, captchaToken: 't' });
    await form.settled();
    expect(form.actor.getSnapshot().context).toMatchObject({ authorizationError: 'Refused.', authorizationErrorCode: null });
    expect(form.page()).toBe('start');
  });

  it("shows the server's message on a 429 from authorize (too many wrong PINs: how long to wait), through the API client", async () => {
    const wait = 'Too many incorrect PIN attempts. Please wait 7 min and try again, or contact the Settlement Administrator.';
    const body = { authorized: false, error: wait, captcha: null, prepopulatedData: null, code: 'TOO_MANY_PIN_ATTEMPTS' };
    const api = createApiClient({
      fetch: (async () => new Response(JSON.stringify(body), { status: 429, headers: { 'Content-Type': 'application/json', 'Retry-After': '390' } })) as typeof fetch,
      endpoints: endpointsFromFlows([automotiveFlow]),
      csrf: { requestHeaderName: 'X-CSRF-TOKEN', requestToken: 't' },
    });
    const form = startForm(automotiveFlow, {
      authorize: async (input) => answerOrThrow(await api.authorize('Automotive', { credentials: input.credentials!, reCaptchaResponse: input.captchaToken })),
    });
    form.actor.send({ type: 'AUTHORIZE', credentials, captchaToken: 't' });
    await form.settled();
    expect(form.actor.getSnapshot().context).toMatchObject({ authorized: false, authorizationError: wait, authorizationErrorCode: 'TOO_MANY_PIN_ATTEMPTS', failure: null });
    expect(form.emitted.filter((e) => e.type === 'serverError')).toEqual([]);
  });

  it('shows the generic message and keeps authorized false when the call fails', async () => {
    const form = startForm(automotiveFlow, { authorize: async () => Promise.reject(new Error('network down')) });
    form.actor.send({ type: 'AUTHORIZE', credentials, captchaToken: 't' });
    await form.settled();
    const { context } = form.actor.getSnapshot();
    expect(context.authorized).toBe(false);
    expect(context.failure).toEqual({ source: 'authorize', messageKey: USER_MESSAGES.generic.key, message: USER_MESSAGES.generic.en });
    expect(form.page()).toBe('start');
    form.actor.send({ type: 'DISMISS_ERROR' });
    expect(form.actor.getSnapshot().context.failure).toBeNull();
  });

  it('passes the credentials and captcha token to the authorize call and applies prepopulated data', async () => {
    const seen: unknown[] = [];
    const claimant = model('claimantInfo', { firstName: null });
    const form = startForm(automotiveFlow, {
      store: { drafts: [], saved: [claimant], everEdited: {} },
      prepopulatedFields: [{ model: 'ClaimantInfo', key: 'firstName', prepopulatedDataKey: 'FirstName' }],
      authorize: async (input) => {
        seen.push(input);
        return { authorized: true, error: null, captcha: null, prepopulatedData: { FirstName: 'Maria' } };
      },
    });
    form.actor.send({ type: 'AUTHORIZE', credentials, captchaToken: 'token-9' });
    await form.settled();
    expect(seen[0]).toMatchObject({ formType: 'Automotive', credentials, captchaToken: 'token-9' });
    expect(form.actor.getSnapshot().context.prepopulatedData).toEqual({ FirstName: 'Maria' });
    expect(form.actor.getSnapshot().context.store.saved[0]?.fields.firstName).toBe('Maria');
  });

  it('shows the lookup answer on the same page, with no navigation', async () => {
    const form = startForm(lookupFlow, { authorize: async () => ({ authorized: false, error: 'Not a class vehicle', captcha: null, prepopulatedData: null }) });
    form.actor.send({ type: 'AUTHORIZE', credentials, captchaToken: 't' });
    await form.settled();
    const snapshot = form.actor.getSnapshot();
    expect(snapshot.matches({ open: { flow: 'lookupResult' } })).toBe(true);
    expect(snapshot.context.lookupResult).toEqual({ authorized: false, error: 'Not a class vehicle' });
    expect(form.page()).toBe('lookup');
    form.actor.send({ type: 'SUBMIT', captchaToken: 't' });
    expect(form.actor.getSnapshot().matches({ open: { flow: 'lookupResult' } })).toBe(true);
  });
});

describe('next and back', () => {
  it("skip denials both ways on the answer 'true' and visit it on 'false'", async () => {
    const form = await authorizedAutomotive({ store: storeWithAnswer('true') });
    const go = (type: 'NEXT' | 'BACK') => {
      form.actor.send({ type });
      return form.page();
    };
    expect([go('NEXT'), go('NEXT'), go('NEXT'), go('BACK')]).toEqual(['eligibility', 'repairs', 'supporting-documents', 'repairs']);
    form.actor.send({ type: 'UPDATE_STORE', store: storeWithAnswer('false') });
    expect([go('NEXT'), go('NEXT'), go('BACK')]).toEqual(['denials', 'supporting-documents', 'denials']);
  });

  it('stay put back from the first page, and refuse pages needing authorization before it', () => {
    const form = startForm(automotiveFlow);
    form.actor.send({ type: 'BACK' });
    expect(form.page()).toBe('start');
    form.actor.send({ type: 'NEXT' });
    expect(form.page()).toBe('start');
    form.actor.send({ type: 'GOTO', path: '/automotive/repairs' });
    expect(form.page()).toBe('start');
    expect(form.emitted).toContainEqual({ type: 'gotoRefused', reason: 'unauthorized', target: '/automotive/repairs' });
  });

  it('are refused while the router navigates', async () => {
    const form = await authorizedAutomotive();
    form.actor.send({ type: 'ROUTE_CHANGE_START' });
    form.actor.send({ type: 'NEXT' });
    expect(form.page()).toBe('claimant-info');
    form.actor.send({ type: 'ROUTE_CHANGE_END' });
    form.actor.send({ type: 'NEXT' });
    expect(form.page()).toBe('eligibility');
  });

  it('refuse Back and GOTO too while the router navigates, and a second route change start changes nothing', async () => {
    const form = await authorizedAutomotive();
    form.actor.send({ type: 'NEXT' });
    expect(form.page()).toBe('eligibility');
    form.actor.send({ type: 'ROUTE_CHANGE_START' });
    form.actor.send({ type: 'ROUTE_CHANGE_START' });
    expect(form.actor.getSnapshot().context.navigation.isNavigating).toBe(true);
    form.actor.send({ type: 'BACK' });
    form.actor.send({ type: 'GOTO', pageId: 'repairs' });
    expect(form.page()).toBe('eligibility');
    expect(form.emitted).toContainEqual({ type: 'gotoRefused', reason: 'navigating', target: 'repairs' });
    form.actor.send({ type: 'ROUTE_CHANGE_END' });
    form.actor.send({ type: 'BACK' });
    expect(form.page()).toBe('claimant-info');
  });

  it('GOTO opens a page by id or path once authorized, never the confirmation before submit', async () => {
    const form = await authorizedAutomotive();
    form.actor.send({ type: 'GOTO', pageId: 'claim-summary' });
    expect(form.page()).toBe('claim-summary');
    form.actor.send({ type: 'GOTO', path: '/automotive/payment-election?culture=es' });
    expect(form.page()).toBe('payment-election');
    form.actor.send({ type: 'GOTO', path: '/automotive/nowhere' });
    form.actor.send({ type: 'GOTO', pageId: 'confirmation' });
    expect(form.page()).toBe('payment-election');
    expect(form.emitted).toContainEqual({ type: 'gotoRefused', reason: 'notFound', target: '/automotive/nowhere' });
    expect(form.emitted).toContainEqual({ type: 'gotoRefused', reason: 'notSubmitted', target: 'confirmation' });
  });
});

describe('submitting', () => {
  it('stores the reference code and the time it was accepted, and ends on the confirmation page', async () => {
    const form = await authorizedAutomotive();
    form.actor.send({ type: 'GOTO', pageId: 'claim-summary' });
    form.clock.set(Date.parse('2026-11-25T20:15:00Z'));
    expect(form.actor.getSnapshot().context.submittedAt).toBeNull();
    form.actor.send({ type: 'SUBMIT', captchaToken: 'token-2' });
    expect(form.actor.getSnapshot().context.isSubmitting).toBe(true);
    await form.settled();
    const snapshot = form.actor.getSnapshot();
    expect(snapshot.status).toBe('done');
    expect(snapshot.value).toBe('confirmation');
    expect(snapshot.context).toMatchObject({ referenceCode: 'EXM-REF-0001', submittedAt: Date.parse('2026-11-25T20:15:00Z'), isSubmitting: false });
    expect(snapshot.output).toEqual({ referenceCode: 'EXM-REF-0001' });
    expect(form.page()).toBe('confirmation');
    expect(form.emitted).toContainEqual({ type: 'submitted', referenceCode: 'EXM-REF-0001' });
  });

  it('keeps where the server sends the e-mail receipt, or none when it sends none', async () => {
    const sending = await authorizedAutomotive({ submit: async () => ({ submitted: true, error: null, referenceCodeForm: 'AUT-7K3Q9', receiptQueued: true, receiptAddress: 'ma•••@example.com' }) });
    sending.actor.send({ type: 'GOTO', pageId: 'claim-summary' });
    sending.actor.send({ type: 'SUBMIT', captchaToken: 'token-2' });
    await sending.settled();
    expect(sending.actor.getSnapshot().context).toMatchObject({ referenceCode: 'AUT-7K3Q9', receiptAddress: 'ma•••@example.com' });
    const silent = await authorizedAutomotive({ submit: async () => ({ submitted: true, error: null, referenceCodeForm: 'AUT-7K3Q9' }) });
    silent.actor.send({ type: 'GOTO', pageId: 'claim-summary' });
    silent.actor.send({ type: 'SUBMIT', captchaToken: 'token-2' });
    await silent.settled();
    expect(silent.actor.getSnapshot().context).toMatchObject({ referenceCode: 'AUT-7K3Q9', receiptAddress: null });
  });

  it('rejects a second SUBMIT while one is in flight', async () => {
    const pending = deferred<SubmitResponse>();
    let calls = 0;
    const form = await authorizedAutomotive({
      submit: () => {
        calls += 1;
        return pending.promise;
      },
    });
    form.actor.send({ type: 'GOTO', pageId: 'claim-summary' });
    form.actor.send({ type: 'SUBMIT', captchaToken: 'a' });
    form.actor.send({ type: 'SUBMIT', captchaToken: 'b' });
    expect(calls).toBe(1);
    expect(form.actor.getSnapshot().context.rejection).toEqual({ code: 'ALREADY_SUBMITTING', message: 'A submission is already in progress' });
    expect(form.emitted).toContainEqual({ type: 'rejected', code: 'ALREADY_SUBMITTING', message: 'A submission is already in progress' });
    pending.resolve(accepted);
    await form.settled();
    expect(form.actor.getSnapshot().value).toBe('confirmation');
  });

  it('keeps the page and takes the 400 error text as the authorization error', async () => {
    const form = await authorizedAutomotive({ submit: async () => ({ submitted: false, error: 'Signature is required', referenceCodeForm: null }) });
    form.actor.send({ type: 'GOTO', pageId: 'claim-summary' });
    form.actor.send({ type: 'SUBMIT', captchaToken: 'a' });
    await form.settled();
    expect(form.actor.getSnapshot().context).toMatchObject({ authorizationError: 'Signature is required', isSubmitting: false });
    expect(form.page()).toBe('claim-summary');
    expect(form.emitted).toContainEqual({ type: 'serverError', source: 'submit', message: 'Signature is required' });
  });

  it('keeps a 409, 413 or 503 with its text and code as the refusal the submit page shows, the answers kept, Submit usable again', async () => {
    for (const [code, error] of [
      ['DUPLICATE_CLAIM', 'A claim has already been filed for this class member, and only one is accepted.'],
      ['FILE_TOO_LARGE', 'A document is larger than the allowed size.'],
      ['DATABASE_UNAVAILABLE', 'The service is temporarily unavailable. Nothing was saved. Please try again in a few minutes.'],
    ] as const) {
      let calls = 0;
      const form = await authorizedAutomotive({
        submit: async () => {
          calls += 1;
          return calls === 1 ? { submitted: false, error, referenceCodeForm: null, code } : accepted;
        },
      });
      form.actor.send({ type: 'GOTO', pageId: 'claim-summary' });
      const answers = form.actor.getSnapshot().context.store;
      form.actor.send({ type: 'SUBMIT', captchaToken: 'a' });
      await form.settled();
      expect(form.actor.getSnapshot().context).toMatchObject({ submitRefusal: { message: error, code, messageKey: null, filedReferenceCode: null }, isSubmitting: false, store: answers });
      expect(form.page()).toBe('claim-summary');
      // Submit again: the refusal leaves, and this time the claim is accepted.
      form.actor.send({ type: 'SUBMIT', captchaToken: 'b' });
      expect(form.actor.getSnapshot().context.submitRefusal).toBeNull();
      await form.settled();
      expect(form.actor.getSnapshot().value).toBe('confirmation');
    }
  });

  it('keeps a failure with no text of the server as a refusal told by its key, with the call status', async () => {
    const failing = await authorizedAutomotive({ submit: async () => Promise.reject(new Error('offline')) });
    failing.actor.send({ type: 'GOTO', pageId: 'claim-summary' });
    failing.actor.send({ type: 'SUBMIT', captchaToken: 'a' });
    await failing.settled();
    expect(failing.actor.getSnapshot().context.submitRefusal).toEqual({ message: USER_MESSAGES.submitFailed.en, code: null, messageKey: USER_MESSAGES.submitFailed.key });
    // Leaving the page leaves its refusal behind.
    failing.actor.send({ type: 'BACK' });
    expect(failing.actor.getSnapshot().context.submitRefusal).toBeNull();
  });

  it('shows the submit failure message on any other failure, and the missing reference code message', async () => {
    const failing = await authorizedAutomotive({ submit: async () => Promise.reject(new Error('500')) });
    failing.actor.send({ type: 'GOTO', pageId: 'claim-summary' });
    failing.actor.send({ type: 'SUBMIT', captchaToken: 'a' });
    await failing.settled();
    expect(failing.actor.getSnapshot().context.failure?.message).toBe(USER_MESSAGES.submitFailed.en);

    const noCode = await authorizedAutomotive({ submit: async () => ({ submitted: true, error: null, referenceCodeForm: null }) });
    noCode.actor.send({ type: 'GOTO', pageId: 'claim-summary' });
    noCode.actor.send({ type: 'SUBMIT', captchaToken: 'a' });
    await noCode.settled();
    expect(noCode.actor.getSnapshot().context.failure?.messageKey).toBe('LocKey_Validation_MissingReferenceCode');
    expect(noCode.page()).toBe('claim-summary');
  });

  it('sends the kept captcha value and the skipped pages to the submit call', async () => {
    let seen: unknown;
    const form = await authorizedAutomotive({
      store: storeWithAnswer('true'),
      submit: async (input) => {
        seen = input;
        return accepted;
      },
    });
    form.actor.send({ type: 'GOTO', pageId: 'claim-summary' });
    form.actor.send({ type: 'SUBMIT', captchaToken: 'token-3' });
    await form.settled();
    expect(seen).toMatchObject({ formType: 'Automotive', captchaToken: 'token-3', captchaRawValue: 'raw-captcha', skippedPages: ['denials'] });
  });

  it('is not offered before authorization or off the summary page', async () => {
    const form = startForm(exclusionFlow);
    form.actor.send({ type: 'SUBMIT', captchaToken: 'a' });
    expect(form.actor.getSnapshot().matches({ open: { flow: 'editing' } })).toBe(true);
    form.actor.send({ type: 'AUTHORIZE', credentials, captchaToken: 't' });
    await form.settled();
    form.actor.send({ type: 'SUBMIT', captchaToken: 'a' });
    expect(form.actor.getSnapshot().matches({ open: { flow: 'editing' } })).toBe(true);
  });
});

describe('the session timer', () => {
  const warning = { open: { session: { counting: 'warning' } } } as const;

  it('warns exactly one minute before the deadline, not before, with a per-second countdown', async () => {
    const form = await authorizedAutomotive();
    form.clock.increment(29 * MINUTE - 1);
    expect(form.actor.getSnapshot().matches(warning)).toBe(false);
    expect(form.actor.getSnapshot().context.session.remainingSeconds).toBeNull();
    form.clock.increment(1);
    expect(form.actor.getSnapshot().matches(warning)).toBe(true);
    expect(form.actor.getSnapshot().context.session.remainingSeconds).toBe(60);
    expect(form.emitted).toContainEqual({ type: 'sessionWarning', remainingSeconds: 60 });
    form.clock.increment(1_000);
    expect(form.actor.getSnapshot().context.session.remainingSeconds).toBe(59);
    form.clock.increment(15_000);
    expect(form.actor.getSnapshot().context.session.remainingSeconds).toBe(44);
  });

  it('resets the deadline and closes the warning on activity', async () => {
    const form = await authorizedAutomotive();
    form.clock.increment(29 * MINUTE + 30_000);
    expect(form.actor.getSnapshot().matches(warning)).toBe(true);
    form.actor.send({ type: 'ACTIVITY' });
    expect(form.actor.getSnapshot().matches(warning)).toBe(false);
    expect(form.actor.getSnapshot().context.session).toMatchObject({ deadline: 59 * MINUTE + 30_000, remainingSeconds: null });
    form.clock.increment(29 * MINUTE - 1);
    expect(form.actor.getSnapshot().matches(warning)).toBe(false);
    form.clock.increment(1);
    expect(form.actor.getSnapshot().matches(warning)).toBe(true);
  });

  it('restarts the countdown on activity before any warning', async () => {
    const form = await authorizedAutomotive();
    form.clock.increment(10 * MINUTE);
    form.actor.send({ type: 'ACTIVITY' });
    form.clock.increment(29 * MINUTE - 1);
    expect(form.actor.getSnapshot().matches(warning)).toBe(false);
    form.clock.increment(1);
    expect(form.actor.getSnapshot().context.session.remainingSeconds).toBe(60);
  });

  it('extends the session on Continue', async () => {
    const form = await authorizedAutomotive();
    form.clock.increment(29 * MINUTE + 59_000);
    form.actor.send({ type: 'CONTINUE_SESSION' });
    form.clock.increment(2_000);
    expect(form.actor.getSnapshot().value).not.toBe('sessionExpired');
    expect(form.actor.getSnapshot().matches(warning)).toBe(false);
  });

  it('reinitialises the models and marks the session expired at the deadline', async () => {
    const initial = storeWithAnswer(null);
    const form = await authorizedAutomotive({ store: initial });
    form.actor.send({ type: 'NEXT' });
    form.actor.send({ type: 'UPDATE_STORE', store: storeWithAnswer('true') });
    form.clock.increment(30 * MINUTE - 1);
    expect(form.actor.getSnapshot().value).not.toBe('sessionExpired');
    form.clock.increment(1);
    const snapshot = form.actor.getSnapshot();
    expect(snapshot.value).toBe('sessionExpired');
    expect(snapshot.context).toMatchObject({ store: initial, authorized: false, captcha: null });
    expect(snapshot.context.session.expired).toBe(true);
    expect(form.page()).toBe('start');
    expect(form.emitted).toContainEqual({ type: 'sessionExpired', formType: 'Automotive', path: '/session-expired?form=Automotive' });
    form.actor.send({ type: 'RESET' });
    expect(form.actor.getSnapshot().matches({ open: { flow: 'editing', session: 'off' } })).toBe(true);
    expect(form.actor.getSnapshot().context.session.expired).toBe(false);
  });

  it('uses the app setting for the duration', async () => {
    const form = await authorizedAutomotive({ minSessionDuration: 5 });
    form.clock.increment(4 * MINUTE);
    expect(form.actor.getSnapshot().matches(warning)).toBe(true);
    form.clock.increment(MINUTE);
    expect(form.actor.getSnapshot().value).toBe('sessionExpired');
  });

  it('never warns or expires on a start page', () => {
    for (const flow of [automotiveFlow, lookupFlow]) {
      const form = startForm(flow);
      form.clock.increment(120 * MINUTE);
      expect(form.actor.getSnapshot().matches({ open: { session: 'off' } })).toBe(true);
      expect(form.emitted.filter((e) => e.type === 'sessionWarning' || e.type === 'sessionExpired')).toEqual([]);
    }
  });

  it('stops while a submit is in flight, and starts over with the whole duration if it fails', async () => {
    const pending = deferred<SubmitResponse>();
    const form = await authorizedAutomotive({ submit: () => pending.promise });
    form.actor.send({ type: 'GOTO', pageId: 'claim-summary' });
    form.clock.increment(20 * MINUTE);
    form.actor.send({ type: 'SUBMIT', captchaToken: 'a' });
    // A slow upload: longer than the session lasts.
    form.clock.increment(45 * MINUTE);
    expect(form.actor.getSnapshot().matches({ open: { session: 'off' } })).toBe(true);
    expect(form.emitted.filter((e) => e.type === 'sessionWarning' || e.type === 'sessionExpired')).toEqual([]);
    pending.reject(new Error('network'));
    await form.settled();
    expect(form.actor.getSnapshot().matches({ open: { flow: 'editing', session: { counting: 'active' } } })).toBe(true);
    form.clock.increment(29 * MINUTE - 1);
    expect(form.actor.getSnapshot().matches(warning)).toBe(false);
    form.clock.increment(1);
    expect(form.actor.getSnapshot().matches(warning)).toBe(true);
  });

  it('stops counting when the claimant returns to the start page', async () => {
    const form = await authorizedAutomotive();
    form.actor.send({ type: 'BACK' });
    form.clock.increment(120 * MINUTE);
    expect(form.actor.getSnapshot().matches({ open: { session: 'off' } })).toBe(true);
  });
});

describe('selectors for the app', () => {
  it('format the countdown as minutes:seconds and count the steps on the current answers', async () => {
    expect([countdownText(60), countdownText(59), countdownText(5), countdownText(0)]).toEqual(['1:00', '0:59', '0:05', '0:00']);
    const form = await authorizedAutomotive({ store: storeWithAnswer('true') });
    const { context } = form.actor.getSnapshot();
    expect(currentPageOf(automotiveFlow, context)?.id).toBe('claimant-info');
    expect(progressOf(automotiveFlow, context)).toEqual({ step: 2, total: 7 });
  });
});
