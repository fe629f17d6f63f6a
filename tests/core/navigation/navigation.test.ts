import { describe, expect, it } from 'vitest';
import { DevError } from '../../../runtime/core/errors';
import {
  backTarget,
  beginNavigation,
  clearNavigation,
  createFormFactoryRegistry,
  emptyNavigation,
  endNavigation,
  flowFactory,
  goTo,
  initNavigation,
  isPageSkipped,
  nextTarget,
  nodeForPath,
  nodesFromFlow,
  progress,
  scopeFromStore,
  skipPredicate,
  specialExit,
  type NavigationState,
} from '../../../runtime/core/navigation';
import { automotiveFlow, exclusionFlow, storeWithAnswer } from '../../machine/fixtures';

function automotive(): { state: NavigationState; skipWhen: (answer: string | null) => (id: string) => boolean } {
  const registry = createFormFactoryRegistry();
  registry.register('Automotive', flowFactory(automotiveFlow));
  const state = initNavigation(emptyNavigation(), 'Automotive', registry);
  return { state, skipWhen: (answer) => skipPredicate(automotiveFlow, scopeFromStore(storeWithAnswer(answer))) };
}

function thrown(fn: () => unknown): DevError {
  try {
    fn();
  } catch (e) {
    if (e instanceof DevError) return e;
    throw e;
  }
  throw new Error('expected a DevError');
}

describe('the form factory registry', () => {
  it('refuses to register a form type twice', () => {
    const registry = createFormFactoryRegistry();
    registry.register('Automotive', flowFactory(automotiveFlow));
    const error = thrown(() => registry.register('Automotive', flowFactory(automotiveFlow)));
    expect(error.code).toBe('DUPLICATE_FORM_FACTORY');
    expect(error.message).toBe('A form factory is already registered for Automotive');
  });

  it("names an unknown form type 'Unexpected Form Type'", () => {
    const registry = createFormFactoryRegistry();
    const error = thrown(() => initNavigation(emptyNavigation(), 'Lookup', registry));
    expect(error.code).toBe('UNEXPECTED_FORM_TYPE');
    expect(error.message).toContain('Unexpected Form Type');
    expect(error.message).toBe('Unexpected Form Type: Lookup');
  });
});

describe('nodes built from a flow file', () => {
  it('links the in-flow pages in order and leaves pages outside the flow unlinked', () => {
    const nodes = nodesFromFlow(automotiveFlow);
    const links = Object.fromEntries(nodes.map((n) => [n.id, [n.back, n.next]]));
    expect(links).toEqual({
      start: [null, 'claimant-info'],
      'claimant-info': ['start', 'eligibility'],
      eligibility: ['claimant-info', 'repairs'],
      repairs: ['eligibility', 'denials'],
      denials: ['repairs', 'supporting-documents'],
      'payment-election': [null, null],
      'supporting-documents': ['denials', 'claim-summary'],
      'claim-summary': ['supporting-documents', 'confirmation'],
      confirmation: ['claim-summary', null],
    });
    expect(nodes.find((n) => n.id === 'payment-election')?.inFlow).toBe(false);
  });
});

describe('initialization', () => {
  it('sets the active form, builds the nodes and shows the first page', () => {
    const { state } = automotive();
    expect(state).toMatchObject({ activeForm: 'Automotive', initialized: true, currentPage: 'start', isNavigating: false });
    expect(state.nodes).toHaveLength(9);
  });

  it('is an error the second time', () => {
    const registry = createFormFactoryRegistry();
    registry.register('Automotive', flowFactory(automotiveFlow));
    const once = initNavigation(emptyNavigation(), 'Automotive', registry);
    const error = thrown(() => initNavigation(once, 'Automotive', registry));
    expect(error.code).toBe('ALREADY_INITIALIZED');
    expect(error.message).toBe('Navigation has already been initialized for Automotive');
  });

  it('can run again after clearing, which resets page, nodes, active form and initialized flag', () => {
    const registry = createFormFactoryRegistry();
    registry.register('Exclusion', flowFactory(exclusionFlow));
    const cleared = clearNavigation(initNavigation(emptyNavigation(), 'Exclusion', registry));
    expect(cleared).toEqual(emptyNavigation());
    expect(initNavigation(cleared, 'Exclusion', registry).currentPage).toBe('start');
  });
});

