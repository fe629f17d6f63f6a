/** What the claims functions need to know of one submitting form: its flow, its sign-in and the models it takes. */
import type { FastifyInstance } from 'fastify';
import type { SettlementForm } from '../../runtime/core/forms/index.js';
import { payloadKinds, type PayloadKinds } from '../../runtime/core/models/index.js';
import type { FlowFile, FormType, ModelConfig } from '../../runtime/core/types.js';
import { settlementFormOf } from '../settlement/load.js';

/** The model configs a form submits: those of its form type that its flow lists in `models`. */
export function formModels(models: readonly ModelConfig[], flow: Pick<FlowFile, 'formType' | 'models'>): ModelConfig[] {
  return models.filter((m) => m.metadata.formType === flow.formType && flow.models.includes(m.metadata.dtoMapping));
}

export interface ClaimForm {
  flow: FlowFile;
  formType: FormType;
  /** The settlement's form: its kind, sign-in and reference prefix. */
  form: SettlementForm;
  /** The model configs the form submits. */
  models: ModelConfig[];
  /** The parts of this form's claim: spec §7's, and one per model the settlement declares. */
  kinds: PayloadKinds;
  /** The form's deadlines, epoch ms. */
  deadlines: number[];
}

export function claimFormOf(app: Pick<FastifyInstance, 'settlement' | 'deadlineInstants'>, flow: FlowFile): ClaimForm {
  const { formType, deadlineKeys } = flow;
  const models = formModels(app.settlement.models, flow);
  return {
    flow,
    formType,
    form: settlementFormOf(app.settlement, formType),
    models,
    kinds: payloadKinds(models, formType),
    deadlines: deadlineKeys.map((key) => app.deadlineInstants[key]?.getTime()).filter((t): t is number => t !== undefined),
  };
}
