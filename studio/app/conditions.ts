/**
 * The condition builder's model: a condition of the flow schema (`{ scope, schema }`, `all`,
 * `any`, `not`) as a tree of field tests the builder draws, and back. A test names a field the
 * form can read and an operator over the values that field can actually hold (its options, true
 * or false, or text), so a condition that can never be true is not offered. A test the builder
 * cannot draw (a pattern with a length, an anyOf…) is kept as it is, as JSON.
 */
import { qualifiedName } from '../../runtime/core/flow/condition-agreement';
import type { ConditionSchema, FieldValue } from '../../runtime/core/types';
import { isRecord, itemsOf } from '../json';
import type { FlowValue } from './structure';

/** What a field can hold: one of its options (each with its label's locale key, when it has one), a boolean, a number or any text. */
export type Answers = { kind: 'options'; values: string[]; labels: Record<string, string> } | { kind: 'boolean' } | { kind: 'number' } | { kind: 'text' };

/** A field a condition may read: its scope as the condition writes it, and the values it can hold. */
export interface ConditionTarget {
  scope: string;
  answers: Answers;
}

export const OPERATORS = ['equals', 'notEquals', 'oneOf', 'empty', 'notEmpty', 'matches'] as const;
export type Operator = (typeof OPERATORS)[number];

export type ConditionNode =
  | { kind: 'test'; scope: string; operator: Operator; values: FieldValue[] }
  | { kind: 'all' | 'any'; items: ConditionNode[] }
  | { kind: 'not'; item: ConditionNode }
  /** A test the builder does not draw, kept as written. */
  | { kind: 'json'; condition: unknown };

type ModelEntry = { metadata: { formType: string; dtoMapping: string }; fields: Record<string, { dataType?: string }> };

export interface ModelsDoc {
  models: ModelEntry[];
}

const isModelEntry = (value: unknown): value is ModelEntry =>
  isRecord(value) &&
  isRecord(value.metadata) &&
  typeof value.metadata.formType === 'string' &&
  typeof value.metadata.dtoMapping === 'string' &&
  isRecord(value.fields) &&
  Object.values(value.fields).every((field) => isRecord(field) && (field.dataType === undefined || typeof field.dataType === 'string'));

/** The model configs of a models.json document that name their form, model and fields (one being written is left out). */
export function modelsDocOf(doc: unknown): ModelsDoc | undefined {
  return isRecord(doc) ? { models: itemsOf(doc.models, isModelEntry) } : undefined;
}

type FlowField = { key: string; widget?: unknown; options?: unknown };
type FieldOption = { value: string; label?: unknown };

const isFlowField = (value: unknown): value is FlowField => isRecord(value) && typeof value.key === 'string';
const isFieldOption = (value: unknown): value is FieldOption => isRecord(value) && typeof value.value === 'string';

function answersOf(field: FlowField | undefined, dataType: string | undefined): Answers {
  const options = itemsOf(field?.options, isFieldOption);
  if (options.length > 0) {
    const labels = Object.fromEntries(options.flatMap((o): Array<[string, string]> => (typeof o.label === 'string' ? [[o.value, o.label]] : [])));
    return { kind: 'options', values: options.map((o) => o.value), labels };
  }
  if (field?.widget === 'checkbox' || dataType === 'boolean') return { kind: 'boolean' };
  if (dataType === 'number') return { kind: 'number' };
  return { kind: 'text' };
}

/**
 * The fields a condition of `flow` may read: every field of the form's models as `model.field`,
 * and, for a condition of a block of `ownModel` (a dependency, a records block's rule), that
 * model's fields by their own names first. A field the flow shows takes its answers from there
 * (a radio's options); the others from the model's data type. File fields hold no answer to test.
 */
