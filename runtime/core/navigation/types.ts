import type { FormType } from '../types';

/** One page of a form as navigation sees it (spec §3): its route and its next and back targets. */
export interface PageNode {
  /** Page id from the flow file ('claimant-info'); next, back and currentPage refer to it. */
  id: string;
  /** Canonical route. */
  path: string;
  /** Extra routes that open the same page ('/', '/automotive/'). */
  aliases: string[];
  /** Id of the following in-flow page; null on the last page and on pages outside the flow. */
  next: string | null;
  /** Id of the preceding in-flow page; null on the first page and on pages outside the flow. */
  back: string | null;
  /** false for pages that exist but are not in the flow (payment-election): reachable by path only. */
  inFlow: boolean;
}

/** Navigation state of spec §3, plain data changed by the pure functions of this folder. */
export interface NavigationState {
  /** Id of the page shown, null before initialization. */
  currentPage: string | null;
  nodes: PageNode[];
  activeForm: FormType | null;
  initialized: boolean;
  /** true while the router is moving between pages; next and back are refused meanwhile. */
  isNavigating: boolean;
}

/** Builds the page nodes of one form type. */
export type FormFactory = () => PageNode[];

/** Tells whether a page (by id) is flagged as skipped on the current answers. */
export type SkipPredicate = (pageId: string) => boolean;
