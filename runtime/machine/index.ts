/** Form machines (XState v5): one per form type, binding named guards and actions to core functions. */
export {
  createFormMachine,
  prepopulatedFieldsOf,
  DEFAULT_MIN_SESSION_DURATION,
  WARNING_BEFORE_EXPIRY_MS,
  TICK_MS,
  type FormMachine,
} from './createFormMachine';
export type * from './types';
export { createFormMachines, flowsByFormType } from './formMachines';
export { currentPageOf, progressOf, countdownText } from './selectors';
