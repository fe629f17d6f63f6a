/**
 * The condition builder (skip rules, dependencies, a records block's rules): pick a field of the
 * form, an operator, and a value among those the field can hold; group tests with "all of",
 * "any of" and "not". The JSON text stays one checkbox away, for what the builder does not draw.
 */
import { createContext, useContext, useEffect, useId, useRef, useState, type RefObject } from 'react';
import type { FieldProps } from '@rjsf/utils';
import type { FieldValue } from '../../runtime/core/types';
import { fromNode, isLiteral, newTest, offeredValues, OPERATORS, operatorsFor, toNode, valueLabel, withKind, withOperator, withScope, type ConditionNode, type ConditionTarget, type NodeKind, type Operator } from './conditions';
import { localeText, useStudio } from './context';
import { studioCulture, t, type TextKey } from './texts';
import { ConditionJson } from './widgets';

/** The fields a condition of the form being edited may read (conditionTargets). */
export const ConditionTargetsContext = createContext<readonly ConditionTarget[]>([]);

const OPERATOR_TEXT: Record<Operator, TextKey> = {
  equals: 'opEquals',
  notEquals: 'opNotEquals',
  oneOf: 'opOneOf',
  empty: 'opEmpty',
  notEmpty: 'opNotEmpty',
  matches: 'opMatches',
};
const KIND_TEXT: Record<NodeKind, TextKey> = { test: 'kindTest', all: 'kindAll', any: 'kindAny', not: 'kindNot' };
const NODE_KINDS: readonly NodeKind[] = ['test', 'all', 'any', 'not'];

const shownValue = (value: FieldValue) => (typeof value === 'string' ? value : JSON.stringify(value));

/**
 * Where the keyboard goes after an add or a remove, which takes the pressed button away: the first
 * control of what was added, or the add button of what lost an item. Set before the change, taken
 * at the first render that shows its target.
 */
function useFocusAfterChange(container: RefObject<HTMLElement | null>) {
  const pending = useRef<string | null>(null);
  useEffect(() => {
    // The edit reaches this field through the form and the studio's history: a render or two later.
    const target = pending.current ? container.current?.querySelector<HTMLElement>(pending.current) : undefined;
    if (!target) return;
    pending.current = null;
    target.focus();
  });
  return (selector: string) => {
    pending.current = selector;
  };
}

/** A locale key's text in the studio's culture (else the folder's first culture), from the working documents. */
function useLocaleText(): (key: string) => string | undefined {
  const { docs, localeIds } = useStudio();
  const own = localeIds.find((id) => id === `locales/${studioCulture}.json`);
  return (key) => (own ? localeText(docs, own, key) : undefined) ?? (localeIds[0] ? localeText(docs, localeIds[0], key) : undefined);
}

interface NodeProps {
  node: ConditionNode;
  onChange(node: ConditionNode): void;
  targets: readonly ConditionTarget[];
}

function TestEditor({ node, onChange, targets }: NodeProps & { node: Extract<ConditionNode, { kind: 'test' }> }) {
  const id = useId();
  const target = targets.find((candidate) => candidate.scope === node.scope);
  const operators = target ? operatorsFor(target.answers) : [node.operator];
  const offered = target ? offeredValues(target.answers) : undefined;
  const needsValue = node.operator !== 'empty' && node.operator !== 'notEmpty';
  const text = useLocaleText();
  const label = (value: FieldValue) => valueLabel(target?.answers, value, text);
  return (
    <div className="condition-test">
      <label htmlFor={`${id}-field`}>{t('conditionField')}</label>
      <select
        id={`${id}-field`}
        value={node.scope}
        onChange={(e) => {
          const next = targets.find((candidate) => candidate.scope === e.target.value);
          if (next) onChange(withScope(node, next));
        }}
      >
        {!target && <option value={node.scope}>{t('conditionUnknownField', { scope: node.scope })}</option>}
        {targets.map((candidate) => (
          <option key={candidate.scope} value={candidate.scope}>
            {candidate.scope}
          </option>
        ))}
      </select>
      <label htmlFor={`${id}-operator`}>{t('conditionOperator')}</label>
      <select id={`${id}-operator`} value={node.operator} onChange={(e) => {
          const operator = OPERATORS.find((o) => o === e.currentTarget.value);
          if (operator) onChange(withOperator(node, operator, target));
        }}>
        {operators.map((operator) => (
          <option key={operator} value={operator}>
            {t(OPERATOR_TEXT[operator])}
          </option>
        ))}
      </select>
      {needsValue && node.operator === 'oneOf' && offered && (
        <fieldset className="condition-values">
          <legend>{t('conditionValues')}</legend>
          {offered.map((value) => (
            <label key={shownValue(value)}>
              <input
                type="checkbox"
                checked={node.values.includes(value)}
                onChange={(e) => onChange({ ...node, values: e.target.checked ? offered.filter((v) => v === value || node.values.includes(v)) : node.values.filter((v) => v !== value) })}
              />
              {label(value)}
            </label>
          ))}
        </fieldset>
      )}
      {needsValue && node.operator !== 'oneOf' && offered && node.operator !== 'matches' && (
        <>
          <label htmlFor={`${id}-value`}>{t('conditionValue')}</label>
          <select id={`${id}-value`} value={JSON.stringify(node.values[0] ?? null)} onChange={(e) => {
            const value: unknown = JSON.parse(e.currentTarget.value);
            if (isLiteral(value)) onChange({ ...node, values: [value] });
          }}>
            {!offered.includes(node.values[0] ?? null) && <option value={JSON.stringify(node.values[0] ?? null)}>{t('conditionNotAnOption', { value: shownValue(node.values[0] ?? null) })}</option>}
            {offered.map((value) => (
              <option key={shownValue(value)} value={JSON.stringify(value)}>
                {label(value)}
              </option>
            ))}
          </select>
        </>
      )}
      {needsValue && (!offered || node.operator === 'matches') && (
        <>
          <label htmlFor={`${id}-value`}>{node.operator === 'matches' ? t('conditionPattern') : t('conditionValue')}</label>
          <input
            id={`${id}-value`}
            type={target?.answers.kind === 'number' && node.operator !== 'matches' ? 'number' : 'text'}
            spellCheck={false}
            value={shownValue(node.values[0] ?? '')}
            onChange={(e) => onChange({ ...node, values: [target?.answers.kind === 'number' && node.operator !== 'matches' ? Number(e.target.value) : e.target.value] })}
          />
        </>
      )}
    </div>
  );
}

