/**
 * A form's actor before its machine's code has loaded: a press that waits for the sign-in's answer
 * must not read a state from the middle of the replay of the events kept meanwhile (it would take
 * the answers typed before the press for "not signing in any more" and skip what follows the
 * sign-in, such as opening a claim saved for later).
 */
import { describe, expect, it } from 'vitest';
import { deferredActor, whenSnapshot, type FormSnapshot, type MachineActor } from '../../../runtime/app/forms/formActor';
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
  const machine: MachineActor = {
    getSnapshot: snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return { unsubscribe: () => void listeners.delete(listener) };
    },
    on: () => ({ unsubscribe: () => undefined }),
    send(event) {
      received.push(event.type);
      if (event.type === 'AUTHORIZE') flow = 'authorizing';
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
  return { machine, answer, received };
}

describe('a form actor whose machine loads on the press', () => {
  it('answers a press waiting for the sign-in only once the machine has answered the sign-in itself', async () => {
    const input = { store: initStore(CONFIGS, 'Automotive', createIdSource()), minSessionDuration: 30 };
    const context = contextFromInput(automotiveFlow, initialNavigation(automotiveFlow), input, prepopulatedFieldsOf(automotiveFlow));
    const fake = fakeMachine(context);
    const actor = deferredActor({ context, signsIn: true, createNow: () => null, create: () => Promise.resolve(fake.machine) });
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
