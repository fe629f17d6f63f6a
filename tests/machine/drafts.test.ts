/**
 * The claim in progress in the form machine (the app saves each page in the background after
 * Next): the session timer follows the expiry the server answers, a reload restores the saved
 * answers (and, before the first save, what sign-in prefilled), a refused save of a page already
 * left brings the claimant back to it.
 */
import { describe, expect, it } from 'vitest';
import { startForm } from './harness';
import { automotiveFlow, emptyStore, model } from './fixtures';

const credentials = model('credentials', { vin: '5EXMA1B20HC000101', noticeId: null, pin: null });
const MINUTE = 60_000;

/** Signed in: the form on its first page after the start page. */
async function authorizedForm() {
  const form = startForm(automotiveFlow);
  form.actor.send({ type: 'AUTHORIZE', credentials, captchaToken: 't' });
  await form.settled();
  return form;
}

describe('the session timer follows the server', () => {
  const warning = { open: { session: { counting: 'warning' } } } as const;

  it("warns a minute before the server's expiry when it is sooner than the browser's own duration", async () => {
    const form = await authorizedForm();
    // A page save answered the server's expiry (the app sends it on).
    form.actor.send({ type: 'SESSION_EXTENDED', expiresAt: 10 * MINUTE });
    expect(form.actor.getSnapshot().context.session).toMatchObject({ serverDeadline: 10 * MINUTE, deadline: 10 * MINUTE });
    form.clock.increment(9 * MINUTE - 1);
    expect(form.actor.getSnapshot().matches(warning)).toBe(false);
    form.clock.increment(1);
    expect(form.actor.getSnapshot().matches(warning)).toBe(true);
    // Activity does not move the deadline past the server's; a keep-alive's answer does.
    form.actor.send({ type: 'ACTIVITY' });
    expect(form.actor.getSnapshot().context.session.deadline).toBe(10 * MINUTE);
    form.actor.send({ type: 'SESSION_EXTENDED', expiresAt: 39 * MINUTE });
    expect(form.actor.getSnapshot().matches(warning)).toBe(false);
    expect(form.actor.getSnapshot().context.session.deadline).toBe(39 * MINUTE);
  });

  it("Continue closes the warning on the browser's duration until the keep-alive answers", async () => {
    const form = await authorizedForm();
    // A page save answered the server's expiry (the app sends it on).
    form.actor.send({ type: 'SESSION_EXTENDED', expiresAt: 10 * MINUTE });
    form.clock.increment(9 * MINUTE + 30_000);
    expect(form.actor.getSnapshot().matches(warning)).toBe(true);
    form.actor.send({ type: 'CONTINUE_SESSION' });
    expect(form.actor.getSnapshot().matches(warning)).toBe(false);
    expect(form.actor.getSnapshot().context.session.deadline).toBe(39 * MINUTE + 30_000);
    form.actor.send({ type: 'SESSION_EXTENDED', expiresAt: 39 * MINUTE + 30_000 });
    expect(form.actor.getSnapshot().context.session.serverDeadline).toBe(39 * MINUTE + 30_000);
  });
});

