/**
 * models.json: the settlement's model configs, one per form type and model, each field with its
 * data type and its validation rules, edited in forms @rjsf/core generates from
 * schemas/model-config.schema.json (validated as you type by ajv). A rule's other fields are
 * offered from the model's own fields and the form's other models.
 */
import { useRef, useState } from 'react';
import type { ObjectFieldTemplateProps, RJSFSchema, UiSchema } from '@rjsf/utils';
import modelSchema from '../../schemas/model-config.schema.json';
import { arrayOr, isRecord, recordOr } from '../json';
import { useStudio } from './context';
import { definedJson } from './formData';
import { definitionOf, definitionsOf } from './schemas';
import { SchemaForm } from './SchemaForm';
import { renameField } from './rename';
import { COMMON_RULE_PROPERTIES, ruleParameters, withKindParameters } from './rules';
import { t } from './texts';
import { JsonValueField, LocaleKeyWidget, NameWidget, RuleKindWidget, RuleTargetsContext } from './widgets';

const definitions = definitionsOf(modelSchema);
const FIELD_NAME = /^[a-z][A-Za-z0-9]*$/;
const MODEL_NAME = /^[A-Z][A-Za-z0-9]*$/;
const DATA_TYPES: readonly string[] = modelSchema.definitions.field.properties.dataType.enum;

/** A model config as the editor reads it: what names it, and its fields by name (each edited by its own form). */
interface ModelConfigValue {
  metadataHash: string;
  metadata: { formType: string; dtoMapping: string };
  fields: Record<string, Record<string, unknown>>;
  [name: string]: unknown;
}
interface ModelsFile {
  models: ModelConfigValue[];
  [name: string]: unknown;
}

const isModelConfigValue = (value: unknown): value is ModelConfigValue =>
  isRecord(value) &&
  typeof value.metadataHash === 'string' &&
  isRecord(value.metadata) &&
  typeof value.metadata.formType === 'string' &&
  typeof value.metadata.dtoMapping === 'string' &&
  isRecord(value.fields) &&
  Object.values(value.fields).every(isRecord);

/** models.json with the shape the editor needs (else the checker's problems say what to mend). */
const isModelsFile = (value: unknown): value is ModelsFile => isRecord(value) && Array.isArray(value.models) && value.models.every(isModelConfigValue);
const NO_MODELS: ModelsFile = { models: [] };

/** A model config's own properties, without its fields (edited field by field). */
const metadataSchema: RJSFSchema = (() => {
  const config = definitionOf(definitions, 'modelConfig');
  const { fields: _fields, ...properties } = config.properties ?? {};
  return { ...config, properties, required: (config.required ?? []).filter((name) => name !== 'fields'), definitions };
})();
const fieldSchema: RJSFSchema = { ...definitionOf(definitions, 'field'), definitions };

const noSubmit = { 'ui:submitButtonOptions': { norender: true } };
const name = { 'ui:widget': 'name' };
const jsonValue = { 'ui:field': 'jsonValue' };
/** A rule's form: the properties every rule has, and the parameters of its kind (and any other it still carries). */
function RuleTemplate(props: ObjectFieldTemplateProps) {
  const rule = recordOr(props.formData);
  const shown = new Set<string>([...COMMON_RULE_PROPERTIES, ...ruleParameters(rule.type), ...Object.keys(rule).filter((name) => rule[name] !== undefined)]);
  return (
    <div className="rule-parameters" data-rule-kind={typeof rule.type === 'string' ? rule.type : ''}>
      {props.properties
        .filter((property) => !property.hidden && shown.has(property.name))
        .map((property) => (
          <div key={property.name}>{property.content}</div>
        ))}
    </div>
  );
}

const fieldUi: UiSchema = {
  ...noSubmit,
  validations: {
    items: {
      'ui:ObjectFieldTemplate': RuleTemplate,
      type: { 'ui:widget': 'ruleKind' },
      messageKey: { 'ui:widget': 'localeKey' },
      otherProperty: name,
      startDateProperty: name,
      properties: { items: name },
      min: jsonValue,
      max: jsonValue,
      value: jsonValue,
      conditions: jsonValue,
    },
  },
};
const widgets = { localeKey: LocaleKeyWidget, name: NameWidget, ruleKind: RuleKindWidget };
const fields = { jsonValue: JsonValueField };

/** A short stable hash of a new model's name, as its first metadataHash (16 hex digits like the others). */
function hashOf(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193;
  for (const char of text) {
    a = Math.imul(a ^ char.charCodeAt(0), 0x01000193) >>> 0;
    b = Math.imul(b ^ char.charCodeAt(0), 0x811c9dc5) >>> 0;
  }
  return a.toString(16).padStart(8, '0') + b.toString(16).padStart(8, '0');
}

const focusSoon = (selector: string) => requestAnimationFrame(() => document.querySelector<HTMLElement>(selector)?.focus());

