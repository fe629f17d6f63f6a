import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkFlow } from '../../../runtime/core/flow/cross-check';
import { formatIssue } from '../../../runtime/core/flow/issues';
import type { FieldConfig, FlowFile, ModelConfig, ModelBlock, RuleConfig } from '../../../runtime/core/types';
import { checkFolder, settlementPaths } from '../../../tooling/flow/check-folder';
import { copy, shippedFlow, shippedModels } from './helpers';

const repo = (p: string) => new URL(`../../../${p}`, import.meta.url).pathname;

/** The model block of a page of the shipped automotive flow, to break. */
function modelBlock(flow: FlowFile, page: number, block: number): ModelBlock {
  const found = flow.pages[page]!.blocks[block]!;
  if (found.block !== 'model') throw new Error('fixture moved');
  return found;
}

const field = (block: ModelBlock, key: string): FieldConfig => block.fields.find((f) => f.key === key)!;
const modelField = (models: ModelConfig[], dto: string, key: string) =>
  models.find((m) => m.metadata.formType === 'Automotive' && m.metadata.dtoMapping === dto)!.fields[key]!;

/** The automotive flow and models; eligibility page 2 block 2 (ClaimDetails), payment election page 5 block 2. */
function fixture() {
  const flow = copy(shippedFlow('automotive'));
  const models = copy(shippedModels());
  return { flow, models, eligibility: modelBlock(flow, 2, 2), payment: modelBlock(flow, 5, 2) };
}

