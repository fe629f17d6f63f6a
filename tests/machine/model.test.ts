/**
 * Model-based tests (STYLE practice 11): the graph of each form machine is generated with
 * xstate/graph, the calls' answers standing in as their done and error events; then the shortest
 * path to every exit is replayed on a real actor whose authorize and submit actors resolve at once.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor, type SnapshotFrom } from 'xstate';
import { getAdjacencyMap, getShortestPaths } from 'xstate/graph';
import automotive from '../../flows/automotive.json';
import exclusion from '../../flows/exclusion.json';
import lookup from '../../flows/lookup.json';
import { createFormMachine, flowsByFormType, type FormMachine } from '../../runtime/machine';
import type { AuthorizeResponse, FlowFile, FormType, SubmitResponse } from '../../runtime/core/types';
import { storeWithAnswer } from './fixtures';

type Snapshot = SnapshotFrom<FormMachine>;
type AnyEvent = { type: string; [key: string]: unknown };

const authorizeAnswers: AuthorizeResponse[] = [
  { authorized: true, error: null, captcha: 'raw', prepopulatedData: null },
  { authorized: false, error: 'Not a class vehicle', captcha: null, prepopulatedData: null },
];
const submitAnswers: SubmitResponse[] = [
  { submitted: true, error: null, referenceCodeForm: 'REF-1' },
  { submitted: false, error: 'Signature is required', referenceCodeForm: null },
];

function answerOf(snapshot: Snapshot): unknown {
  const details = snapshot.context.store.saved.find((m) => m.metadata.dtoMapping === 'claimDetails');
  return details?.fields.didIncurOutOfPocketExpensesPriorToSeptember ?? null;
}

/** What the machine's behaviour depends on; clock values and messages are left out. */
function serialize(snapshot: Snapshot): string {
  return JSON.stringify({
    value: snapshot.value,
    page: snapshot.context.navigation.currentPage,
    authorized: snapshot.context.authorized,
    answer: answerOf(snapshot),
    lookup: snapshot.context.lookupResult !== null,
  });
}

/** Documented exits: confirmation after submit, session expired, the lookup answer. */
function isExit(snapshot: Snapshot): boolean {
  return snapshot.status === 'done' || snapshot.value === 'sessionExpired' || snapshot.matches({ open: { flow: 'lookupResult' } });
}

function eventsFor(flow: FlowFile, withGoto = true) {
  return (snapshot: Snapshot): AnyEvent[] => {
    if (snapshot.status === 'done') return [];
    if (snapshot.value === 'sessionExpired') return [{ type: 'RESET' }];
    if (snapshot.matches({ open: { flow: 'authorizing' } })) {
      return [
        ...authorizeAnswers.map((output) => ({ type: 'xstate.done.actor.authorize', output })),
        { type: 'xstate.error.actor.authorize', error: new Error('network') },
      ];
    }
    if (snapshot.matches({ open: { flow: 'submitting' } })) {
      return [
        { type: 'SUBMIT', captchaToken: 'again' },
        ...submitAnswers.map((output) => ({ type: 'xstate.done.actor.submit', output })),
        { type: 'xstate.error.actor.submit', error: new Error('network') },
      ];
    }
    return [
      { type: 'NEXT' },
      { type: 'BACK' },
      { type: 'AUTHORIZE', credentials: null, captchaToken: 'token' },
      { type: 'SUBMIT', captchaToken: 'token' },
      { type: 'SESSION_TIMEOUT' },
      ...(withGoto ? flow.pages.map((p) => ({ type: 'GOTO', pageId: p.id })) : []),
      ...(flow.formType === 'Automotive'
        ? ['true', 'false'].map((answer) => ({ type: 'UPDATE_STORE', store: storeWithAnswer(answer) }))
        : []),
    ];
  };
}

function traversal(flow: FlowFile, withGoto = true) {
  return {
    input: { store: storeWithAnswer(null) },
    events: eventsFor(flow, withGoto),
    serializeState: (s: Snapshot) => serialize(s),
  } as unknown as Parameters<typeof getAdjacencyMap<Snapshot, AnyEvent, unknown>>[1];
}

