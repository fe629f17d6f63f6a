import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { conditionTargets, fromNode, newTest, offeredValues, operatorsFor, toNode, valueLabel, withKind, withOperator, withScope, type ConditionNode, type ModelsDoc, type Operator } from '../../studio/app/conditions';
import type { FlowValue } from '../../studio/app/structure';
import { ROOT } from './settlement-copy';

const read = <T>(file: string) => JSON.parse(readFileSync(path.join(ROOT, file), 'utf8')) as T;
const automotive = read<FlowValue>('flows/automotive.json');
const models = read<ModelsDoc>('server-fixtures/models.json');
type Test = Extract<ConditionNode, { kind: 'test' }>;

/** Every condition a flow holds: skip rules, dependencies, blocks' own conditions. */
function conditionsIn(value: unknown, out: unknown[] = []): unknown[] {
  if (Array.isArray(value)) value.forEach((v) => conditionsIn(v, out));
  else if (typeof value === 'object' && value !== null) {
    for (const [key, v] of Object.entries(value)) {
      if (key === 'skipWhen' || key === 'when') out.push(v);
      else conditionsIn(v, out);
    }
  }
  return out;
}

describe('the condition builder', () => {
  it('offers the fields of the form with the values each can hold: a radio its options, a checkbox true and false', () => {
    const targets = conditionTargets(automotive, models);
    const purchased = targets.find((x) => x.scope === 'claimDetails.didIncurOutOfPocketExpensesPriorToSeptember');
    expect(purchased?.answers).toEqual({ kind: 'options', values: ['true', 'false'], labels: { true: 'LocKey_Common_Yes', false: 'LocKey_Common_No' } });
    expect(targets.find((x) => x.scope === 'claimDetails.ownershipType')?.answers).toEqual({ kind: 'options', values: ['own', 'lease'], labels: { own: 'LocKey_Eligibility_Own', lease: 'LocKey_Eligibility_Lease' } });
    expect(targets.find((x) => x.scope === 'signature.attestation')?.answers).toEqual({ kind: 'boolean' });
    expect(targets.find((x) => x.scope === 'claimantInfo.firstName')?.answers).toEqual({ kind: 'text' });
    // Only this form's models; never another form's, never a file field.
    expect(targets.every((x) => /^(credentials|claimantInfo|claimDetails|claimTransactions|documentContexts|signature|paymentElection)\./.test(x.scope))).toBe(true);
    expect(targets.some((x) => x.scope === 'documentContexts.file')).toBe(false);
    // A block's own model comes first, by its fields' own names.
    const own = conditionTargets(automotive, models, 'ClaimDetails');
    expect(own[0]).toEqual({ scope: 'ownershipType', answers: { kind: 'options', values: ['own', 'lease'], labels: { own: 'LocKey_Eligibility_Own', lease: 'LocKey_Eligibility_Lease' } } });
    expect(offeredValues(purchased!.answers)).toEqual(['true', 'false']);
    expect(operatorsFor(purchased!.answers)).not.toContain('matches');
    expect(operatorsFor({ kind: 'boolean' })).not.toContain('oneOf');
  });

  it("names an option by its label's text in a culture, with the value beside it when they differ; the condition keeps the value", () => {
    const targets = conditionTargets(automotive, models);
    const purchased = targets.find((x) => x.scope === 'claimDetails.didIncurOutOfPocketExpensesPriorToSeptember')!;
    const ownership = targets.find((x) => x.scope === 'claimDetails.ownershipType')!;
    const es = read<Record<string, string>>('locales/es.json');
    const en = read<Record<string, string>>('locales/en.json');
    expect(offeredValues(purchased.answers)!.map((v) => valueLabel(purchased.answers, v, (key) => es[key]))).toEqual([`${es.LocKey_Common_Yes} (true)`, `${es.LocKey_Common_No} (false)`]);
    // "Own" says the value already; "Propietario" does not.
    expect(valueLabel(ownership.answers, 'own', (key) => en[key])).toBe('Own');
    expect(valueLabel(ownership.answers, 'own', (key) => es[key])).toBe('Propietario (own)');
    // A label the culture lacks, a value that is not an option, a checkbox: the value as written.
    expect(valueLabel(ownership.answers, 'own', () => undefined)).toBe('own');
    expect(valueLabel(ownership.answers, 'rent', (key) => en[key])).toBe('rent');
    expect(valueLabel({ kind: 'boolean' }, true, (key) => en[key])).toBe('true');
    const node = withScope(newTest(purchased) as Test, purchased);
    expect(fromNode(node)).toEqual({ scope: 'claimDetails.didIncurOutOfPocketExpensesPriorToSeptember', schema: { const: 'true' } });
  });

  it('draws every condition of the sample flows and writes each back exactly as it was', () => {
    const conditions = ['automotive', 'exclusion', 'lookup'].flatMap((name) => conditionsIn(read(`flows/${name}.json`)));
    expect(conditions.length).toBeGreaterThan(2);
    for (const condition of conditions) {
      const node = toNode(condition);
      expect(node.kind).not.toBe('json');
      expect(fromNode(node)).toEqual(condition);
    }
  });

  it('writes each operator as the flow schema says, and keeps what it cannot draw as JSON', () => {
    const test = (operator: Operator, values: Test['values']) => fromNode({ kind: 'test', scope: 'a.b', operator, values });
    expect(test('equals', ['x'])).toEqual({ scope: 'a.b', schema: { const: 'x' } });
    expect(test('notEquals', [false])).toEqual({ scope: 'a.b', schema: { not: { const: false } } });
    expect(test('oneOf', ['x', 'y'])).toEqual({ scope: 'a.b', schema: { enum: ['x', 'y'] } });
    expect(test('empty', [])).toEqual({ scope: 'a.b', schema: { type: 'null' } });
    expect(test('notEmpty', [])).toEqual({ scope: 'a.b', schema: { not: { type: 'null' } } });
    expect(test('matches', ['^9'])).toEqual({ scope: 'a.b', schema: { pattern: '^9' } });
    for (const condition of [{ scope: 'a.b', schema: { const: 'x' } }, { scope: 'a.b', schema: { not: { const: false } } }, { scope: 'a.b', schema: { enum: ['x'] } }, { scope: 'a.b', schema: { type: 'null' } }, { scope: 'a.b', schema: { not: { type: 'null' } } }, { scope: 'a.b', schema: { pattern: '^9' } }]) {
      expect(fromNode(toNode(condition))).toEqual(condition);
    }
    const unusual = { scope: 'a.b', schema: { pattern: '^9', minLength: 3 } };
    expect(toNode(unusual)).toEqual({ kind: 'json', condition: unusual });
    expect(fromNode(toNode({ all: [unusual, { not: { scope: 'c', schema: { const: 1 } } }] }))).toEqual({ all: [unusual, { not: { scope: 'c', schema: { const: 1 } } }] });
  });

  it('never leaves a test comparing a field with a value it cannot hold when the field or the operator changes', () => {
    const targets = conditionTargets(automotive, models);
    const ownership = targets.find((x) => x.scope === 'claimDetails.ownershipType')!;
    const purchased = targets.find((x) => x.scope === 'claimDetails.didIncurOutOfPocketExpensesPriorToSeptember')!;
    const attestation = targets.find((x) => x.scope === 'signature.attestation')!;
    const start = newTest(ownership);
    expect(fromNode(start)).toEqual({ scope: 'claimDetails.ownershipType', schema: { const: 'own' } });
    const moved = withScope(start as Test, purchased);
    expect(fromNode(moved)).toEqual({ scope: purchased.scope, schema: { const: 'true' } });
    expect(fromNode(withScope(moved as Test, attestation))).toEqual({ scope: 'signature.attestation', schema: { const: true } });
    // A matching pattern over options is not offered: the operator falls back to equality.
    const pattern: Test = { kind: 'test', scope: 'claimantInfo.firstName', operator: 'matches', values: ['^A'] };
    expect(fromNode(withScope(pattern, ownership))).toEqual({ scope: ownership.scope, schema: { const: 'own' } });
    expect(fromNode(withOperator(moved as Test, 'oneOf', purchased))).toEqual({ scope: purchased.scope, schema: { enum: ['true'] } });
    expect(fromNode(withOperator(moved as Test, 'empty', purchased))).toEqual({ scope: purchased.scope, schema: { type: 'null' } });
  });

  it('groups and ungroups tests with all, any and not, keeping what they said', () => {
    const targets = conditionTargets(automotive, models);
    const one = toNode({ scope: 'claimDetails.isCurrentOwner', schema: { const: 'false' } });
    const all = withKind(one, 'all', targets);
    expect(fromNode(all)).toEqual({ all: [{ scope: 'claimDetails.isCurrentOwner', schema: { const: 'false' } }] });
    expect(fromNode(withKind(all, 'any', targets))).toEqual({ any: [{ scope: 'claimDetails.isCurrentOwner', schema: { const: 'false' } }] });
    expect(fromNode(withKind(one, 'not', targets))).toEqual({ not: { scope: 'claimDetails.isCurrentOwner', schema: { const: 'false' } } });
    expect(withKind(withKind(one, 'not', targets), 'test', targets)).toEqual(one);
    expect(withKind(all, 'test', targets)).toEqual(one);
  });
});
