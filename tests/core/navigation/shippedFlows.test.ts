import { describe, expect, it } from 'vitest';
import automotive from '../../../flows/automotive.json';
import exclusion from '../../../flows/exclusion.json';
import lookup from '../../../flows/lookup.json';
import {
  backTarget,
  createFormFactoryRegistry,
  emptyNavigation,
  flowFactory,
  goTo,
  initNavigation,
  nextTarget,
  nodeForPath,
  scopeFromStore,
  skipPredicate,
} from '../../../runtime/core/navigation';
import type { FlowFile } from '../../../runtime/core/types';
import { storeWithAnswer } from '../../machine/fixtures';

const flows = { automotive, exclusion, lookup } as unknown as Record<string, FlowFile>;

function navigate(flow: FlowFile) {
  const registry = createFormFactoryRegistry();
  registry.register(flow.formType, flowFactory(flow));
  return initNavigation(emptyNavigation(), flow.formType, registry);
}

/** Page paths visited by next from the first page. */
function walk(flow: FlowFile, answer: string | null): string[] {
  const skip = skipPredicate(flow, scopeFromStore(storeWithAnswer(answer)));
  let state = navigate(flow);
  const seen = [state.nodes.find((n) => n.id === state.currentPage)!.path];
  for (let target = nextTarget(state, skip); target !== null; target = nextTarget(state, skip)) {
    state = goTo(state, target);
    seen.push(state.nodes.find((n) => n.id === target)!.path);
  }
  return seen;
}

describe('the shipped flows follow the page flow of spec §2', () => {
  it("Automotive visits denials unless the out-of-pocket answer is 'true'", () => {
    const pages = ['claimant-info', 'eligibility', 'repairs', 'denials', 'supporting-documents', 'claim-summary', 'confirmation'];
    expect(walk(flows.automotive!, 'false')).toEqual(['/automotive', ...pages.map((p) => `/automotive/${p}`)]);
    expect(walk(flows.automotive!, 'true')).toEqual(['/automotive', ...pages.filter((p) => p !== 'denials').map((p) => `/automotive/${p}`)]);
  });

  it("Automotive goes back from supporting-documents to repairs on 'true'", () => {
    const flow = flows.automotive!;
    const state = goTo(navigate(flow), nodeForPath(navigate(flow), '/automotive/supporting-documents').id);
    expect(backTarget(state, skipPredicate(flow, scopeFromStore(storeWithAnswer('true'))))).toBe(nodeForPath(state, '/automotive/repairs').id);
  });

  it('Automotive opens the start page at /, /automotive and /automotive/ and keeps payment-election out of the flow', () => {
    const state = navigate(flows.automotive!);
    const start = state.currentPage;
    for (const path of ['/', '/automotive', '/automotive/']) expect(nodeForPath(state, path).id).toBe(start);
    const payment = nodeForPath(state, '/automotive/payment-election');
    expect(payment).toMatchObject({ inFlow: false, next: null, back: null });
  });

  it('Lookup has the lookup page only, and Exclusion its four pages', () => {
    expect(walk(flows.lookup!, null)).toEqual(['/vinlookup']);
    expect(walk(flows.exclusion!, null)).toEqual(['/exclusion', '/exclusion/claimant-info', '/exclusion/claim-summary', '/exclusion/confirmation']);
  });
});