describe('a field\'s dependencies and its model\'s required rules', () => {
  it('agree in the shipped settlements (flows:check passes on each folder)', () => {
    for (const folder of ['server-fixtures', 'tests/settlements/second']) {
      expect(checkFolder(settlementPaths(repo(folder))).issues.map(formatIssue)).toEqual([]);
    }
  });

  it('reports a field the flow hides while a requiredIf rule requires it', () => {
    const { flow, models, eligibility } = fixture();
    // disposalDate is asked of a former owner; the flow now shows it to current owners instead.
    field(eligibility, 'disposalDate').dependencies![0]!.when = { scope: 'isCurrentOwner', schema: { const: 'true' } };
    expect(checkFlow(flow, 'automotive.json', { models })).toEqual([
      {
        file: 'automotive.json',
        pointer: '/pages/2/blocks/2/fields/3/dependencies',
        message:
          '"disposalDate" is hidden by its dependency when isCurrentOwner is "false", but the model\'s requiredIf rule requires it then: the claim would be refused with an answer the claimant cannot give',
        hint: 'make the dependency here and the rule at /models/2/fields/disposalDate/validations/0 of the model configs state the same condition',
      },
      {
        file: 'automotive.json',
        pointer: '/pages/2/blocks/2/fields/3/dependencies',
        message: '"disposalDate" is shown by its dependency when isCurrentOwner is "true", but the model\'s requiredIf rule does not require it then',
        hint: 'make the dependency here and the rule at /models/2/fields/disposalDate/validations/0 of the model configs state the same condition',
      },
    ]);
  });

  it('reports a field the flow shows while its rule does not require it', () => {
    const { flow, models, payment } = fixture();
    field(payment, 'paymentEmail').dependencies![0]!.when = { scope: 'paymentMethod', schema: { enum: ['electronic', 'check'] } };
    expect(checkFlow(flow, 'automotive.json', { models })).toEqual([
      expect.objectContaining({
        pointer: '/pages/5/blocks/2/fields/1/dependencies',
        message: '"paymentEmail" is shown by its dependency when paymentMethod is "check", but the model\'s requiredIf rule does not require it then',
      }),
    ]);
  });

  it('compares a nestedRequiredIf rule, whose conditions may read another model', () => {
    const { flow, models } = fixture();
    const rule = { type: 'nestedRequiredIf', join: 'And', conditions: [
      { otherProperty: 'paymentMethod', value: 'electronic' },
      { otherProperty: 'claimDetails.isCurrentOwner', value: 'true' },
    ] } as RuleConfig;
    modelField(models, 'PaymentElection', 'paymentEmail').validations[0] = rule;
    expect(checkFlow(flow, 'automotive.json', { models }).map((i) => [i.pointer, i.message])).toEqual([
      [
        '/pages/5/blocks/2/fields/1/dependencies',
        '"paymentEmail" is shown by its dependency when paymentMethod is "electronic" and claimDetails.isCurrentOwner is empty, but the model\'s nestedRequiredIf rule does not require it then',
      ],
    ]);
  });

  it('reports a field always required by the model that the flow can hide', () => {
    const { flow, models } = fixture();
    modelField(models, 'PaymentElection', 'paymentEmail').validations[0] = { type: 'required' };
    expect(checkFlow(flow, 'automotive.json', { models }).map((i) => i.message)).toEqual([
      '"paymentEmail" is hidden by its dependency when paymentMethod is empty, but the model\'s required rule requires it then: the claim would be refused with an answer the claimant cannot give',
    ]);
  });

  it('says "disabled" for a dependency that disables the field', () => {
    const { flow, models, payment } = fixture();
    const dependency = field(payment, 'paymentEmail').dependencies![0]!;
    dependency.behavior = 'disable';
    dependency.when = { scope: 'paymentMethod', schema: { const: 'check' } };
    expect(checkFlow(flow, 'automotive.json', { models }).map((i) => i.message)[0]).toBe(
      '"paymentEmail" is disabled by its dependency when paymentMethod is "electronic", but the model\'s requiredIf rule requires it then: the claim would be refused with an answer the claimant cannot give',
    );
  });

  it('reads a records block\'s fixed values as what its records hold', () => {
    const flow = copy(shippedFlow('automotive'));
    const repairs = flow.pages[3]!.blocks[2]!;
    if (repairs.block !== 'records') throw new Error('fixture moved');
    // repairDescription is required of a repair; every record of this block is one.
    repairs.fields.find((f) => f.key === 'repairDescription')!.dependencies = [{ when: { scope: 'claimTransactionType', schema: { enum: ['repair', 'denial'] } } }];
    expect(checkFlow(flow, 'automotive.json', { models: shippedModels() })).toEqual([]);
    delete repairs.fixedValues;
    expect(checkFlow(flow, 'automotive.json', { models: shippedModels() }).map((i) => i.message)).toContain(
      '"repairDescription" is shown by its dependency when claimTransactionType is "denial", but the model\'s requiredIf rule does not require it then',
    );
  });

  it('names the flow\'s and the model\'s file, line and column in the folder check', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'flows-agree-'));
    try {
      cpSync(repo('flows'), path.join(dir, 'flows'), { recursive: true });
      cpSync(repo('server-fixtures/models.json'), path.join(dir, 'models.json'));
      const models = path.join(dir, 'models.json');
      // The model now requires the e-mail of those paid by check.
      writeFileSync(models, readFileSync(models, 'utf8').replace(/("otherProperty": "paymentMethod",\s*"value": )"electronic"/, '$1"check"'));
      const issues = checkFolder({ ...settlementPaths(dir), localesDir: repo('locales') }).issues;
      const flowFile = path.join(dir, 'flows', 'automotive.json');
      expect(issues.map((i) => [i.file, i.pointer])).toEqual([
        [flowFile, '/pages/5/blocks/2/fields/1/dependencies'],
        [flowFile, '/pages/5/blocks/2/fields/1/dependencies'],
      ]);
      const flowLines = readFileSync(flowFile, 'utf8').split('\n');
      expect(flowLines[issues[0]!.line! - 1]!.slice(issues[0]!.column! - 1)).toBe('"dependencies": [');
      const [, modelLine, modelColumn] = /models\.json:(\d+):(\d+) \/models\/6\/fields\/paymentEmail\/validations\/0 state/.exec(issues[0]!.hint)!;
      expect(readFileSync(models, 'utf8').split('\n')[Number(modelLine) - 1]!.slice(Number(modelColumn) - 1)).toBe('{');
      expect(issues[0]!.message).toContain('when paymentMethod is "check"');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('a condition\'s value can occur', () => {
  it('names the nearest option when the value is not one of the field\'s options', () => {
    const { flow, models, payment } = fixture();
    field(payment, 'paymentMethod').options!.push({ value: 'venmo', label: 'LocKey_Payment_Electronic' });
    // The model's rule takes the new option too (else the option itself is reported).
    modelField(models, 'PaymentElection', 'paymentMethod').validations[1] = { type: 'regularExpression', pattern: '^(check|electronic|venmo)$' };
    field(payment, 'paymentEmail').dependencies![0]!.when = { scope: 'paymentMethod', schema: { anyOf: [{ const: 'electronic' }, { const: 'Venmo' }] } };
    expect(checkFlow(flow, 'automotive.json', { models })).toEqual([
      {
        file: 'automotive.json',
        pointer: '/pages/5/blocks/2/fields/1/dependencies/0/when/schema/anyOf/1/const',
        message: 'the value "Venmo" is not an option of "paymentMethod"',
        hint: 'did you mean "venmo"? Known: "check", "electronic", "venmo"',
      },
    ]);
  });

  it('reports a model rule comparing a flow field with a value that is not one of its options', () => {
    const { flow, models } = fixture();
    const rule = modelField(models, 'PaymentElection', 'paymentEmail').validations[0] as RuleConfig & { value: string };
    rule.value = 'Electronic';
    const issues = checkFlow(flow, 'automotive.json', { models }).filter((i) => i.pointer.endsWith('/options'));
    expect(issues).toEqual([
      {
        file: 'automotive.json',
        pointer: '/pages/5/blocks/2/fields/0/options',
        message: 'the requiredIf rule of "paymentEmail" at /models/6/fields/paymentEmail/validations/0 of the model configs compares "paymentMethod" with "Electronic", which is not one of its options',
        hint: 'did you mean "electronic"? Known: "check", "electronic"',
      },
    ]);
  });

  it('reports a boolean compared with a "true"/"false" radio', () => {
    const { flow, models } = fixture();
    flow.pages[4]!.skipWhen = { scope: 'claimDetails.didIncurOutOfPocketExpensesPriorToSeptember', schema: { const: true } };
    expect(checkFlow(flow, 'automotive.json', { models })).toEqual([
      {
        file: 'automotive.json',
        pointer: '/pages/4/skipWhen/schema/const',
        message: '"claimDetails.didIncurOutOfPocketExpensesPriorToSeptember" holds text, but the condition compares it with the boolean true',
        hint: 'write the text "true" in quotes',
      },
    ]);
  });

  it('reports "true"/"false" text compared with a checkbox', () => {
    const { flow, models } = fixture();
    flow.pages[4]!.skipWhen = { scope: 'signature.attestation', schema: { const: 'true' } };
    expect(checkFlow(flow, 'automotive.json', { models }).filter((i) => i.pointer.endsWith('/schema/const'))).toEqual([
      expect.objectContaining({
        pointer: '/pages/4/skipWhen/schema/const',
        message: '"signature.attestation" holds a boolean, but the condition compares it with the text "true"',
        hint: 'write the boolean true without quotes',
      }),
    ]);
  });

  it('reports an enum none of whose values can occur, and accepts one with a value that can', () => {
    const { flow, models, eligibility } = fixture();
    field(eligibility, 'disposalDate').dependencies![0]!.when = { scope: 'isCurrentOwner', schema: { enum: ['no', 'False'] } };
    const issues = checkFlow(flow, 'automotive.json', { models }).filter((i) => i.pointer.endsWith('/enum'));
    expect(issues).toEqual([
      {
        file: 'automotive.json',
        pointer: '/pages/2/blocks/2/fields/3/dependencies/0/when/schema/enum',
        message: 'none of the values ["no","False"] can occur: the value "no" is not an option of "isCurrentOwner"',
        hint: 'use one of: "true", "false"',
      },
    ]);
    field(eligibility, 'disposalDate').dependencies![0]!.when = { scope: 'isCurrentOwner', schema: { enum: ['no', 'false'] } };
    expect(checkFlow(flow, 'automotive.json', { models })).toEqual([]);
  });
});