function NodeEditor({ node, onChange, targets }: NodeProps) {
  const id = useId();
  const kind: NodeKind | 'json' = node.kind;
  const own = useRef<HTMLDivElement>(null);
  const focusAfter = useFocusAfterChange(own);
  return (
    <div className={`condition-node condition-node-${node.kind}`} ref={own}>
      {kind !== 'json' && (
        <div className="condition-kind">
          <label htmlFor={`${id}-kind`}>{t('conditionKind')}</label>
          <select id={`${id}-kind`} value={kind} onChange={(e) => {
            const next = NODE_KINDS.find((k) => k === e.currentTarget.value);
            if (next) onChange(withKind(node, next, targets));
          }}>
            {NODE_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(KIND_TEXT[k])}
              </option>
            ))}
          </select>
        </div>
      )}
      {node.kind === 'test' && <TestEditor node={node} onChange={onChange} targets={targets} />}
      {node.kind === 'not' && (
        <fieldset className="condition-group">
          <legend>{t('kindNot')}</legend>
          <NodeEditor node={node.item} onChange={(item) => onChange({ ...node, item })} targets={targets} />
        </fieldset>
      )}
      {(node.kind === 'all' || node.kind === 'any') && (
        <>
          <ol className="condition-items">
            {node.items.map((item, index) => (
              <li key={index}>
                <fieldset className="condition-group">
                  <legend>{t('conditionNumber', { n: index + 1 })}</legend>
                  <NodeEditor node={item} onChange={(next) => onChange({ ...node, items: node.items.map((x, i) => (i === index ? next : x)) })} targets={targets} />
                  <button
                    type="button"
                    className="remove"
                    disabled={node.items.length === 1}
                    onClick={() => {
                      focusAfter(':scope > .condition-add-item');
                      onChange({ ...node, items: node.items.filter((_, i) => i !== index) });
                    }}
                  >
                    {t('conditionRemoveItem', { n: index + 1 })}
                  </button>
                </fieldset>
              </li>
            ))}
          </ol>
          <button
            type="button"
            className="condition-add-item"
            disabled={targets.length === 0}
            onClick={() => {
              if (!targets[0]) return;
              focusAfter(':scope > .condition-items > li:last-child select');
              onChange({ ...node, items: [...node.items, newTest(targets[0])] });
            }}
          >
            {t('conditionAddItem')}
          </button>
        </>
      )}
      {node.kind === 'json' && <pre className="condition-json">{JSON.stringify(node.condition)}</pre>}
    </div>
  );
}

/** The rjsf field of a condition: the builder, or its JSON text. */
export function ConditionField(props: FieldProps) {
  const targets = useContext(ConditionTargetsContext);
  const [asJson, setAsJson] = useState(false);
  const id = props.fieldPathId.$id;
  const name = String(props.name);
  const set = (value: unknown) => props.onChange(value, props.fieldPathId.path);
  const errors = props.rawErrors ?? [];
  const description = typeof props.schema.description === 'string' ? props.schema.description : '';
  const own = useRef<HTMLFieldSetElement>(null);
  const focusAfter = useFocusAfterChange(own);
  return (
    <fieldset className="condition-field" ref={own} aria-describedby={`${id}-help${errors.length ? ` ${id}-errors` : ''}`}>
      <legend>{name}</legend>
      <p className="help" id={`${id}-help`}>
        {description} {t('conditionNone')}
      </p>
      {asJson ? (
        <ConditionJson {...props} />
      ) : props.formData === undefined ? (
        <button
          type="button"
          className="condition-add"
          disabled={targets.length === 0}
          onClick={() => {
            if (!targets[0]) return;
            focusAfter('.condition-node select');
            set(fromNode(newTest(targets[0])));
          }}
        >
          {t('conditionAdd', { name })}
        </button>
      ) : (
        <>
          <NodeEditor node={toNode(props.formData)} onChange={(node) => set(fromNode(node))} targets={targets} />
          <button
            type="button"
            className="remove"
            onClick={() => {
              focusAfter('.condition-add');
              set(undefined);
            }}
          >
            {t('conditionRemove', { name })}
          </button>
        </>
      )}
      <label className="condition-as-json">
        <input type="checkbox" checked={asJson} onChange={(e) => setAsJson(e.target.checked)} /> {t('conditionAsJson', { name })}
      </label>
      {!asJson && errors.length > 0 && (
        <ul className="field-errors" id={`${id}-errors`} role="alert">
          {errors.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