describe('next and back with skip rules', () => {
  it("skip denials both ways when the out-of-pocket answer is 'true'", () => {
    const { state, skipWhen } = automotive();
    const skipped = skipWhen('true');
    expect(nextTarget(goTo(state, 'repairs'), skipped)).toBe('supporting-documents');
    expect(backTarget(goTo(state, 'supporting-documents'), skipped)).toBe('repairs');
  });

  it("visit denials when the answer is 'false'", () => {
    const { state, skipWhen } = automotive();
    const skipped = skipWhen('false');
    expect(nextTarget(goTo(state, 'repairs'), skipped)).toBe('denials');
    expect(backTarget(goTo(state, 'supporting-documents'), skipped)).toBe('denials');
  });

  it('visit denials while the question is unanswered', () => {
    const { state, skipWhen } = automotive();
    expect(nextTarget(goTo(state, 'repairs'), skipWhen(null))).toBe('denials');
  });

  it('give no target back from the first page and next from the last', () => {
    const { state } = automotive();
    expect(backTarget(state)).toBeNull();
    expect(nextTarget(goTo(state, 'confirmation'))).toBeNull();
  });

  it('give no target from a page outside the flow', () => {
    const { state } = automotive();
    const there = goTo(state, 'payment-election');
    expect(nextTarget(there)).toBeNull();
    expect(backTarget(there)).toBeNull();
  });

  it('are refused while navigating', () => {
    const { state } = automotive();
    const moving = beginNavigation(state);
    for (const move of [nextTarget, backTarget]) {
      const error = thrown(() => move(moving));
      expect(error.code).toBe('NAVIGATING_WHILE_NAVIGATING');
      expect(error.message).toBe('Cannot navigate while a navigation is in progress');
    }
    expect(nextTarget(endNavigation(moving))).toBe('claimant-info');
  });
});

describe('opening a path', () => {
  it('matches exactly one node by path or alias, ignoring the query', () => {
    const { state } = automotive();
    expect(nodeForPath(state, '/').id).toBe('start');
    expect(nodeForPath(state, '/automotive/').id).toBe('start');
    expect(nodeForPath(state, '/automotive/denials?culture=es').id).toBe('denials');
    expect(nodeForPath(state, '/automotive/payment-election').id).toBe('payment-election');
  });

  it('is an error when no node matches', () => {
    const { state } = automotive();
    const error = thrown(() => nodeForPath(state, '/automotive/nowhere'));
    expect(error.code).toBe('NO_NODE_FOR_PATH');
    expect(error.message).toBe('No navigation node matches the path /automotive/nowhere');
  });

  it('is an error when several nodes match', () => {
    const registry = createFormFactoryRegistry();
    registry.register('Exclusion', () => [
      { id: 'a', path: '/exclusion', aliases: [], next: null, back: null, inFlow: true },
      { id: 'b', path: '/exclusion/b', aliases: ['/exclusion'], next: null, back: null, inFlow: true },
    ]);
    const state = initNavigation(emptyNavigation(), 'Exclusion', registry);
    const error = thrown(() => nodeForPath(state, '/exclusion'));
    expect(error.code).toBe('SEVERAL_NODES_FOR_PATH');
    expect(error.message).toBe('More than one navigation node matches the path /exclusion');
  });

  it('is an error before the nodes are initialized', () => {
    expect(thrown(() => nodeForPath(emptyNavigation(), '/')).code).toBe('NODES_NOT_INITIALIZED');
  });
});

describe('special exits', () => {
  it('route to their pages and clear the form state', () => {
    const { state } = automotive();
    expect(specialExit(state, 'notFound')).toEqual({ state: emptyNavigation(), path: '/page-not-found' });
    expect(specialExit(state, 'error').path).toBe('/error');
    expect(specialExit(state, 'sessionExpired', { culture: 'es' })).toEqual({
      state: emptyNavigation(),
      path: '/session-expired?form=Automotive&culture=es',
    });
  });
});

describe('skip rules and progress', () => {
  it('read skipWhen on the single-instance models', () => {
    const denials = automotiveFlow.pages.find((p) => p.id === 'denials')!;
    expect(isPageSkipped(denials, scopeFromStore(storeWithAnswer('true')))).toBe(true);
    expect(isPageSkipped(denials, scopeFromStore(storeWithAnswer('false')))).toBe(false);
    expect(isPageSkipped(automotiveFlow.pages[0]!, scopeFromStore(storeWithAnswer('true')))).toBe(false);
  });

  it("count the in-flow pages that are not skipped for 'Step n of m'", () => {
    const { state, skipWhen } = automotive();
    expect(progress(goTo(state, 'supporting-documents'), skipWhen('false'))).toEqual({ step: 6, total: 8 });
    expect(progress(goTo(state, 'supporting-documents'), skipWhen('true'))).toEqual({ step: 5, total: 7 });
    expect(progress(goTo(state, 'payment-election'), skipWhen('true'))).toEqual({ step: 0, total: 7 });
  });
});
