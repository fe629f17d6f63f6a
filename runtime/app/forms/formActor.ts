import { useCallback, useRef, useSyncExternalStore } from 'react';
import { USER_MESSAGES } from '../../core/errors';
import { beginNavigation, endNavigation } from '../../core/navigation';
import type { FormMachineContext, FormMachineEmitted, FormMachineEvent } from '../../machine/types';

/**
 * A form's running machine as the app sees it. A form's start page shows before the machine's code
 * (XState and the form machine) has loaded: until then the answers typed and the route changes are
 * kept here, and the first event that needs the machine (the sign-in's press, a Back, a restored
 * claim) loads it. Once it is in, every event kept is sent to it in order, so that it stands where
 * it would have stood had it run from the start, and it answers from then on (the answers typed
 * then reach it as typedAnswers.ts says).
 */

/** A state of the form machine the app asks about (a part of its state value). */
export type FormStateTest =
  | 'open'
  | 'sessionExpired'
  | 'confirmation'
  | { open: { flow: 'editing' | 'pressing' | 'authorizing' | 'lookupResult' | 'submitting' } }
  | { open: { session: 'off' | 'counting' | { counting: 'active' | 'warning' } } };

/** What the app reads of the machine's state. */
export interface FormSnapshot {
  readonly status: 'active' | 'done' | 'error' | 'stopped';
  readonly context: FormMachineContext;
  readonly value: unknown;
  matches(test: FormStateTest): boolean;
}

export interface Unsubscribe {
  unsubscribe(): void;
}

/** The form machine's XState actor, as the app uses it. */
export interface RunningMachine {
  getSnapshot(): FormSnapshot;
  subscribe(listener: () => void): Unsubscribe;
  on(type: '*', handler: (event: FormMachineEmitted) => void): Unsubscribe;
  send(event: FormMachineEvent): void;
  stop(): void;
  /** The state to carry over to a machine of a changed flow. */
  getPersistedSnapshot(): unknown;
}

/** The form machine's actor, as its code (runtime/app/forms/formEngine.ts) makes it: answers typed are held a moment (typedAnswers.ts). */
export interface MachineActor extends RunningMachine {
  /** Told of each change of the answers typed and held, which subscribe is not told of. */
  subscribeAnswers(listener: () => void): Unsubscribe;
  /** Sends the machine the answers held (before reading the machine itself). */
  settle(): void;
}

export interface FormActor {
  getSnapshot(): FormSnapshot;
  subscribe(listener: () => void): Unsubscribe;
  /** Told of every change of the answers (each keystroke), besides every change subscribe is told of. */
  subscribeAnswers(listener: () => void): Unsubscribe;
  send(event: FormMachineEvent): void;
  on<K extends FormMachineEmitted['type']>(type: K, handler: (event: Extract<FormMachineEmitted, { type: K }>) => void): Unsubscribe;
  stop(): void;
  /**
   * When the machine's code is in and the machine not yet made, makes its definition only: its
   * actor then comes at ready(), in a task of its own (the two together are a long task on a slow phone).
   */
  prepare(): void;
  /** Loads the machine (once); resolves when it answers. */
  ready(): Promise<void>;
  /** The machine when it has loaded. */
  machine(): MachineActor | null;
  /** Sends the machine the answers typed and held (before reading the machine itself). */
  settle(): void;
  /** The events kept for the machine until it loads. */
  pending(): readonly FormMachineEvent[];
}

/** Events a start page sends before the machine is needed: applied here, and sent to the machine when it loads. */
const KEPT: ReadonlySet<FormMachineEvent['type']> = new Set(['UPDATE_STORE', 'ROUTE_CHANGE_START', 'ROUTE_CHANGE_END', 'ACTIVITY', 'SESSION_EXTENDED', 'DISMISS_ERROR']);

