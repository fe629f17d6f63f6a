/**
 * The form machine's context as it starts: plain data from the flow and the input, without XState,
 * so that a start page can show it before the machine's code has loaded (runtime/app/forms/formActor.ts).
 */
import type { PageEngine } from '../core/actions';
import type { PrepopulatedFieldConfig } from '../core/models';
import { createFormFactoryRegistry, emptyNavigation, flowFactory, initNavigation, type NavigationState } from '../core/navigation';
import type { FlowFile, FormType } from '../core/types';
import type { FormMachineContext, FormMachineInput } from './types';

/** Spec §9: the default minimum session duration, in minutes. */
export const DEFAULT_MIN_SESSION_DURATION = 30;

/** The navigation state of a flow with its first page shown. */
export function initialNavigation(flow: FlowFile): NavigationState {
  const registry = createFormFactoryRegistry();
  registry.register(flow.formType, flowFactory(flow));
  return initNavigation(emptyNavigation(), flow.formType, registry);
}

/** Every field of the flow's model and address blocks that names a prepopulated data key. */
export function prepopulatedFieldsOf(flow: FlowFile): PrepopulatedFieldConfig[] {
  const out: PrepopulatedFieldConfig[] = [];
  for (const page of flow.pages) {
    for (const block of page.blocks) {
      if (block.block === 'address') {
        for (const [key, prepopulatedDataKey] of Object.entries(block.prepopulatedDataKeys ?? {})) {
          out.push({ model: block.model, key, prepopulatedDataKey });
        }
        continue;
      }
      if (block.block !== 'model') continue;
      for (const field of block.fields) {
        if (!field.prepopulatedDataKey) continue;
        out.push({
          model: block.model,
          key: field.key,
          prepopulatedDataKey: field.prepopulatedDataKey,
          ...(field.defaultValue !== undefined ? { defaultValue: field.defaultValue } : {}),
          ...(field.overrideEverDirtyFieldConstraint !== undefined
            ? { overrideEverDirtyFieldConstraint: field.overrideEverDirtyFieldConstraint }
            : {}),
        });
      }
    }
  }
  return out;
}

export interface FreshContextInput {
  store: FormMachineContext['store'];
  now: () => number;
  durationMs: number;
  prepopulatedFields: PrepopulatedFieldConfig[];
  engine: PageEngine | null;
}

/** A form's context before anything happened: its first page, nothing authorized, the session's whole duration ahead. */
export function initialContext(formType: FormType, navigation: NavigationState, input: FreshContextInput): FormMachineContext {
  return {
    formType,
    navigation,
    store: input.store,
    initialStore: input.store,
    authorized: false,
    authorizationError: null,
    authorizationErrorCode: null,
    failure: null,
    captcha: null,
    prepopulatedData: null,
    lookupResult: null,
    isSubmitting: false,
    referenceCode: null,
    submittedAt: null,
    receiptAddress: null,
    rejection: null,
    session: { durationMs: input.durationMs, deadline: input.now() + input.durationMs, remainingSeconds: null, expired: false, serverDeadline: null },
    now: input.now,
    prepopulatedFields: input.prepopulatedFields,
    draftRefusal: null,
    submitRefusal: null,
    engine: input.engine,
    pressRefusal: null,
    recordOutcome: null,
  };
}

/** The context the machine starts with for an input (its `context` function). */
export function contextFromInput(flow: FlowFile, navigation: NavigationState, input: FormMachineInput, prepopulated: PrepopulatedFieldConfig[]): FormMachineContext {
  const minutes = input.minSessionDuration ?? DEFAULT_MIN_SESSION_DURATION;
  return initialContext(flow.formType, navigation, {
    store: input.store,
    now: input.now ?? Date.now,
    durationMs: minutes * 60_000,
    prepopulatedFields: input.prepopulatedFields ?? prepopulated,
    engine: input.engine ?? null,
  });
}