export function conditionTargets(flow: FlowValue, models: ModelsDoc | undefined, ownModel?: string): ConditionTarget[] {
  const shown = new Map<string, FlowField>();
  for (const page of flow.pages ?? []) {
    for (const block of page.blocks ?? []) {
      if (typeof block.model !== 'string') continue;
      for (const field of (block.fields ?? []).filter(isFlowField)) {
        const name = qualifiedName(block.model, field.key);
        if (!shown.has(name)) shown.set(name, field);
      }
    }
  }
  const configs = (models?.models ?? []).filter((m) => m.metadata.formType === flow.formType);
  const targetsOf = (dtoMapping: string, own: boolean): ConditionTarget[] => {
    const config = configs.find((m) => m.metadata.dtoMapping === dtoMapping);
    return Object.entries(config?.fields ?? {})
      .filter(([, f]) => f.dataType !== 'file')
      .map(([key, f]) => ({ scope: own ? key : qualifiedName(dtoMapping, key), answers: answersOf(shown.get(qualifiedName(dtoMapping, key)), f.dataType) }));
  };
  return [...(ownModel ? targetsOf(ownModel, true) : []), ...configs.flatMap((m) => targetsOf(m.metadata.dtoMapping, false))];
}

export const isLiteral = (v: unknown): v is FieldValue => v === null || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';
const only = (schema: object, ...keys: string[]) => Object.keys(schema).length === keys.length && keys.every((k) => k in schema);

/** The operator and values a field test's schema says, when the builder draws it. */
function testOf(schema: Record<string, unknown>): { operator: Operator; values: FieldValue[] } | undefined {
  if (only(schema, 'const') && isLiteral(schema.const)) return { operator: 'equals', values: [schema.const] };
  if (only(schema, 'enum') && Array.isArray(schema.enum) && schema.enum.every(isLiteral)) return { operator: 'oneOf', values: [...schema.enum] };
  if (only(schema, 'type') && schema.type === 'null') return { operator: 'empty', values: [] };
  if (only(schema, 'pattern') && typeof schema.pattern === 'string') return { operator: 'matches', values: [schema.pattern] };
  if (only(schema, 'not') && isRecord(schema.not)) {
    const inner = schema.not;
    if (only(inner, 'const') && isLiteral(inner.const)) return { operator: 'notEquals', values: [inner.const] };
    if (only(inner, 'type') && inner.type === 'null') return { operator: 'notEmpty', values: [] };
  }
  return undefined;
}

/** The builder's tree of a condition. */
export function toNode(condition: unknown): ConditionNode {
  if (isRecord(condition)) {
    const c = condition;
    if (only(c, 'all') && Array.isArray(c.all)) return { kind: 'all', items: c.all.map(toNode) };
    if (only(c, 'any') && Array.isArray(c.any)) return { kind: 'any', items: c.any.map(toNode) };
    if (only(c, 'not')) return { kind: 'not', item: toNode(c.not) };
    if (only(c, 'scope', 'schema') && typeof c.scope === 'string' && isRecord(c.schema)) {
      const test = testOf(c.schema);
      if (test) return { kind: 'test', scope: c.scope, ...test };
    }
  }
  return { kind: 'json', condition };
}

function schemaOf(operator: Operator, values: readonly FieldValue[]): ConditionSchema {
  switch (operator) {
    case 'equals':
      return { const: values[0] ?? null };
    case 'notEquals':
      return { not: { const: values[0] ?? null } };
    case 'oneOf':
      return { enum: [...values] };
    case 'empty':
      return { type: 'null' };
    case 'notEmpty':
      return { not: { type: 'null' } };
    case 'matches':
      return { pattern: String(values[0] ?? '') };
  }
}

/** The condition a tree stands for, written as the flow schema says (a part the builder does not draw, as it was). */
export function fromNode(node: ConditionNode): unknown {
  switch (node.kind) {
    case 'test':
      return { scope: node.scope, schema: schemaOf(node.operator, node.values) };
    case 'all':
      return { all: node.items.map(fromNode) };
    case 'any':
      return { any: node.items.map(fromNode) };
    case 'not':
      return { not: fromNode(node.item) };
    case 'json':
      return node.condition;
  }
}

/** The operators that make sense for what a field holds: a pattern only over text, "one of" only over options. */
export function operatorsFor(answers: Answers): Operator[] {
  if (answers.kind === 'options') return ['equals', 'notEquals', 'oneOf', 'empty', 'notEmpty'];
  if (answers.kind === 'text') return ['equals', 'notEquals', 'empty', 'notEmpty', 'matches'];
  return ['equals', 'notEquals', 'empty', 'notEmpty'];
}

