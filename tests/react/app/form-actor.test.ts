/**
 * A form's actor before its machine's code has loaded: a press that waits for the sign-in's answer
 * must not read a state from the middle of the replay of the events kept meanwhile (it would take
 * the answers typed before the press for "not signing in any more" and skip what follows the
 * sign-in, such as opening a claim saved for later). Once the machine runs: the answers typed reach
 * it when the browser idles or before the next event, and never over answers it changed itself.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { deferredActor, whenSnapshot, type FormSnapshot, type RunningMachine } from '../../../runtime/app/forms/formActor';
import { holdTypedAnswers } from '../../../runtime/app/forms/typedAnswers';
import { contextFromInput, initialNavigation, prepopulatedFieldsOf } from '../../../runtime/machine/context';
import type { FormMachineContext, FormMachineEvent } from '../../../runtime/machine/types';
import { initStore, createIdSource } from '../../../runtime/core/models';
import { automotiveFlow } from '../../machine/fixtures';
import { CONFIGS } from '../fixtures';

/** A machine that signs in on AUTHORIZE (answered when `answer` is called) and tells its listeners of each event. */
function fakeMachine(context: FormMachineContext) {
  const listeners = new Set<() => void>();
  let flow: 'editing' | 'authorizing' = 'editing';
  let current = context;
  const snapshot = (): FormSnapshot => {
    const value = { open: { flow, session: 'off' } };
    return { status: 'active', context: current, value, matches: (test) => typeof test === 'object' && 'open' in test && 'flow' in test.open && test.open.flow === flow };
  };
  const received: FormMachineEvent['type'][] = [];
  const tell = () => [...listeners].forEach((l) => l());
  const machine: RunningMachine = {
    getSnapshot: snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return { unsubscribe: () => void listeners.delete(listener) };
    },
    on: () => ({ unsubscribe: () => undefined }),
    send(event) {
      received.push(event.type);
      if (event.type === 'AUTHORIZE') flow = 'authorizing';
      if (event.type === 'UPDATE_STORE') current = { ...current, store: event.store };
      tell();
    },
    stop: () => undefined,
    getPersistedSnapshot: () => null,
  };
  const answer = () => {
    flow = 'editing';
    current = { ...current, authorized: true };
    tell();
  };
  /** The machine's own change of its answers (a session run out clears them). */
  const cleared = { ...context.store };
  const clear = () => {
    current = { ...current, store: cleared };
    tell();
  };
  return { machine, answer, clear, cleared, received, answers: () => current.store };
}

const startContext = () => {
  const input = { store: initStore(CONFIGS, 'Automotive', createIdSource()), minSessionDuration: 30 };
  return contextFromInput(automotiveFlow, initialNavigation(automotiveFlow), input, prepopulatedFieldsOf(automotiveFlow));
};

/** Idle callbacks queued, run when the test says the browser idles. */
function idleQueue() {
  const queue: Array<() => void> = [];
  window.requestIdleCallback = (run) => queue.push(() => run({ didTimeout: false, timeRemaining: () => 50 })) as number;
  window.cancelIdleCallback = () => undefined;
  return () => queue.splice(0).forEach((run) => run());
}

afterEach(() => {
  Reflect.deleteProperty(window, 'requestIdleCallback');
  Reflect.deleteProperty(window, 'cancelIdleCallback');
});

describe('a form actor whose machine loads on the press', () => {
  it('answers a press waiting for the sign-in only once the machine has answered the sign-in itself', async () => {
    const context = startContext();
    const fake = fakeMachine(context);
    const actor = deferredActor({ context, signsIn: true, createNow: () => null, create: () => Promise.resolve(holdTypedAnswers(fake.machine)) });
    // Typed before the machine's code came, then pressed.
    actor.send({ type: 'UPDATE_STORE', store: context.store });
    actor.send({ type: 'AUTHORIZE', credentials: null, captchaToken: null });
    let settled: FormSnapshot | null = null;
    const waiting = whenSnapshot(actor, (s) => !s.matches({ open: { flow: 'authorizing' } })).then((s) => (settled = s));
    await actor.ready();
    await Promise.resolve();
    expect(fake.received).toEqual(['UPDATE_STORE', 'AUTHORIZE']);
    expect(settled).toBeNull();
    fake.answer();
    await waiting;
    expect(settled).not.toBeNull();
    expect(actor.getSnapshot().context.authorized).toBe(true);
  });
});

describe('a form actor whose machine runs, as the claimant types', () => {
  it('shows the answers of each keystroke at once and sends the machine the last of them when the browser idles', () => {
    const idle = idleQueue();
    const context = startContext();
    const fake = fakeMachine(context);
    const actor = deferredActor({ context, signsIn: true, createNow: () => holdTypedAnswers(fake.machine), create: () => Promise.reject(new Error('in already')) });
    let told = 0;
    let toldAnswers = 0;
    actor.subscribe(() => (told += 1));
    actor.subscribeAnswers(() => (toldAnswers += 1));
    const keystrokes = [1, 2, 3].map(() => ({ ...context.store }));
    for (const store of keystrokes) actor.send({ type: 'UPDATE_STORE', store });
    // Each keystroke drew the fields reading the answers; the machine and its readers wait.
    expect(toldAnswers).toBe(3);
    expect(told).toBe(0);
    expect(fake.received).toEqual([]);
    // A key's activity moves the session's deadline, and the answers still wait.
    actor.send({ type: 'ACTIVITY' });
    told = 0;
    expect(fake.received).toEqual(['ACTIVITY']);
    expect(actor.getSnapshot().context.store).toBe(keystrokes[2]);
    expect(actor.getSnapshot().matches({ open: { flow: 'editing' } })).toBe(true);
    idle();
    expect(fake.received).toEqual(['ACTIVITY', 'UPDATE_STORE']);
    expect(fake.answers()).toBe(keystrokes[2]);
    expect(told).toBe(1);
    expect(actor.getSnapshot().context.store).toBe(keystrokes[2]);
  });

  it('sends the answers typed before a press that comes before the browser idles, then the press', () => {
    idleQueue();
    const context = startContext();
    const fake = fakeMachine(context);
    const actor = deferredActor({ context, signsIn: true, createNow: () => holdTypedAnswers(fake.machine), create: () => Promise.reject(new Error('in already')) });
    const typed = { ...context.store };
    actor.send({ type: 'UPDATE_STORE', store: typed });
    actor.send({ type: 'AUTHORIZE', credentials: null, captchaToken: null });
    expect(fake.received).toEqual(['UPDATE_STORE', 'AUTHORIZE']);
    expect(fake.answers()).toBe(typed);
    // While the machine signs in, what is typed reaches it at once.
    const during = { ...context.store };
    actor.send({ type: 'UPDATE_STORE', store: during });
    expect(fake.received).toEqual(['UPDATE_STORE', 'AUTHORIZE', 'UPDATE_STORE']);
    expect(fake.answers()).toBe(during);
  });

  it('does not put answers typed back over answers the machine changed itself before they reached it', () => {
    const idle = idleQueue();
    const context = startContext();
    const fake = fakeMachine(context);
    const actor = deferredActor({ context, signsIn: true, createNow: () => holdTypedAnswers(fake.machine), create: () => Promise.reject(new Error('in already')) });
    actor.send({ type: 'UPDATE_STORE', store: { ...context.store } });
    fake.clear();
    expect(actor.getSnapshot().context.store).toBe(fake.cleared);
    idle();
    expect(fake.received).toEqual([]);
    expect(fake.answers()).toBe(fake.cleared);
  });
});
