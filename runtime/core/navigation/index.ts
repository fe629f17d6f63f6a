/** Navigation of spec §2–§4: pure functions over a plain NavigationState. */
export type { FormFactory, NavigationState, PageNode, SkipPredicate } from './types';
export { emptyNavigation, clearNavigation } from './state';
export { createFormFactoryRegistry, formFactories, registerFormFactory, type FormFactoryRegistry } from './registry';
export { nodesFromFlow, flowFactory } from './nodesFromFlow';
export {
  initNavigation,
  nodeById,
  currentNode,
  nextTarget,
  backTarget,
  nodeForPath,
  goTo,
  beginNavigation,
  endNavigation,
} from './navigation';
export { EXIT_ROUTES, exitPath, specialExit, type ExitKind } from './exits';
export { isPageSkipped, scopeFromStore, skipPredicate, progress } from './skip';
