/**
 * The claim in progress in the form machine: Next saves the validated page before moving on, a
 * refusal keeps the claimant on the page with the server's text, no answer does not hold them up,
 * and the session timer follows the expiry the server answers.
 */
import { describe, expect, it } from 'vitest';
import type { SaveDraftInput, SaveDraftOutput } from '../../runtime/machine';
import { startForm } from './harness';
import { automotiveFlow, model } from './fixtures';

const credentials = model('credentials', { vin: '5EXMA1B20HC000101', noticeId: null, pin: null });
const MINUTE = 60_000;

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

async function authorizedWithSaves(saveDraft: (input: SaveDraftInput) => Promise<SaveDraftOutput>) {
  const form = startForm(automotiveFlow, { saveDraft });
  form.actor.send({ type: 'AUTHORIZE', credentials, captchaToken: 't' });
  await form.settled();
  return form;
}

describe('Next saves the page', () => {
  it('saves the page just validated with the answers, and moves on only once the save answered', async () => {
    const saves: SaveDraftInput[] = [];
    const answer = deferred<SaveDraftOutput>();
    const form = await authorizedWithSaves((input) => {
      saves.push(input);
      return answer.promise;
    });
    expect(form.page()).toBe('claimant-info');
    form.actor.send({ type: 'NEXT' });
    form.actor.send({ type: 'NEXT' }); // a second press while saving is not a second save
    expect(form.page()).toBe('claimant-info');
    expect(saves).toHaveLength(1);
    expect(saves[0]).toMatchObject({ formType: 'Automotive', pageId: 'claimant-info' });
    answer.resolve({ refusal: null, sessionExpiresAt: 30 * MINUTE });
    await form.settled();
    expect(form.page()).toBe('eligibility');
    expect(form.emitted).toContainEqual({ type: 'pageChanged', pageId: 'eligibility', path: expect.any(String) });
  });

  it("keeps the claimant on the page with the server's refusal, cleared by the next Next", async () => {
    let refuse = true;
    const form = await authorizedWithSaves(async () => ({ refusal: refuse ? 'Your Contact Information — First Name: required' : null, sessionExpiresAt: null }));
    form.actor.send({ type: 'NEXT' });
    await form.settled();
    expect(form.page()).toBe('claimant-info');
    expect(form.actor.getSnapshot().context.draftRefusal).toBe('Your Contact Information — First Name: required');
    refuse = false;
    form.actor.send({ type: 'NEXT' });
    expect(form.actor.getSnapshot().context.draftRefusal).toBeNull();
    await form.settled();
    expect(form.page()).toBe('eligibility');
  });

  it('moves on when no answer came (offline): the next Next saves again', async () => {
    let calls = 0;
    const form = await authorizedWithSaves(async () => {
      calls += 1;
      throw new TypeError('fetch failed');
    });
    form.actor.send({ type: 'NEXT' });
    await form.settled();
    expect(form.page()).toBe('eligibility');
    form.actor.send({ type: 'NEXT' });
    await form.settled();
    expect(calls).toBe(2);
  });

  it('goes to the page Next names (back to the summary after an edit) once saved', async () => {
    const form = await authorizedWithSaves(async () => ({ refusal: null, sessionExpiresAt: null }));
    form.actor.send({ type: 'NEXT', to: 'repairs' });
    await form.settled();
    expect(form.page()).toBe('repairs');
  });

  it('does not save before authorization nor without saveDrafts', async () => {
    const plain = startForm(automotiveFlow);
    plain.actor.send({ type: 'AUTHORIZE', credentials, captchaToken: 't' });
    await plain.settled();
    plain.actor.send({ type: 'NEXT' });
    expect(plain.page()).toBe('eligibility'); // at once, as before
  });
});

describe('the session timer follows the server', () => {
  const warning = { open: { session: { counting: 'warning' } } } as const;

  it("warns a minute before the server's expiry when it is sooner than the browser's own duration", async () => {
    const form = await authorizedWithSaves(async () => ({ refusal: null, sessionExpiresAt: 10 * MINUTE }));
    form.actor.send({ type: 'NEXT' });
    await form.settled();
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
    const form = await authorizedWithSaves(async () => ({ refusal: null, sessionExpiresAt: 10 * MINUTE }));
    form.actor.send({ type: 'NEXT' });
    await form.settled();
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
    form.actor.send({ type: 'DRAFT_REFUSED', pageId: 'claimant-info', message: 'First Name: required' });
    expect(form.page()).toBe('claimant-info');
    expect(form.actor.getSnapshot().context.draftRefusal).toBe('First Name: required');
    form.actor.send({ type: 'NEXT' });
    expect(form.actor.getSnapshot().context.draftRefusal).toBeNull();
  });
});
