import automotive from '../../flows/automotive.json';
import exclusion from '../../flows/exclusion.json';
import lookup from '../../flows/lookup.json';
import type { FlowFile, FormType } from '../core/types';
import { createFormMachine, type FormMachine } from './createFormMachine';

/** The shipped flow files by form type (validated by the flows:check command and the flow tests). */
export const formFlows: Record<FormType, FlowFile> = {
  Automotive: automotive as unknown as FlowFile,
  Lookup: lookup as unknown as FlowFile,
  Exclusion: exclusion as unknown as FlowFile,
};

/**
 * One machine per form type, built once from the flow files. The app provides the `authorize`
 * and `submit` actors with machine.provide({ actors }) before creating an actor.
 */
export const formMachines: Record<FormType, FormMachine> = {
  Automotive: createFormMachine(formFlows.Automotive),
  Lookup: createFormMachine(formFlows.Lookup),
  Exclusion: createFormMachine(formFlows.Exclusion),
};