/** The values a field can hold that a test can compare it with; undefined for free text or numbers. */
export function offeredValues(answers: Answers): FieldValue[] | undefined {
  if (answers.kind === 'options') return answers.values;
  if (answers.kind === 'boolean') return [true, false];
  return undefined;
}

/**
 * How the builder names a value a field can hold: an option by its label's text in the studio's
 * culture (`text` resolves a locale key), with the value written beside it when the two differ
 * ("Yes (true)"), since the condition holds the value; other values as they are written.
 */
export function valueLabel(answers: Answers | undefined, value: FieldValue, text: (key: string) => string | undefined): string {
  const written = typeof value === 'string' ? value : JSON.stringify(value);
  const key = answers?.kind === 'options' && typeof value === 'string' ? answers.labels[value] : undefined;
  const label = key === undefined ? undefined : text(key)?.trim();
  if (!label) return written;
  return label.toLowerCase() === written.toLowerCase() ? label : `${label} (${written})`;
}

/** A first value for a test of the field: its first option, true, or nothing typed yet. */
function firstValue(answers: Answers): FieldValue {
  if (answers.kind === 'options') return answers.values[0] ?? '';
  if (answers.kind === 'boolean') return true;
  if (answers.kind === 'number') return 0;
  return '';
}

/** A new test of `target`: equal to its first possible value. */
export function newTest(target: ConditionTarget): ConditionNode {
  return { kind: 'test', scope: target.scope, operator: 'equals', values: [firstValue(target.answers)] };
}

/** The test now reading another field: the operator kept when it still applies, the values kept when the field can hold them. */
export function withScope(node: Extract<ConditionNode, { kind: 'test' }>, target: ConditionTarget): ConditionNode {
  const operator = operatorsFor(target.answers).includes(node.operator) ? node.operator : 'equals';
  if (operator === 'empty' || operator === 'notEmpty') return { kind: 'test', scope: target.scope, operator, values: [] };
  const offered = offeredValues(target.answers);
  const kind = target.answers.kind === 'number' ? 'number' : 'string';
  const kept = node.values.filter((v) => (offered ? offered.includes(v) : typeof v === kind));
  const first = firstValue(target.answers);
  return { kind: 'test', scope: target.scope, operator, values: operator === 'oneOf' ? (kept.length > 0 ? kept : [first]) : [kept[0] ?? first] };
}

/** The test with another operator, keeping the value it compared with where it still fits. */
export function withOperator(node: Extract<ConditionNode, { kind: 'test' }>, operator: Operator, target: ConditionTarget | undefined): ConditionNode {
  const first = node.values[0] ?? (target ? firstValue(target.answers) : '');
  if (operator === 'empty' || operator === 'notEmpty') return { ...node, operator, values: [] };
  if (operator === 'oneOf') return { ...node, operator, values: [first] };
  if (operator === 'matches') return { ...node, operator, values: [typeof first === 'string' ? first : ''] };
  return { ...node, operator, values: [first] };
}

export type NodeKind = 'test' | 'all' | 'any' | 'not';

/**
 * The condition turned into another kind, keeping what it said: a test becomes the first of an
 * all/any group or what a not negates; a group's first test, or a not's condition, becomes the test.
 */
export function withKind(node: ConditionNode, kind: NodeKind, targets: readonly ConditionTarget[]): ConditionNode {
  const fresh = (): ConditionNode => (targets[0] ? newTest(targets[0]) : { kind: 'json', condition: {} });
  if (node.kind === kind) return node;
  if (kind === 'all' || kind === 'any') return { kind, items: node.kind === 'all' || node.kind === 'any' ? node.items : [node] };
  if (kind === 'not') return { kind: 'not', item: node };
  if (node.kind === 'not') return node.item;
  if (node.kind === 'all' || node.kind === 'any') return node.items.find((item) => item.kind === 'test') ?? fresh();
  return fresh();
}
