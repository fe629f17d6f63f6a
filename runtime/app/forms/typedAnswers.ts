/**
 * The answers typed while the form machine edits reach it in one UPDATE_STORE when the browser is
 * idle, or before any other event: a keystroke draws the fields that read the answers, not the
 * machine's transition and every reader of its state. Its state read meanwhile holds them. Part of
 * the machine's chunk: a start page types into its own state until the machine is in (formActor.ts).
 */
import type { ModelStoreState } from '../../core/types';
import type { FormSnapshot, MachineActor, RunningMachine, Unsubscribe } from './formActor';

/** However busy the browser, answers typed reach the machine within this. */
const HELD_AT_MOST_MS = 250;

function whenIdle(run: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(run, { timeout: HELD_AT_MOST_MS });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(run, 0);
  return () => clearTimeout(id);
}

/** The machine's state with the answers typed since its last UPDATE_STORE. */
function withAnswers(base: FormSnapshot, store: ModelStoreState): FormSnapshot {
  return { status: base.status, context: { ...base.context, store }, value: base.value, matches: (test) => base.matches(test) };
}

/** Listeners told together; each one added can take itself off. */
function listenerSet() {
  const set = new Set<() => void>();
  return {
    add(listener: () => void): Unsubscribe {
      set.add(listener);
      return { unsubscribe: () => void set.delete(listener) };
    },
    tell: () => [...set].forEach((listener) => listener()),
  };
}

const editing = (snapshot: FormSnapshot) => snapshot.matches({ open: { flow: 'editing' } });

export function holdTypedAnswers(machine: RunningMachine): MachineActor {
  const listeners = listenerSet();
  const answerListeners = listenerSet();
  // The answers typed since the machine's last UPDATE_STORE, and the machine's answers they were typed over.
  let held: { store: ModelStoreState; over: ModelStoreState } | null = null;
  let shown: { base: FormSnapshot; store: ModelStoreState; snapshot: FormSnapshot } | null = null;
  let cancelWait: (() => void) | null = null;
  const drop = () => {
    held = null;
    cancelWait?.();
    cancelWait = null;
  };
  const settle = () => {
    const store = held?.store;
    drop();
    if (!store) return;
    const before = machine.getSnapshot();
    machine.send({ type: 'UPDATE_STORE', store });
    // Not taken (the machine left editing meanwhile): its own answers show again.
    if (machine.getSnapshot() === before) listeners.tell();
  };
  machine.subscribe(() => {
    // The machine changed its answers or left editing by itself (a session run out): what was
    // typed before is not put back over them.
    const now = machine.getSnapshot();
    if (held && (now.context.store !== held.over || !editing(now))) drop();
    listeners.tell();
  });
  return {
    getSnapshot() {
      const base = machine.getSnapshot();
      if (!held) return base;
      if (shown?.base !== base || shown.store !== held.store) shown = { base, store: held.store, snapshot: withAnswers(base, held.store) };
      return shown.snapshot;
    },
    subscribe: listeners.add,
    subscribeAnswers: answerListeners.add,
    on: (type, handler) => machine.on(type, handler),
    send(event) {
      if (event.type === 'UPDATE_STORE' && editing(machine.getSnapshot())) {
        held = { store: event.store, over: held?.over ?? machine.getSnapshot().context.store };
        cancelWait ??= whenIdle(settle);
        answerListeners.tell();
        return;
      }
      // Activity (a key, at most once a second) moves the session's deadline, not the answers.
      if (event.type !== 'ACTIVITY') settle();
      machine.send(event);
    },
    stop() {
      settle();
      machine.stop();
    },
    getPersistedSnapshot: () => machine.getPersistedSnapshot(),
    settle,
  };
}