describe('a reloaded page restores the claim in progress', () => {
  const claimant = model('claimantInfo', { firstName: 'María' }, 'claimantInfo-saved');
  const restore = (pageId: string | null, addressed: string) => {
    const form = startForm(automotiveFlow);
    form.actor.send({ type: 'RESTORE', models: [claimant], pageId, addressed, captcha: 'raw' });
    return form;
  };

  it('authorized, with the saved answers, on the addressed page when the saved answers reach it', () => {
    const form = restore('eligibility', 'repairs');
    const { context } = form.actor.getSnapshot();
    expect(context).toMatchObject({ authorized: true, captcha: 'raw' });
    expect(context.store.saved.filter((m) => m.metadata.dtoMapping === 'claimantInfo')).toEqual([claimant]);
    expect(form.page()).toBe('repairs');
    expect(form.emitted).toContainEqual({ type: 'pageChanged', pageId: 'repairs', path: '/automotive/repairs' });
    expect(restore('eligibility', 'claimant-info').page()).toBe('claimant-info');
  });

  it('on the page after the saved one when the addressed page is further on, and on the first in-flow page with no draft', () => {
    expect(restore('claimant-info', 'claim-summary').page()).toBe('eligibility');
    expect(restore(null, 'repairs').page()).toBe('claimant-info');
    expect(restore('eligibility', 'confirmation').page()).toBe('repairs');
  });

  it('before the first save, with what sign-in prefilled and the sign-in answers the server holds', () => {
    const wiring = {
      prepopulatedFields: [{ model: 'claimantInfo', key: 'firstName', prepopulatedDataKey: 'FirstName' }],
      store: { ...emptyStore, saved: [model('credentials', { vin: null, noticeId: null, pin: null }), model('claimantInfo', { firstName: null })] },
    };
    const form = startForm(automotiveFlow, wiring);
    form.actor.send({ type: 'RESTORE', models: [], pageId: null, addressed: 'claimant-info', captcha: 'raw', prepopulatedData: { FirstName: 'María' }, credentials: { vin: '5EXMA1B20HC000101', noticeId: 'EXM-100001' } });
    const { context } = form.actor.getSnapshot();
    expect(form.page()).toBe('claimant-info');
    expect(context.prepopulatedData).toEqual({ FirstName: 'María' });
    expect(context.store.saved.find((m) => m.metadata.dtoMapping === 'claimantInfo')?.fields.firstName).toBe('María');
    expect(context.store.saved.find((m) => m.metadata.dtoMapping === 'credentials')?.fields).toMatchObject({ vin: '5EXMA1B20HC000101', noticeId: 'EXM-100001' });
    // Saved answers win over the prefill.
    const saved = startForm(automotiveFlow, wiring);
    saved.actor.send({ type: 'RESTORE', models: [model('claimantInfo', { firstName: 'Mara' }, 'claimantInfo-saved')], pageId: 'claimant-info', addressed: 'claimant-info', captcha: 'raw', prepopulatedData: { FirstName: 'María' } });
    expect(saved.actor.getSnapshot().context.store.saved.find((m) => m.metadata.dtoMapping === 'claimantInfo')?.fields.firstName).toBe('Mara');
  });

  it('on the saved page itself when it was saved for later unfinished', () => {
    const form = startForm(automotiveFlow);
    form.actor.send({ type: 'RESTORE', models: [claimant], pageId: 'claimant-info', unfinished: true, addressed: '', captcha: 'raw' });
    expect(form.page()).toBe('claimant-info');
    // An address further on is not reached past the unfinished page.
    const addressed = startForm(automotiveFlow);
    addressed.actor.send({ type: 'RESTORE', models: [claimant], pageId: 'claimant-info', unfinished: true, addressed: 'eligibility', captcha: 'raw' });
    expect(addressed.page()).toBe('claimant-info');
  });
});

describe('a refused save of a page already left', () => {
  it('brings the claimant back to that page with the message', async () => {
    const form = startForm(automotiveFlow);
    form.actor.send({ type: 'AUTHORIZE', credentials, captchaToken: 't' });
    await form.settled();
    form.actor.send({ type: 'NEXT' });
    expect(form.page()).toBe('eligibility');
    const refusal = { message: 'First Name: required', code: 'VALIDATION_FAILED', messageKey: null, fieldErrors: [{ pageId: 'claimant-info', fieldId: 'claimantInfo-firstName', message: 'required' }] };
    form.actor.send({ type: 'DRAFT_REFUSED', pageId: 'claimant-info', refusal });
    expect(form.page()).toBe('claimant-info');
    expect(form.actor.getSnapshot().context.draftRefusal).toEqual(refusal);
    form.actor.send({ type: 'NEXT' });
    expect(form.actor.getSnapshot().context.draftRefusal).toBeNull();
  });

  it("keeps the server's code of the refusal (already filed, a session ended): the page tells those in a notice", async () => {
    const form = startForm(automotiveFlow);
    form.actor.send({ type: 'AUTHORIZE', credentials, captchaToken: 't' });
    await form.settled();
    form.actor.send({ type: 'NEXT' });
    const refusal = { message: 'This form has already been submitted; its reference code is AUT-1.', code: 'ALREADY_SUBMITTED', messageKey: null };
    form.actor.send({ type: 'DRAFT_REFUSED', pageId: 'claimant-info', refusal });
    expect(form.actor.getSnapshot().context.draftRefusal).toEqual(refusal);
    form.actor.send({ type: 'NEXT' });
    expect(form.actor.getSnapshot().context.draftRefusal).toBeNull();
  });
});

describe('a save not stored while the claimant stays on the page (a record saved or deleted)', () => {
  it('is told on the page until a later save of it is stored', async () => {
    const form = startForm(automotiveFlow);
    form.actor.send({ type: 'AUTHORIZE', credentials, captchaToken: 't' });
    await form.settled();
    // No answer came: the app's own text, by its key.
    const refusal = { message: 'Your answers on this page could not be saved just now.', code: null, messageKey: 'LocKey_Error_SaveFailed' };
    form.actor.send({ type: 'DRAFT_REFUSED', pageId: 'claimant-info', refusal });
    expect(form.page()).toBe('claimant-info');
    expect(form.actor.getSnapshot().context.draftRefusal).toEqual(refusal);
    form.actor.send({ type: 'DRAFT_SAVED' });
    expect(form.page()).toBe('claimant-info');
    expect(form.actor.getSnapshot().context.draftRefusal).toBeNull();
  });
});
