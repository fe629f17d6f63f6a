import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { createFormMachine } from '../../runtime/machine';
import type { AuthorizeInput, FormMachineEmitted, SubmitInput } from '../../runtime/machine';
import type { AuthorizeResponse, FlowFile, ModelStoreState, SubmitResponse } from '../../runtime/core/types';
import type { PrepopulatedFieldConfig } from '../../runtime/core/models';
import { emptyStore } from './fixtures';

export const authorized: AuthorizeResponse = { authorized: true, error: null, captcha: 'raw-captcha', prepopulatedData: null };
export const accepted: SubmitResponse = { submitted: true, error: null, referenceCodeForm: 'EXM-REF-0001' };

export interface Wiring {
  authorize?: (input: AuthorizeInput) => Promise<AuthorizeResponse>;
  submit?: (input: SubmitInput) => Promise<SubmitResponse>;
  store?: ModelStoreState;
  minSessionDuration?: number;
  prepopulatedFields?: PrepopulatedFieldConfig[];
}

/** Starts a form machine on a simulated clock with the given authorize and submit functions. */
export function startForm(flow: FlowFile, wiring: Wiring = {}) {
  const clock = new SimulatedClock();
  const machine = createFormMachine(flow).provide({
    actors: {
      authorize: fromPromise<AuthorizeResponse, AuthorizeInput>(({ input }) => (wiring.authorize ?? (async () => authorized))(input)),
      submit: fromPromise<SubmitResponse, SubmitInput>(({ input }) => (wiring.submit ?? (async () => accepted))(input)),
    },
  });
  const actor = createActor(machine, {
    clock,
    input: {
      store: wiring.store ?? emptyStore,
      now: () => clock.now(),
      ...(wiring.prepopulatedFields ? { prepopulatedFields: wiring.prepopulatedFields } : {}),
      ...(wiring.minSessionDuration !== undefined ? { minSessionDuration: wiring.minSessionDuration } : {}),
    },
  });
  const emitted: FormMachineEmitted[] = [];
  actor.on('*', (e) => emitted.push(e as FormMachineEmitted));
  actor.start();
  const page = () => actor.getSnapshot().context.navigation.currentPage;
  /** Waits (in microtasks, never real time) until no call is in flight. */
  const settled = () =>
    waitFor(actor, (s) => s.status !== 'active' || !(s.matches({ open: { flow: 'authorizing' } }) || s.matches({ open: { flow: 'submitting' } })));
  return { actor, clock, emitted, page, settled };
}