function matchesValue(value: unknown, test: unknown): boolean {
  if (typeof test === 'string') return value === test || (typeof value === 'object' && value !== null && test in value);
  if (typeof test !== 'object' || test === null || typeof value !== 'object' || value === null) return false;
  return Object.entries(test).every(([key, inner]) => key in value && matchesValue((value as Record<string, unknown>)[key], inner));
}

function previewSnapshot(context: FormMachineContext, flowState: 'editing' | 'authorizing', status: FormSnapshot['status']): FormSnapshot {
  const value = { open: { flow: flowState, session: 'off' } };
  return { status, context, value, matches: (test) => matchesValue(value, test) };
}

function isEmitted<K extends FormMachineEmitted['type']>(event: FormMachineEmitted, type: K): event is Extract<FormMachineEmitted, { type: K }> {
  return event.type === type;
}

export interface DeferredActorOptions {
  /** The context the machine starts with. */
  context: FormMachineContext;
  /** Whether the page shown signs in (its press is an AUTHORIZE). */
  signsIn: boolean;
  /** Makes the machine's definition when its code is in, without its actor (the first half of createNow). */
  prepareNow?(): void;
  /** Makes the machine at once when its code is already in, else null. */
  createNow(): MachineActor | null;
  /** Loads the machine's code and makes the machine. */
  create(): Promise<MachineActor>;
  /** Events to send to the machine first (a form taking over another's answers). */
  replay?: readonly FormMachineEvent[];
}

/** A form's actor whose machine loads when first needed (or at once, when its code is in). */
export function deferredActor(options: DeferredActorOptions): FormActor {
  const listeners = new Set<() => void>();
  const handlers = new Set<(event: FormMachineEmitted) => void>();
  let log: FormMachineEvent[] = [...(options.replay ?? [])];
  let preview = previewSnapshot(options.context, 'editing', 'active');
  let real: MachineActor | null = null;
  let loading: Promise<void> | null = null;
  const answerListeners = new Set<() => void>();
  const notifyAnswers = () => [...answerListeners].forEach((listener) => listener());
  const notify = () => {
    [...listeners].forEach((listener) => listener());
    notifyAnswers();
  };
  const dispatch = (event: FormMachineEmitted) => [...handlers].forEach((handler) => handler(event));

  const take = (machine: MachineActor) => {
    if (real) return;
    if (preview.status === 'stopped') return machine.stop();
    real = machine;
    // Its emitted events are connected before the kept events are sent, so that what they emit
    // reaches the app; its states only after, so that no one waiting on a state (a press waiting
    // for the sign-in's answer) reads one from the middle of the replay, before the press itself.
    machine.on('*', dispatch);
    const kept = log;
    log = [];
    for (const event of kept) machine.send(event);
    machine.subscribe(notify);
    machine.subscribeAnswers(notifyAnswers);
    notify();
  };
  const ready = (): Promise<void> => {
    if (real) return Promise.resolve();
    loading ??= options.create().then(take, (error: unknown) => {
      loading = null;
      // No code (offline): the press that asked for it fails as a sign-in without an answer does,
      // and the page stays as it was, its answers kept for the next press.
      log = log.filter((event) => KEPT.has(event.type));
      if (preview.matches({ open: { flow: 'authorizing' } })) {
        preview = previewSnapshot(preview.context, 'editing', preview.status);
        notify();
        dispatch({ type: 'captchaReset' });
        dispatch({ type: 'failure', failure: { source: 'authorize', messageKey: USER_MESSAGES.generic.key, message: USER_MESSAGES.generic.en, status: null } });
      }
      throw error;
    });
    return loading;
  };
  const now = options.createNow();
  if (now) take(now);
  else if (log.length > 0) void ready().catch(() => undefined);

  const keep = (event: FormMachineEvent) => {
    // Activity counts only where the session timer runs, and it does not run where the machine may wait.
    if (event.type === 'ACTIVITY') return;
    const last = log[log.length - 1];
    // Only the last of the answers typed matters.
    if (event.type === 'UPDATE_STORE' && last?.type === 'UPDATE_STORE') log[log.length - 1] = event;
    else log.push(event);
  };
  const applyToPreview = (event: FormMachineEvent): FormSnapshot => {
    const { context } = preview;
    switch (event.type) {
      case 'UPDATE_STORE':
        return previewSnapshot({ ...context, store: event.store }, 'editing', preview.status);
      case 'ROUTE_CHANGE_START': {
        const store = event.store ?? context.store;
        if (context.navigation.isNavigating) return store === context.store ? preview : previewSnapshot({ ...context, store }, 'editing', preview.status);
        return previewSnapshot({ ...context, store, navigation: beginNavigation(context.navigation) }, 'editing', preview.status);
      }
      case 'ROUTE_CHANGE_END':
        return previewSnapshot({ ...context, navigation: endNavigation(context.navigation) }, 'editing', preview.status);
      case 'AUTHORIZE':
        // The machine's first step on a sign-in, shown while its code comes.
        return options.signsIn && !preview.matches({ open: { flow: 'authorizing' } })
          ? previewSnapshot({ ...context, authorized: false, authorizationError: null, authorizationErrorCode: null, failure: null, lookupResult: null }, 'authorizing', preview.status)
          : preview;
      default:
        return preview;
    }
  };

  return {
    getSnapshot: () => real?.getSnapshot() ?? preview,
    subscribe(listener) {
      listeners.add(listener);
      return { unsubscribe: () => void listeners.delete(listener) };
    },
    subscribeAnswers(listener) {
      answerListeners.add(listener);
      return { unsubscribe: () => void answerListeners.delete(listener) };
    },
    on(type, handler) {
      const forward = (event: FormMachineEmitted) => {
        if (isEmitted(event, type)) handler(event);
      };
      handlers.add(forward);
      return { unsubscribe: () => void handlers.delete(forward) };
    },
    send(event) {
      if (real) return real.send(event);
      if (preview.status === 'stopped') return;
      keep(event);
      const next = applyToPreview(event);
      if (next !== preview) {
        preview = next;
        notify();
      }
      if (!KEPT.has(event.type)) void ready().catch(() => undefined);
    },
    stop() {
      if (real) return real.stop();
      preview = previewSnapshot(preview.context, 'editing', 'stopped');
      notify();
    },
    prepare() {
      if (!real && preview.status !== 'stopped') options.prepareNow?.();
    },
    ready,
    machine: () => real,
    settle: () => real?.settle(),
    pending: () => log,
  };
}