/** A field's new name: every reference in the folder follows it (rename.ts), in one edit. */
function RenameField({ fieldName, taken, onRename }: { fieldName: string; taken: readonly string[]; onRename(to: string): void }) {
  const [name, setName] = useState('');
  const [problem, setProblem] = useState('');
  const id = `rename-${fieldName}`;
  return (
    <form
      className="rename-field inline"
      onSubmit={(e) => {
        e.preventDefault();
        const to = name.trim();
        const found = !FIELD_NAME.test(to) ? t('fieldNamePattern') : taken.includes(to) ? t('fieldNameTaken', { name: to }) : '';
        setProblem(found);
        if (found) return;
        setName('');
        onRename(to);
      }}
    >
      <label htmlFor={id}>{t('renameField', { name: fieldName })}</label>
      <input id={id} value={name} spellCheck={false} aria-invalid={problem ? true : undefined} aria-describedby={problem ? `${id}-problem` : undefined} onChange={(e) => setName(e.target.value)} />
      <button type="submit">{t('rename')}</button>
      {problem && (
        <p id={`${id}-problem`} className="field-errors">
          {problem}
        </p>
      )}
    </form>
  );
}

export function Models() {
  const { docs, edit } = useStudio();
  const modelsDoc = docs['models.json'];
  const file = isModelsFile(modelsDoc) ? modelsDoc : NO_MODELS;
  const [selected, setSelected] = useState(0);
  const [newField, setNewField] = useState({ name: '', dataType: 'string', problem: '' });
  // The settlement declares its forms: those of its flows, then any only its models name.
  const formTypes = [
    ...new Set([
      ...Object.entries(docs)
        .filter(([id]) => id.startsWith('flows/'))
        .map(([, flow]) => recordOr(flow).formType)
        .filter((f): f is string => typeof f === 'string'),
      ...file.models.map((m) => m.metadata.formType),
    ]),
  ];
  const [newModel, setNewModel] = useState({ formType: formTypes[0] ?? '', name: '', problem: '' });
  const heading = useRef<HTMLHeadingElement>(null);
  const index = Math.min(selected, file.models.length - 1);
  const model = file.models[index];

  const changeModels = (change: (models: ModelConfigValue[]) => ModelConfigValue[]) =>
    edit((d) => {
      const current = d['models.json'];
      return isModelsFile(current) ? { ...d, 'models.json': { ...current, models: change(current.models) } } : d;
    });
  const changeModel = (change: (model: ModelConfigValue) => ModelConfigValue) => changeModels((models) => models.map((m, i) => (i === index ? change(m) : m)));

  const open = (i: number) => {
    setSelected(i);
    requestAnimationFrame(() => heading.current?.focus());
  };

  const addField = () => {
    const fieldName = newField.name.trim();
    const problem = !FIELD_NAME.test(fieldName) ? t('fieldNamePattern') : model && fieldName in model.fields ? t('fieldNameTaken', { name: fieldName }) : '';
    if (problem) {
      setNewField({ ...newField, problem });
      focusSoon('#new-field-name');
      return;
    }
    changeModel((m) => ({ ...m, fields: { ...m.fields, [fieldName]: { dataType: newField.dataType, validations: [] } } }));
    setNewField({ name: '', dataType: newField.dataType, problem: '' });
    focusSoon(`[data-model-field="${fieldName}"] h4`);
  };

  const addModel = () => {
    const dtoMapping = newModel.name.trim();
    const problem = !MODEL_NAME.test(dtoMapping)
      ? t('modelNamePattern')
      : file.models.some((m) => m.metadata.formType === newModel.formType && m.metadata.dtoMapping === dtoMapping)
        ? t('modelNameTaken', { form: newModel.formType, name: dtoMapping })
        : '';
    if (problem) {
      setNewModel({ ...newModel, problem });
      focusSoon('#new-model-name');
      return;
    }
    changeModels((models) => [...models, { metadataHash: hashOf(`${newModel.formType}.${dtoMapping}`), metadata: { formType: newModel.formType, dtoMapping }, fields: {} }]);
    setNewModel({ ...newModel, name: '', problem: '' });
    open(file.models.length);
  };

  // A rule points at a field of its model by name, or at another model of the form as model.field.
  const targets = model
    ? [
        ...Object.keys(model.fields),
        ...file.models
          .filter((m) => m !== model && m.metadata.formType === model.metadata.formType)
          .flatMap((m) => Object.keys(m.fields).map((f) => `${m.metadata.dtoMapping.charAt(0).toLowerCase()}${m.metadata.dtoMapping.slice(1)}.${f}`)),
      ]
    : [];

  if (file === NO_MODELS) return <p role="alert">{t('modelsUnreadable')}</p>;

  return (
    <div className="models-view">
      <nav className="model-list" aria-labelledby="model-list-heading">
        <h2 id="model-list-heading">{t('modelConfigs')}</h2>
        {formTypes.map((formType) => {
          const of = file.models.map((m, i) => [m, i] as const).filter(([m]) => m.metadata.formType === formType);
          if (of.length === 0) return null;
          return (
            <div key={formType}>
              <h3>{formType}</h3>
              <ul>
                {of.map(([m, i]) => (
                  <li key={i}>
                    <button type="button" aria-current={i === index ? 'true' : undefined} onClick={() => open(i)}>
                      {m.metadata.dtoMapping}
                    </button>
                  </li>
                ))}
              </ul>
            </div>
          );
        })}
        <form
          className="add-model"
          onSubmit={(e) => {
            e.preventDefault();
            addModel();
          }}
        >
          <h3>{t('newModel')}</h3>
          <label htmlFor="new-model-form">{t('newModelForm')}</label>
          <select id="new-model-form" value={newModel.formType} onChange={(e) => setNewModel({ ...newModel, formType: e.target.value })}>
            {formTypes.map((f) => (
              <option key={f}>{f}</option>
            ))}
          </select>
          <label htmlFor="new-model-name">{t('newModelName')}</label>
          <input
            id="new-model-name"
            value={newModel.name}
            spellCheck={false}
            aria-invalid={newModel.problem ? true : undefined}
            aria-describedby={newModel.problem ? 'new-model-problem' : undefined}
            onChange={(e) => setNewModel({ ...newModel, name: e.target.value })}
          />
          {newModel.problem && (
            <p id="new-model-problem" className="field-errors">
              {newModel.problem}
            </p>
          )}
          <button type="submit">{t('addModel')}</button>
        </form>
      </nav>
      {model && (
        <section className="model-editor editor" aria-labelledby="model-heading">
          <div className="editor-head">
            <h2 id="model-heading" tabIndex={-1} ref={heading}>
              {t('modelOf', { form: model.metadata.formType, name: model.metadata.dtoMapping })}
            </h2>
            <button
              type="button"
              className="remove"
              onClick={() => {
                changeModels((models) => models.filter((_, i) => i !== index));
                setSelected(Math.max(0, index - 1));
                focusSoon('#model-list-heading + div button');
              }}
            >
              {t('removeModel')}
            </button>
          </div>
          <SchemaForm
            key={`model-${index}`}
            idPrefix={`model${index}`}
            schema={metadataSchema}
            uiSchema={noSubmit}
            formData={{ metadataHash: model.metadataHash, metadata: model.metadata }}
            onChange={(e) => changeModel((m) => ({ ...m, ...recordOr(definedJson(e.formData)), fields: m.fields }))}
          />
          <h3 id="model-fields-heading" tabIndex={-1}>
            {t('modelFields')}
          </h3>
          <RuleTargetsContext.Provider value={targets}>
            {Object.entries(model.fields).map(([fieldName, field]) => (
              <section key={`${index}-${fieldName}`} className="block" data-model-field={fieldName} aria-labelledby={`model-field-${fieldName}`}>
                <div className="editor-head">
                  <h4 id={`model-field-${fieldName}`} tabIndex={-1}>
                    {fieldName}
                  </h4>
                  <button
                    type="button"
                    className="remove"
                    aria-describedby={`model-field-${fieldName}`}
                    onClick={() => {
                      changeModel((m) => ({ ...m, fields: Object.fromEntries(Object.entries(m.fields).filter(([k]) => k !== fieldName)) }));
                      focusSoon('#model-fields-heading');
                    }}
                  >
                    {t('remove')}
                  </button>
                </div>
                <RenameField
                  fieldName={fieldName}
                  taken={Object.keys(model.fields)}
                  onRename={(to) => {
                    edit((d) => renameField(d, { formType: model.metadata.formType, model: model.metadata.dtoMapping, from: fieldName, to }));
                    focusSoon(`[data-model-field="${to}"] h4`);
                  }}
                />
                <SchemaForm
                  idPrefix={`model${index}_${fieldName}`}
                  schema={fieldSchema}
                  uiSchema={fieldUi}
                  formData={field}
                  widgets={widgets}
                  fields={fields}
                  onChange={(e) =>
                    changeModel((m) => {
                      const next = recordOr(definedJson(e.formData));
                      if (Array.isArray(next.validations)) next.validations = withKindParameters(arrayOr(m.fields[fieldName]?.validations), next.validations);
                      return { ...m, fields: { ...m.fields, [fieldName]: next } };
                    })
                  }
                />
              </section>
            ))}
          </RuleTargetsContext.Provider>
          <form
            className="add-field"
            onSubmit={(e) => {
              e.preventDefault();
              addField();
            }}
          >
            <label htmlFor="new-field-name">{t('newFieldName', { name: model.metadata.dtoMapping })}</label>
            <div className="inline">
              <input
                id="new-field-name"
                value={newField.name}
                spellCheck={false}
                aria-invalid={newField.problem ? true : undefined}
                aria-describedby={newField.problem ? 'new-field-problem' : undefined}
                onChange={(e) => setNewField({ ...newField, name: e.target.value })}
              />
              <label htmlFor="new-field-type">
                {t('newFieldType')}
              </label>
              <select id="new-field-type" value={newField.dataType} onChange={(e) => setNewField({ ...newField, dataType: e.target.value })}>
                {DATA_TYPES.map((type) => (
                  <option key={type}>{type}</option>
                ))}
              </select>
              <button type="submit">{t('addField')}</button>
            </div>
            {newField.problem && (
              <p id="new-field-problem" className="field-errors">
                {newField.problem}
              </p>
            )}
          </form>
        </section>
      )}
    </div>
  );
}
