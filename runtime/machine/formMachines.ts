import type { FlowFile, FormType } from '../core/types';
import { createFormMachine, type FormMachine } from './createFormMachine';

/** The flows by form type (the last one wins when two name the same form type; the checker refuses that). */
export function flowsByFormType(flows: readonly FlowFile[]): Partial<Record<FormType, FlowFile>> {
  const out: Partial<Record<FormType, FlowFile>> = {};
  for (const flow of flows) out[flow.formType] = flow;
  return out;
}

/**
 * One machine per flow, by form type, built from the flow files the settlement serves
 * (GET /api/forms/flows) or any other set. The app provides the `authorize` and `submit` actors
 * with machine.provide({ actors }) before creating an actor.
 */
export function createFormMachines(flows: readonly FlowFile[]): Partial<Record<FormType, FormMachine>> {
  const out: Partial<Record<FormType, FormMachine>> = {};
  for (const flow of flows) out[flow.formType] = createFormMachine(flow);
  return out;
}