/** The part of the form's state a component reads; it renders again only when that part changes. */
export function useFormSelector<T>(actor: FormActor, select: (snapshot: FormSnapshot) => T, equal: (a: T, b: T) => boolean = Object.is): T {
  const last = useRef<{ snapshot: FormSnapshot; select: (snapshot: FormSnapshot) => T; value: T } | null>(null);
  const read = useCallback(() => {
    const snapshot = actor.getSnapshot();
    const cached = last.current;
    if (cached && cached.snapshot === snapshot && cached.select === select) return cached.value;
    const value = select(snapshot);
    // An equal value is the same value: the component does not render again for it.
    const kept = cached && equal(cached.value, value) ? cached.value : value;
    last.current = { snapshot, select, value: kept };
    return kept;
  }, [actor, select, equal]);
  const subscribe = useCallback((listener: () => void) => actor.subscribe(listener).unsubscribe, [actor]);
  return useSyncExternalStore(subscribe, read, read);
}

/** Resolves with the first state (the present one included) that the predicate accepts. */
export function whenSnapshot(actor: FormActor, accept: (snapshot: FormSnapshot) => boolean): Promise<FormSnapshot> {
  return new Promise((resolve) => {
    const now = actor.getSnapshot();
    if (accept(now)) return resolve(now);
    const sub = actor.subscribe(() => {
      const snapshot = actor.getSnapshot();
      if (!accept(snapshot)) return;
      sub.unsubscribe();
      resolve(snapshot);
    });
  });
}