/** Replays a generated path on a real actor; the calls resolve at once with the path's answers. */
async function replay(flow: FlowFile, steps: Array<{ event: AnyEvent; state: Snapshot }>): Promise<Snapshot> {
  let outcome: AnyEvent | undefined;
  const answer = async () => {
    const next = outcome;
    if (!next) throw new Error('no answer planned');
    if (next.type.startsWith('xstate.error')) throw next.error;
    return next.output;
  };
  const clock = new SimulatedClock();
  const machine = createFormMachine(flow).provide({
    actors: {
      authorize: fromPromise(answer) as never,
      submit: fromPromise(answer) as never,
    },
  });
  const actor = createActor(machine, { clock, input: { store: storeWithAnswer(null), now: () => clock.now() } });
  actor.start();
  for (const [i, step] of steps.entries()) {
    if (step.event.type.startsWith('xstate.')) {
      await waitFor(actor, (s) => s.status === 'done' || !(s.matches({ open: { flow: 'authorizing' } }) || s.matches({ open: { flow: 'submitting' } })));
    } else {
      outcome = steps.slice(i + 1).find((s) => s.event.type.startsWith('xstate.'))?.event;
      actor.send(step.event as never);
    }
    expect(serialize(actor.getSnapshot()), `after step ${i + 1}: ${step.event.type}`).toBe(serialize(step.state));
  }
  return actor.getSnapshot();
}

const formFlows = flowsByFormType([automotive, lookup, exclusion] as unknown as FlowFile[]);
const formTypes: FormType[] = ['Automotive', 'Lookup', 'Exclusion'];
/** Lookup has no submit and its only page has the session timeout disabled. */
const expectedExits: Record<FormType, string[]> = {
  Automotive: ['confirmation', 'sessionExpired'],
  Lookup: ['lookupResult'],
  Exclusion: ['confirmation', 'sessionExpired'],
};

describe.each(formTypes)('the %s machine against its model', (formType) => {
  const flow = formFlows[formType]!;
  const machine = createFormMachine(flow);
  const adjacency = getAdjacencyMap(machine as never, traversal(flow)) as Record<
    string,
    { state: Snapshot; transitions: Record<string, { event: AnyEvent; state: Snapshot }> }
  >;
  const states = Object.entries(adjacency);

  it.each([
    ['with edit links', true],
    ['by next, back and the primary actions alone', false],
  ])('reaches every in-flow page %s', (_how, withGoto) => {
    const graph = withGoto ? adjacency : (getAdjacencyMap(machine as never, traversal(flow, false)) as typeof adjacency);
    const states = Object.entries(graph);
    const shown = new Set(states.filter(([, v]) => v.state.status !== 'done').map(([, v]) => v.state.context.navigation.currentPage));
    const confirmation = states.some(([, v]) => v.state.status === 'done');
    const inFlow = flow.pages.filter((p) => p.inFlow !== false).map((p) => p.id);
    const last = inFlow[inFlow.length - 1];
    for (const id of inFlow) {
      if (flow.submit && id === last) expect(confirmation, 'confirmation after submit').toBe(true);
      else expect(shown.has(id), id).toBe(true);
    }
  });

  it('can end every path in submit → confirmation or a documented exit', () => {
    const exits = new Set(states.filter(([, v]) => isExit(v.state)).map(([k]) => k));
    expect(exits.size).toBeGreaterThan(0);
    // Walk the graph backwards from the exits: every state must reach one.
    const incoming = new Map<string, string[]>();
    for (const [from, v] of states) {
      for (const t of Object.values(v.transitions)) {
        const to = serialize(t.state);
        incoming.set(to, [...(incoming.get(to) ?? []), from]);
      }
    }
    const canExit = new Set(exits);
    const queue = [...exits];
    while (queue.length) {
      for (const from of incoming.get(queue.shift() as string) ?? []) {
        if (!canExit.has(from)) {
          canExit.add(from);
          queue.push(from);
        }
      }
    }
    expect(states.map(([k]) => k).filter((k) => !canExit.has(k))).toEqual([]);
  });

  it('has no dead end other than the documented exits', () => {
    const deadEnds = states
      .filter(([k, v]) => Object.values(v.transitions).every((t) => serialize(t.state) === k))
      .filter(([, v]) => !isExit(v.state))
      .map(([k]) => k);
    expect(deadEnds).toEqual([]);
  });

  it('replays the shortest path to every exit on a real actor', async () => {
    const paths = getShortestPaths(machine as never, { ...traversal(flow), toState: (s: Snapshot) => isExit(s) } as never) as Array<{
      state: Snapshot;
      steps: Array<{ event: AnyEvent; state: Snapshot }>;
    }>;
    const kinds = new Set<string>();
    for (const path of paths) {
      const end = await replay(flow, path.steps);
      expect(isExit(end)).toBe(true);
      if (end.status === 'done') expect(end.output).toEqual({ referenceCode: 'REF-1' });
      kinds.add(end.status === 'done' ? 'confirmation' : end.value === 'sessionExpired' ? 'sessionExpired' : 'lookupResult');
    }
    expect([...kinds].sort()).toEqual(expectedExits[formType]);
  });
});
