/**
 * The hand-written shapes of runtime/core/types.ts and the types generated from the JSON Schemas
 * (schemas/generated/) must accept the same values. `npm run typecheck` checks the assertions
 * below, so a schema and a type that drift apart fail it; the test run itself only lists them.
 */
import { describe, expectTypeOf, it } from 'vitest';
import type * as Flow from '../../../schemas/generated/flow';
import type * as Models from '../../../schemas/generated/model-config';
import type * as Core from '../../../runtime/core/types';
import type * as SiteSchema from '../../../schemas/generated/settlement/site';
import type * as Site from '../../../runtime/core/site/chrome';

/** Compiles only when A is assignable to B. */
type Assignable<A extends B, B> = [A, B];

/**
 * Every optional property made required, all the way down: plain assignability lets an optional
 * property that only one side declares go unnoticed; with every property required it cannot.
 */
type DeepRequired<T> = T extends object ? { [K in keyof T]-?: DeepRequired<T[K]> } : T;

type BlockOf<K extends Core.BlockConfig['block']> = Extract<Core.BlockConfig, { block: K }>;

/** Each pair both ways, as declared and with every property required. */
export type Checked = [
  Assignable<Core.FlowFile, Flow.FlowFile>,
  Assignable<Flow.FlowFile, Core.FlowFile>,
  Assignable<DeepRequired<Core.FlowFile>, DeepRequired<Flow.FlowFile>>,
  Assignable<DeepRequired<Flow.FlowFile>, DeepRequired<Core.FlowFile>>,

  Assignable<Core.PageConfig, Flow.Page>,
  Assignable<Flow.Page, Core.PageConfig>,
  Assignable<DeepRequired<Core.PageConfig>, DeepRequired<Flow.Page>>,
  Assignable<DeepRequired<Flow.Page>, DeepRequired<Core.PageConfig>>,

  Assignable<Core.BlockConfig, Flow.Block>,
  Assignable<Flow.Block, Core.BlockConfig>,
  Assignable<DeepRequired<Core.BlockConfig>, DeepRequired<Flow.Block>>,
  Assignable<DeepRequired<Flow.Block>, DeepRequired<Core.BlockConfig>>,

  Assignable<DeepRequired<BlockOf<'header'>>, DeepRequired<Flow.HeaderBlock>>,
  Assignable<DeepRequired<Flow.HeaderBlock>, DeepRequired<BlockOf<'header'>>>,
  Assignable<DeepRequired<BlockOf<'copy'>>, DeepRequired<Flow.CopyBlock>>,
  Assignable<DeepRequired<Flow.CopyBlock>, DeepRequired<BlockOf<'copy'>>>,
  Assignable<DeepRequired<BlockOf<'model'>>, DeepRequired<Flow.ModelBlock>>,
  Assignable<DeepRequired<Flow.ModelBlock>, DeepRequired<BlockOf<'model'>>>,
  Assignable<DeepRequired<BlockOf<'address'>>, DeepRequired<Flow.AddressBlock>>,
  Assignable<DeepRequired<Flow.AddressBlock>, DeepRequired<BlockOf<'address'>>>,
  Assignable<DeepRequired<BlockOf<'records'>>, DeepRequired<Flow.RecordsBlock>>,
  Assignable<DeepRequired<Flow.RecordsBlock>, DeepRequired<BlockOf<'records'>>>,
  Assignable<DeepRequired<BlockOf<'feedback'>>, DeepRequired<Flow.FeedbackBlock>>,
  Assignable<DeepRequired<Flow.FeedbackBlock>, DeepRequired<BlockOf<'feedback'>>>,
  Assignable<DeepRequired<BlockOf<'captcha'>>, DeepRequired<Flow.CaptchaBlock>>,
  Assignable<DeepRequired<Flow.CaptchaBlock>, DeepRequired<BlockOf<'captcha'>>>,
  Assignable<DeepRequired<BlockOf<'summary'>>, DeepRequired<Flow.SummaryBlock>>,
  Assignable<DeepRequired<Flow.SummaryBlock>, DeepRequired<BlockOf<'summary'>>>,
  Assignable<DeepRequired<BlockOf<'confirmation'>>, DeepRequired<Flow.ConfirmationBlock>>,
  Assignable<DeepRequired<Flow.ConfirmationBlock>, DeepRequired<BlockOf<'confirmation'>>>,
  Assignable<DeepRequired<BlockOf<'lookupResult'>>, DeepRequired<Flow.LookupResultBlock>>,
  Assignable<DeepRequired<Flow.LookupResultBlock>, DeepRequired<BlockOf<'lookupResult'>>>,

  Assignable<Core.FieldConfig, Flow.Field>,
  Assignable<Flow.Field, Core.FieldConfig>,
  Assignable<DeepRequired<Core.FieldConfig>, DeepRequired<Flow.Field>>,
  Assignable<DeepRequired<Flow.Field>, DeepRequired<Core.FieldConfig>>,

  Assignable<DeepRequired<Core.Condition>, DeepRequired<Flow.Condition>>,
  Assignable<DeepRequired<Flow.Condition>, DeepRequired<Core.Condition>>,

  Assignable<Core.ModelConfig, Models.ModelConfig>,
  Assignable<Models.ModelConfig, Core.ModelConfig>,
  Assignable<DeepRequired<Omit<Core.ModelConfig, 'fields'>>, DeepRequired<Omit<Models.ModelConfig, 'fields'>>>,
  Assignable<DeepRequired<Omit<Models.ModelConfig, 'fields'>>, DeepRequired<Omit<Core.ModelConfig, 'fields'>>>,
  Assignable<DeepRequired<Omit<Core.ModelFieldConfig, 'validations'>>, DeepRequired<Omit<Models.Field, 'validations'>>>,
  Assignable<DeepRequired<Omit<Models.Field, 'validations'>>, DeepRequired<Omit<Core.ModelFieldConfig, 'validations'>>>,

  // A rule's parameters are open on both sides ([param: string]: unknown): the schema documents
  // the known ones, types.ts leaves them to each adapter, so only plain assignability applies.
  Assignable<Core.RuleConfig, Models.Rule>,
  Assignable<Models.Rule, Core.RuleConfig>,
  Assignable<Site.SiteFile, SiteSchema.SiteFile>,
  Assignable<SiteSchema.SiteFile, Site.SiteFile>,
  Assignable<DeepRequired<Site.SiteFile>, DeepRequired<SiteSchema.SiteFile>>,
  Assignable<DeepRequired<SiteSchema.SiteFile>, DeepRequired<Site.SiteFile>>,
];

describe('the types of runtime/core/types.ts match the JSON Schemas', () => {
  it('has one block type per block kind of the flow schema', () => {
    expectTypeOf<Core.BlockConfig['block']>().toEqualTypeOf<Flow.Block['block']>();
  });

  it('names the same widgets as the flow schema', () => {
    expectTypeOf<Core.WidgetName>().toEqualTypeOf<Flow.Field['widget']>();
  });

  it('names the same form types and deadline keys as the flow schema', () => {
    expectTypeOf<Core.FormType>().toEqualTypeOf<Flow.FlowFile['formType']>();
    expectTypeOf<Core.DeadlineKey>().toEqualTypeOf<Flow.FlowFile['deadlineKeys'][number]>();
  });
});
