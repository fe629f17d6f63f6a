import { SUPPORTED_CONDITION_KEYWORDS } from '../conditions/evaluate';
import { isOneOf } from '../guards';
import { camelCase } from '../models/config';
import { FILE_MODEL_FIELDS } from '../models/store';
import { isRepeatingConfig, SPEC_LIST_KEYS, SPEC_PARENT_LINK, SPEC_SINGLE_KEYS } from '../models/declared';
import { MASK_NAMES, maskedSample } from '../masks';
import { ruleAdapters } from '../rules/registry';
import { parseDeadlineTextKey } from '../i18n/deadlineKeys';
import type { RuleAdapter, RuleContext } from '../rules/types';
import {
  ADDRESS_FIELDS,
  DEADLINE_KEYS,
  type BlockConfig,
  type Condition,
  type ConditionSchema,
  type FieldConfig,
  type FieldValue,
  type FlowFile,
  type ModelConfig,
  type ModelFieldConfig,
  type PageConfig,
  type RuleConfig,
  type WidgetName,
} from '../types';
import { compareDependenciesWithRules, conditionValueProblems, qualifiedName, resolveScope, ruleValueProblems, type FlowFieldInfo } from './condition-agreement';
import { pointer as ptr, type FlowIssue } from './issues';
import { secretFields } from './secrets';
import { didYouMean, nearestName } from './nearest';
import { localizationKeysOf, pageRoutes, signsIn } from './pages';

/** Widget names a flow may use (FieldConfig.widget); the widget registry renders each. */
export const WIDGET_NAMES: readonly WidgetName[] = ['text', 'textarea', 'date', 'file', 'hidden', 'radio', 'select', 'checkbox'];

export { ADDRESS_FIELDS };

/** What the cross-reference checks compare a flow with. Registries default to the runtime's. */
export interface CheckContext {
  models: readonly ModelConfig[];
  /** Mask registry names. */
  maskNames?: readonly string[];
  /** Rule registry (names and parameter checks). */
  ruleAdapters?: Readonly<Record<string, RuleAdapter>>;
  widgetNames?: readonly string[];
  /** Locale file -> its texts; every key a flow uses must be in each. Omitted: not checked. */
  locales?: Readonly<Record<string, Readonly<Record<string, string>>>>;
  /**
   * Names a model rule in a hint: the index of its model config in `models`, the field, the rule's
   * index. Default: '/models/<m>/fields/<field>/validations/<r> of the model configs'.
   */
  modelRuleAt?: (model: number, field: string, rule: number) => string;
}

const list = (names: Iterable<string>) => [...names].map((n) => `"${n}"`).join(', ');

/** Checks of one flow file that its JSON Schema cannot express. The flow must already satisfy the schema. */
export function checkFlow(flow: FlowFile, file: string, context: CheckContext): FlowIssue[] {
  const issues: FlowIssue[] = [];
  const add = (pointer: string, message: string, hint: string) => issues.push({ file, pointer, message, hint });
  const adapters = context.ruleAdapters ?? ruleAdapters;
  const ruleTypes = Object.keys(adapters);
  const maskNames = context.maskNames ?? MASK_NAMES;
  const widgetNames = context.widgetNames ?? WIDGET_NAMES;
  const formType = flow.formType;

  const configs = new Map<string, ModelConfig>();
  for (const m of context.models) if (m.metadata.formType === formType) configs.set(m.metadata.dtoMapping, m);
  const configNames = [...configs.keys()];
  const byCamel = new Map([...configs.entries()].map(([name, config]) => [camelCase(name), config]));

  const modelConfig = (model: string, at: string): ModelConfig | undefined => {
    const config = configs.get(model);
    if (!config) add(at, `model "${model}" has no model config for the form type ${formType}: the server would not store its answers`, `${didYouMean(model, configNames)}, or declare it: add a ${formType}/${model} entry to the model configs`);
    return config;
  };
  const repeating = (model: string) => {
    const config = configs.get(model);
    return config ? isRepeatingConfig(config) : false;
  };

  const fieldOf = (config: ModelConfig | undefined, name: string, at: string, what = 'field') => {
    if (!config) return undefined;
    const field = config.fields[name];
    if (!field) {
      add(at, `${what} "${name}" is not a field of the ${formType} model ${config.metadata.dtoMapping}`, didYouMean(name, Object.keys(config.fields)));
    }
    return field;
  };

  flow.models.forEach((model, i) => modelConfig(model, ptr('models', i)));

  for (const key of flow.deadlineKeys) {
    if (!isOneOf(DEADLINE_KEYS, key)) add(ptr('deadlineKeys'), `unknown deadline key "${key}"`, `use the keys of spec §9: ${list(DEADLINE_KEYS)}`);
  }

  // Every field the flow shows, by qualified name: the answers a condition can compare with, and the page each is first asked on.
  const flowFields = new Map<string, FlowFieldInfo>();
  const askedOn = new Map<string, number>();
  flow.pages.forEach((page, p) => {
    page.blocks.forEach((block, b) => {
      if (block.block !== 'model' && block.block !== 'records') return;
      block.fields.forEach((field, f) => {
        const name = qualifiedName(block.model, field.key);
        if (!flowFields.has(name)) flowFields.set(name, { field, config: configs.get(block.model), at: ptr('pages', p, 'blocks', b, 'fields', f) });
        if (!askedOn.has(name)) askedOn.set(name, p);
      });
    });
  });
  const modelRuleAt = (config: ModelConfig, field: string, rule: number) => {
    const m = context.models.indexOf(config);
    return context.modelRuleAt?.(m, field, rule) ?? `${ptr('models', m, 'fields', field, 'validations', rule)} of the model configs`;
  };
  for (const config of configs.values()) for (const issue of ruleValueProblems(config, flowFields, modelRuleAt, didYouMean)) add(issue.pointer, issue.message, issue.hint);

  /** Whether a condition's values can occur in the field it reads (once the scope is known to name a field). */
  const checkConditionValues = (scope: string, schema: ConditionSchema, at: string, own: ModelConfig | undefined) => {
    const name = resolveScope(scope, own?.metadata.dtoMapping);
    if (!name) return;
    const dot = name.indexOf('.');
    const modelField = byCamel.get(name.slice(0, dot))?.fields[name.slice(dot + 1)];
    if (!modelField) return;
    for (const issue of conditionValueProblems(schema, `${at}/schema`, flowFields.get(name), modelField, scope, didYouMean)) issues.push({ file, ...issue });
  };

  const checkCondition = (condition: Condition, at: string, own: ModelConfig | undefined) => {
    if ('all' in condition) return condition.all.forEach((c, i) => checkCondition(c, `${at}/all/${i}`, own));
    if ('any' in condition) return condition.any.forEach((c, i) => checkCondition(c, `${at}/any/${i}`, own));
    if ('not' in condition) return checkCondition(condition.not, `${at}/not`, own);
    const scope = condition.scope;
    const dot = scope.indexOf('.');
    if (dot < 0) {
      if (!own) add(`${at}/scope`, `scope "${scope}" names no model, and this condition has no model of its own`, `write it as "model.field", e.g. "claimDetails.${scope}"`);
      else fieldOf(own, scope, `${at}/scope`, 'scope');
    } else {
      const modelName = scope.slice(0, dot);
      const config = byCamel.get(modelName);
      if (!config) add(`${at}/scope`, `scope "${scope}" names the model "${modelName}", which the form type ${formType} does not have`, `the model part is a camel-cased dtoMapping: ${list(byCamel.keys())}`);
      else fieldOf(config, scope.slice(dot + 1), `${at}/scope`, 'scope');
    }
    checkConditionSchema(condition.schema, `${at}/schema`);
    checkConditionValues(scope, condition.schema, at, own);
  };

  const checkConditionSchema = (schema: object, at: string) => {
    for (const [keyword, value] of Object.entries(schema)) {
      if (!isOneOf(SUPPORTED_CONDITION_KEYWORDS, keyword)) {
        add(`${at}/${keyword}`, `unsupported condition keyword "${keyword}"`, `use only ${list(SUPPORTED_CONDITION_KEYWORDS)}`);
      } else if (keyword === 'not' && value && typeof value === 'object') {
        checkConditionSchema(value, `${at}/not`);
      } else if ((keyword === 'anyOf' || keyword === 'allOf') && Array.isArray(value)) {
        value.forEach((s, i) => checkConditionSchema(s, `${at}/${keyword}/${i}`));
      }
    }
  };

  const checkRules = (rules: readonly RuleConfig[], at: string) => {
    rules.forEach((rule, i) => {
      const adapter = Object.hasOwn(adapters, rule.type) ? adapters[rule.type] : undefined;
      if (!adapter) return add(`${at}/${i}/type`, `unknown validation type "${rule.type}"`, didYouMean(rule.type, ruleTypes));
      for (const problem of adapter.checkParams?.(rule) ?? []) add(`${at}/${i}`, `${rule.type}: ${problem}`, 'fix the rule parameters');
    });
  };

  const checkField = (field: FieldConfig, at: string, config: ModelConfig | undefined, records?: { linkField?: string; fixedValues?: Record<string, FieldValue> }) => {
    const linkField = records?.linkField;
    if (!widgetNames.includes(field.widget)) add(`${at}/widget`, `unknown widget "${field.widget}"`, didYouMean(field.widget, widgetNames));
    const model = fieldOf(config, field.key, `${at}/key`);
    if (model) {
      const expected: Partial<Record<WidgetName, string>> = { file: 'file', checkbox: 'boolean', date: 'dateTime' };
      const wants = expected[field.widget];
      if (wants && model.dataType !== wants) add(`${at}/widget`, `the ${field.widget} widget needs a ${wants} field, but "${field.key}" is ${model.dataType}`, `choose another widget or change the field's dataType`);
      if (model.dataType === 'file' && field.widget !== 'file') add(`${at}/widget`, `"${field.key}" is a file field and needs the file widget`, 'set "widget": "file"');
    }
    if ((field.widget === 'radio' || field.widget === 'select') && !field.options && field.key !== linkField) {
      add(at, `the ${field.widget} field "${field.key}" has no options`, 'add "options": [{ "value": ..., "label": "LocKey_..." }] (or linkOptions on the records block)');
    }
    if (model && config && field.options) {
      for (const issue of optionsRefused(field, model, (rule) => modelRuleAt(config, field.key, rule), adapters)) add(`${at}/options/${issue.option}/value`, issue.message, issue.hint);
    }
    if (field.maskName && !maskNames.includes(field.maskName)) add(`${at}/maskName`, `unknown mask "${field.maskName}"`, didYouMean(field.maskName, maskNames));
    else if (model && config && field.maskName) {
      const issue = patternReadsUnmasked(field.maskName, model, (rule) => modelRuleAt(config, field.key, rule), adapters);
      if (issue) add(`${at}/maskName`, `"${field.key}": ${issue.message}`, issue.hint);
    }
    if (field.validations) checkRules(field.validations, `${at}/validations`);
    field.dependencies?.forEach((dep, i) => {
      checkCondition(dep.when, `${at}/dependencies/${i}/when`, config);
      if (dep.maskOverride && !maskNames.includes(dep.maskOverride)) add(`${at}/dependencies/${i}/maskOverride`, `unknown mask "${dep.maskOverride}"`, didYouMean(dep.maskOverride, maskNames));
    });
    if (field.widget === 'file' && field.dependencies?.length) add(`${at}/dependencies`, 'Dependency behavior have not been implemented for the FormFieldFile component.', 'remove the dependencies of the file field');
    else for (const issue of compareDependenciesWithRules({ field, at, config, inRecord: records !== undefined, fixedValues: records?.fixedValues, flowFields, modelsByCamel: byCamel, modelsAt: modelRuleAt })) add(issue.pointer, issue.message, issue.hint);
  };

  const checkFixedValues = (values: Record<string, unknown> | undefined, config: ModelConfig | undefined, at: string) => {
    for (const name of Object.keys(values ?? {})) fieldOf(config, name, `${at}/${name}`, 'fixed value');
  };

  const pageIds = flow.pages.map((p) => p.id);
  const secrets = secretFields(flow);

  /**
   * What a page's skip condition may read: one answer (not a record's, of which there are many),
   * given on an earlier page (the claimant has answered it when the page comes), and not a secret
   * (the claim in progress does not keep one, so a reload would skip differently).
   */
  const skipConditionProblems = (condition: Condition, at: string, pageIndex: number): Array<{ pointer: string; message: string; hint: string }> => {
    if ('all' in condition) return condition.all.flatMap((c, i) => skipConditionProblems(c, `${at}/all/${i}`, pageIndex));
    if ('any' in condition) return condition.any.flatMap((c, i) => skipConditionProblems(c, `${at}/any/${i}`, pageIndex));
    if ('not' in condition) return skipConditionProblems(condition.not, `${at}/not`, pageIndex);
    const scope = condition.scope;
    const dot = scope.indexOf('.');
    const config = dot < 0 ? undefined : byCamel.get(scope.slice(0, dot));
    if (!config || !config.fields[scope.slice(dot + 1)]) return []; // told by checkCondition
    const pageId = flow.pages[pageIndex]?.id ?? '';
    const pointer = `${at}/scope`;
    if (isRepeatingConfig(config)) {
      return [{ pointer, message: `the page "${pageId}" is skipped on "${scope}", a field of the records of ${config.metadata.dtoMapping}: a claim has any number of them`, hint: 'skip on an answer given once (a model block\'s field), such as a yes/no question asked before the records' }];
    }
    if (secrets.has(scope)) {
      return [{ pointer, message: `the page "${pageId}" is skipped on "${scope}", which is secret: the claim in progress does not keep it, so a reload or a resume would skip differently`, hint: 'skip on an answer that is not secret' }];
    }
    const asked = askedOn.get(scope);
    if (asked !== undefined && asked >= pageIndex) {
      const where = asked === pageIndex ? 'on that page itself' : `on the later page "${flow.pages[asked]?.id ?? ''}"`;
      return [{ pointer, message: `the page "${pageId}" is skipped on "${scope}", which is asked ${where}: it has no answer yet when the page comes`, hint: 'skip on an answer given on an earlier page, or move the question before this page' }];
    }
    return [];
  };

  flow.pages.forEach((page: PageConfig, p) => {
    const pageAt = ptr('pages', p);
    const signsInOrSubmits = signsIn(page) || page.action === 'submit';
    if (page.skipWhen) {
      checkCondition(page.skipWhen, `${pageAt}/skipWhen`, undefined);
      // The flow's one page that signs in or submits, skipped: it would never happen for the
      // claimants the condition holds for. (With a second such page, each may serve other claimants.)
      if (signsInOrSubmits && flow.pages.filter((other) => other.action === page.action).length === 1) {
        add(`${pageAt}/skipWhen`, `the page "${page.id}" has the action ${page.action} and a skip condition, and no other page of the flow does: claimants it holds for could never ${page.action === 'submit' ? 'submit the claim' : 'sign in'}`, 'remove its skipWhen; skip the pages around it instead');
      }
      for (const issue of skipConditionProblems(page.skipWhen, `${pageAt}/skipWhen`, p)) add(issue.pointer, issue.message, issue.hint);
    }
    if (signsInOrSubmits && !page.blocks.some((b) => b.block === 'captcha')) {
      add(`${pageAt}/blocks`, `the page "${page.id}" has the action ${page.action} but no captcha block`, 'add { "block": "captcha" } to its blocks');
    }
    if (page.action === 'submit' && !flow.submit) add(`${pageAt}/action`, `the page "${page.id}" submits, but the flow has no submit call`, 'add "submit": { "endpoint": ..., "method": "POST" } to the flow');

    const blockIds = new Map<string, number>();
    // Where each answer is asked on this page: asked twice, two inputs would share one answer and one id.
    const askedAt = new Map<string, string>();
    const askOnce = (model: string, key: string, at: string) => {
      const name = qualifiedName(model, key);
      const first = askedAt.get(name);
      if (first === undefined) return void askedAt.set(name, at);
      add(at, `the field "${key}" of ${model} is already asked on the page "${page.id}" at ${first}: its two inputs would share one answer and one id`, 'ask each field once per page: remove one of them');
    };
    page.blocks.forEach((block, b) => {
      const at = `${pageAt}/blocks/${b}`;
      if (block.block === 'model' || block.block === 'records') block.fields.forEach((f, i) => askOnce(block.model, f.key, `${at}/fields/${i}`));
      if (block.block === 'address') for (const name of ADDRESS_FIELDS) askOnce(block.model, name, at);
      if (block.id !== undefined) {
        const first = blockIds.get(block.id);
        // A patch names a block by its id: two blocks of one name could not be told apart.
        if (first !== undefined) add(`${at}/id`, `block id "${block.id}" is already used on this page at ${pageAt}/blocks/${first}`, 'give each block of a page its own id');
        else blockIds.set(block.id, b);
      }
      const own = 'model' in block ? configs.get(block.model) : undefined;
      if (block.when) checkCondition(block.when, `${at}/when`, own);
      switch (block.block) {
        case 'model': {
          const config = modelConfig(block.model, `${at}/model`);
          if (config && repeating(block.model)) add(`${at}/model`, `the model ${block.model} holds records, and a model block answers a model once`, 'use a records block, or remove "repeating": true from its model config');
          block.fields.forEach((f, i) => checkField(f, `${at}/fields/${i}`, config));
          const files = block.fields.filter((f) => f.widget === 'file');
          if (files.length > 0) add(`${at}/fields`, 'a model block cannot hold a file field', 'put file fields in a records block with "kind": "file"');
          break;
        }
        case 'address': {
          const config = modelConfig(block.model, `${at}/model`);
          if (config) {
            const missing = ADDRESS_FIELDS.filter((f) => !config.fields[f]);
            if (missing.length) add(`${at}/model`, `the model ${block.model} lacks the address fields ${list(missing)}`, 'add them to the model config or use a model that has them');
          }
          for (const name of Object.keys(block.prepopulatedDataKeys ?? {})) {
            if (!isOneOf(ADDRESS_FIELDS, name)) add(`${at}/prepopulatedDataKeys/${name}`, `"${name}" is not an address field`, didYouMean(name, ADDRESS_FIELDS));
          }
          break;
        }
        case 'records': {
          const config = modelConfig(block.model, `${at}/model`);
          if (config && !repeating(block.model)) add(`${at}/model`, `the model ${block.model} is answered once, and a records block adds records of it`, `declare it repeating: "metadata": { …, "dtoMapping": "${block.model}", "repeating": true } in its model config`);
          const link = block.linkOptions;
          block.fields.forEach((f, i) => checkField(f, `${at}/fields/${i}`, config, { linkField: link?.field, fixedValues: block.fixedValues }));
          checkFixedValues(block.fixedValues, config, `${at}/fixedValues`);
          block.displayFields.forEach((f, i) => fieldOf(config, f, `${at}/displayFields/${i}`, 'display field'));
          const minimum = block.minimumInstances;
          if (minimum) {
            // With a dependency record, unqualified scopes read its fields.
            const dependency = minimum.dependency ? modelConfig(minimum.dependency.model, `${at}/minimumInstances/dependency/model`) : undefined;
            if (minimum.dependency) checkFixedValues(minimum.dependency.fixedValues, dependency, `${at}/minimumInstances/dependency/fixedValues`);
            if (minimum.when) checkCondition(minimum.when, `${at}/minimumInstances/when`, dependency);
            minimum.cases?.forEach((c, i) => checkCondition(c.when, `${at}/minimumInstances/cases/${i}/when`, dependency));
          }
          const confirmation = block.noneConfirmation;
          if (confirmation) {
            const holder = modelConfig(confirmation.model, `${at}/noneConfirmation/model`);
            if (holder && repeating(confirmation.model)) add(`${at}/noneConfirmation/model`, `the 'none of the above' confirmation is stored on a single-instance model, and ${confirmation.model} holds records`, `use a model such as ${list(configNames.filter((n) => !repeating(n)))}`);
            else if (holder && !flow.models.includes(confirmation.model)) add(`${at}/noneConfirmation/model`, `the form does not submit the model ${confirmation.model}`, 'add it to "models" or store the confirmation on a model the form submits');
            const field = fieldOf(holder, confirmation.field, `${at}/noneConfirmation/field`);
            if (field && field.dataType !== 'boolean') add(`${at}/noneConfirmation/field`, `the confirmation field "${confirmation.field}" has dataType ${field.dataType}, and a checkbox stores a boolean`, 'give the field "dataType": "boolean" in the model config');
          }
          const files = block.fields.filter((f) => f.widget === 'file').length;
          if (block.kind === 'file' && files !== 1) add(`${at}/fields`, `a records block of kind file holds exactly one file field, this one has ${files}`, 'keep one field with "widget": "file"');
          if (block.kind !== 'file' && files > 0) add(`${at}/kind`, 'a records block with a file field must have "kind": "file"', 'set "kind": "file"');
          if (link) {
            if (!block.fields.some((f) => f.key === link.field)) add(`${at}/linkOptions/field`, `linkOptions names the field "${link.field}", which is not a field of this block`, `use one of: ${list(block.fields.map((f) => f.key))}`);
            else if (block.fields.find((f) => f.key === link.field)?.widget !== 'select') add(`${at}/linkOptions/field`, `the linked field "${link.field}" must use the select widget`, 'set its "widget": "select"');
            const linked = modelConfig(link.model, `${at}/linkOptions/model`);
            link.labelFields.forEach((f, i) => fieldOf(linked, f, `${at}/linkOptions/labelFields/${i}`, 'label field'));
            // The link is declared by the child's model config (or is the spec's claimTransactionId), so deleting a parent deletes its children.
            const declared = config?.metadata.parent;
            const specLink = link.field === SPEC_PARENT_LINK.field && link.model === 'ClaimTransactions' && !declared;
            if (config && linked && !specLink && (declared?.field !== link.field || declared.model !== link.model)) {
              add(`${at}/linkOptions`, `the field "${link.field}" links ${block.model} records to ${link.model} records, but the model config of ${block.model} does not declare that link`, `add "parent": { "model": "${link.model}", "field": "${link.field}" } to the metadata of ${formType}/${block.model}`);
            }
          }
          break;
        }
        case 'summary': {
          block.groups.forEach((group, g) => {
            const gAt = `${at}/groups/${g}`;
            const editPage = flow.pages.find((pg) => pg.id === group.editPage);
            if (!editPage) add(`${gAt}/editPage`, `editPage "${group.editPage}" is not a page of this flow`, didYouMean(group.editPage, pageIds));
            else {
              // The group's Edit link must open a page of the claim that asks its answers.
              const names = group.fields.map((f) => qualifiedName(group.model, f));
              const askedThere = editPage.blocks.some((blk) => answersAskedBy(blk).some((n) => names.includes(n)));
              const asking = names.map((n) => askedOn.get(n)).find((index) => index !== undefined);
              const hint = asking === undefined ? 'link the page that asks them' : `link "${flow.pages[asking]?.id ?? ''}", which asks them`;
              if (editPage.inFlow === false) add(`${gAt}/editPage`, `editPage "${group.editPage}" is not in the flow: the group's Edit link would leave the claim`, hint);
              else if (names.length && !askedThere) add(`${gAt}/editPage`, `editPage "${group.editPage}" asks none of the group's answers: its Edit link would open a page where they cannot be changed`, hint);
            }
            const config = modelConfig(group.model, `${gAt}/model`);
            group.fields.forEach((f, i) => {
              fieldOf(config, f, `${gAt}/fields/${i}`);
              if (secrets.has(`${camelCase(group.model)}.${f}`)) add(`${gAt}/fields/${i}`, `the field "${f}" is marked secret and is never shown in a summary`, 'remove it from the group');
            });
            checkFixedValues(group.fixedValues, config, `${gAt}/fixedValues`);
          });
          break;
        }
        case 'lookupResult':
          if (page.action !== 'lookup') add(`${at}/block`, 'a lookupResult block belongs on a page whose action is lookup', 'set the page\'s "action": "lookup" or remove the block');
          break;
        default:
          break;
      }
    });
  });

  if (flow.submit) for (const issue of unstoredAnswers(flow)) add(issue.pointer, issue.message, issue.hint);

  // A child model's records must be linked by the claimant (a records block choosing the parent),
  // and a minimum per parent record needs a page where they are added.
  flow.models.forEach((model, i) => {
    const parent = configs.get(model)?.metadata.parent;
    if (!parent || !flow.models.includes(parent.model)) return;
    const blocks = flow.pages.filter((pg) => pg.inFlow !== false).flatMap((pg) => pg.blocks.filter((b) => b.block === 'records' && b.model === model));
    if (blocks.length === 0) {
      if ((parent.minimumPerParent ?? 0) > 0) add(ptr('models', i), `each ${parent.model} record needs ${parent.minimumPerParent} ${model} record(s), but no page of the flow adds ${model} records`, `add a records block of ${model} with "linkOptions": { "field": "${parent.field}", "model": "${parent.model}", … }`);
      return;
    }
    if (!blocks.some((b) => b.block === 'records' && b.linkOptions?.field === parent.field)) {
      add(ptr('models', i), `${model} records belong to ${parent.model} records, but no records block of ${model} lets the claimant choose which`, `give a records block of ${model} "linkOptions": { "field": "${parent.field}", "model": "${parent.model}", "labelFields": [...] }`);
    }
  });

  if (context.locales) {
    const used = localizationKeysOf(flow);
    for (const [localeFile, texts] of Object.entries(context.locales)) {
      const reported = new Set<string>();
      for (const { key, pointer } of used) {
        // Deadline dates (LocKey_Deadline_<Deadline>_<Format>) come from the deadlines, not the files.
        if (Object.hasOwn(texts, key) || reported.has(key) || parseDeadlineTextKey(key)) continue;
        reported.add(key);
        // A key another locale file has is missing only from this one: add it here. A key no file has
        // may be misspelt: answered with the key it is nearest to; a new one is added everywhere.
        const elsewhere = Object.entries(context.locales).filter(([other, otherTexts]) => other !== localeFile && Object.hasOwn(otherTexts, key)).map(([other]) => other);
        if (elsewhere.length > 0) {
          add(pointer, `localization key "${key}" is missing from ${localeFile}`, `add "${key}" to ${localeFile} with its text in this culture (${elsewhere.join(', ')} has it)`);
          continue;
        }
        const near = nearestName(key, Object.keys(texts));
        add(pointer, `localization key "${key}" is missing from ${localeFile}`, near ? `did you mean "${near}"? Else add "${key}" to every locale file (npm run locales:add)` : `add "${key}" to every locale file (npm run locales:add)`);
      }
    }
  }
  return issues;
}

/**
 * The answers a block gives its model, as `model.field`: its fields (a file field writes the
 * file's name, size and type too), a records block's fixed values, an address block's fields.
 */
function answersAskedBy(block: BlockConfig): string[] {
  if (block.block === 'address') return ADDRESS_FIELDS.map((key) => qualifiedName(block.model, key));
  if (block.block !== 'model' && block.block !== 'records') return [];
  const keys = block.fields.flatMap((f) => (f.widget === 'file' ? [f.key, ...FILE_MODEL_FIELDS] : [f.key]));
  if (block.block === 'records') keys.push(...Object.keys(block.fixedValues ?? {}));
  return keys.map((key) => qualifiedName(block.model, key));
}

/**
 * The fields a submitting flow never asks for that their model requires always (a `required`
 * rule): the server checks only what the pages ask, so every claim would be stored without them.
 * Asked: what a block of a page in the flow gives (answersAskedBy). A records model no page adds
 * has no records. Warnings: the folder checker tells them.
 */
export function unaskedRequiredFields(flow: FlowFile, file: string, context: Pick<CheckContext, 'models' | 'modelRuleAt'>): FlowIssue[] {
  if (!flow.submit) return [];
  const asked = new Set<string>();
  const withRecords = new Set<string>();
  for (const page of flow.pages) {
    if (page.inFlow === false) continue;
    for (const block of page.blocks) {
      for (const name of answersAskedBy(block)) asked.add(name);
      if (block.block === 'records') withRecords.add(block.model);
    }
  }
  const issues: FlowIssue[] = [];
  flow.models.forEach((model, m) => {
    const config = context.models.find((c) => c.metadata.formType === flow.formType && c.metadata.dtoMapping === model);
    if (!config || (isRepeatingConfig(config) && !withRecords.has(model))) return;
    const configIndex = context.models.indexOf(config);
    for (const [key, field] of Object.entries(config.fields)) {
      const rule = field.validations.findIndex((r) => r.type === 'required');
      if (rule < 0 || asked.has(qualifiedName(model, key))) continue;
      const ruleAt = context.modelRuleAt?.(configIndex, key, rule) ?? `${ptr('models', configIndex, 'fields', key, 'validations', rule)} of the model configs`;
      issues.push({
        file,
        pointer: ptr('models', m),
        message: `"${key}" of ${model} is required (${ruleAt}), but no page of the flow asks for it: every claim would be stored without it`,
        hint: `add "${key}" to a ${model} block of a page, or remove its required rule`,
      });
    }
  });
  return issues;
}

/** What a rule that reads an answer alone is run with when the flow is checked: no other answers, no whitelist. */
const VALUE_ONLY_CONTEXT: RuleContext = { scope: { models: {} }, whitelist: null, now: new Date(0), t: () => undefined, side: 'server' };

/**
 * A regularExpression rule of a masked field written for the answer as typed, without the mask's
 * characters: the field stores what the mask shows ('(555) 555-5555'), so the rule would refuse
 * every answer. Told when the rule refuses a complete masked answer and takes the same one unmasked.
 */
function patternReadsUnmasked(maskName: string, model: ModelFieldConfig, ruleAt: (rule: number) => string, adapters: Readonly<Record<string, RuleAdapter>>): { message: string; hint: string } | null {
  const sample = maskedSample(maskName);
  const adapter = Object.hasOwn(adapters, 'regularExpression') ? adapters.regularExpression : undefined;
  if (!sample || !adapter) return null;
  const refuses = (value: string, rule: RuleConfig) => adapter.validate(value, rule, VALUE_ONLY_CONTEXT, { field: '', dataType: model.dataType }) !== null;
  const index = model.validations.findIndex((rule) => rule.type === 'regularExpression' && !adapter.checkParams?.(rule).length && refuses(sample.stored, rule) && !refuses(sample.typed, rule));
  if (index < 0) return null;
  return {
    message: `the ${maskName} mask stores answers as "${sample.stored}", and the regularExpression rule at ${ruleAt(index)} takes them only without its characters ("${sample.typed}"): it would refuse every answer`,
    hint: 'write the pattern for the answer as the mask shows it, or remove the mask',
  };
}

/** The rules that read an answer alone (no other answer, no date): what an option's value can be checked against before any claim. */
const VALUE_ONLY_RULES: ReadonlySet<string> = new Set(['regularExpression', 'maxLength']);

/**
 * The options of a radio or select whose value its field's own rules refuse: a claimant who
 * chooses one could not go on (the lease option of a rule "^(own|lease)$" written "leased").
 */
function optionsRefused(field: FieldConfig, model: ModelFieldConfig, ruleAt: (rule: number) => string, adapters: Readonly<Record<string, RuleAdapter>>): Array<{ option: number; message: string; hint: string }> {
  const issues: Array<{ option: number; message: string; hint: string }> = [];
  field.options?.forEach((option, o) => {
    model.validations.forEach((rule, r) => {
      const adapter = VALUE_ONLY_RULES.has(rule.type) && Object.hasOwn(adapters, rule.type) ? adapters[rule.type] : undefined;
      // A rule with bad parameters is told where it is written.
      if (!adapter || adapter.checkParams?.(rule).length) return;
      if (!adapter.validate(option.value, rule, VALUE_ONLY_CONTEXT, { field: field.key, dataType: model.dataType })) return;
      issues.push({ option: o, message: `the option "${option.value}" of "${field.key}" is refused by its ${rule.type} rule at ${ruleAt(r)}: a claimant who chooses it could not go on`, hint: "make the option's value one the rule accepts, or change the rule" });
    });
  });
  return issues;
}

/**
 * The models whose answers a submitting flow would drop, once each: the server stores every model
 * the settlement declares (a model config) that the flow lists in `models`; a page in the flow
 * asking for answers of a model it does not list would show them, review them and lose them. (A
 * model with no model config is refused where it is named.)
 */
function unstoredAnswers(flow: FlowFile): Array<{ pointer: string; message: string; hint: string }> {
  const issues: Array<{ pointer: string; message: string; hint: string }> = [];
  const reported = new Set<string>();
  flow.pages.forEach((page, p) => {
    // A page out of the flow (spec §2: the payment-election route exists but is in no flow) is
    // not part of the claim: its answers are never submitted, by design.
    if (page.inFlow === false) return;
    page.blocks.forEach((block, b) => {
      if (block.block !== 'model' && block.block !== 'records' && block.block !== 'address') return;
      const model = block.model;
      if (reported.has(model) || flow.models.includes(model)) return;
      reported.add(model);
      issues.push({
        pointer: ptr('pages', p, 'blocks', b, 'model'),
        message: `the page "${page.id}" asks for ${model} answers, but the flow does not list ${model} in "models": the server would drop them at submit`,
        hint: `add "${model}" to the flow's "models"`,
      });
    });
  });
  return issues;
}

/** Checks across all flows: one flow per form type; page ids and routes (paths and aliases) unique. */
export function checkFlowSet(entries: ReadonlyArray<{ file: string; flow: FlowFile }>): FlowIssue[] {
  const issues: FlowIssue[] = [];
  const forms = new Map<string, string>();
  const ids = new Map<string, string>();
  const routes = new Map<string, string>();
  for (const { file, flow } of entries) {
    const firstForm = forms.get(flow.formType);
    if (firstForm) issues.push({ file, pointer: '/formType', message: `the form type ${flow.formType} is already described by ${firstForm}`, hint: 'keep one flow file per form type' });
    else forms.set(flow.formType, file);
    flow.pages.forEach((page, p) => {
      const where = `${file} ${ptr('pages', p)}`;
      const seenId = ids.get(page.id);
      if (seenId) issues.push({ file, pointer: ptr('pages', p, 'id'), message: `page id "${page.id}" is already used at ${seenId}`, hint: 'page ids are unique across all flows; prefix it with the form, e.g. "exclusion-…"' });
      else ids.set(page.id, where);
      pageRoutes(page).forEach((route, r) => {
        const at = r === 0 ? ptr('pages', p, 'path') : ptr('pages', p, 'aliases', r - 1);
        const seen = routes.get(route);
        if (seen) issues.push({ file, pointer: at, message: `route "${route}" is already used at ${seen}`, hint: 'each path and alias opens exactly one page across all flows' });
        else routes.set(route, `${file} ${at}`);
      });
    });
  }
  return issues;
}

/** The fields a rule reads besides its own, and where each is named in the rule (a JSON pointer tail). */
function ruleTargets(rule: RuleConfig): Array<{ name: string; at: string }> {
  const targets: Array<{ name: string; at: string }> = [];
  const named = (value: unknown, at: string) => typeof value === 'string' && targets.push({ name: value, at });
  named(rule.otherProperty, 'otherProperty');
  named(rule.startDateProperty, 'startDateProperty');
  if (Array.isArray(rule.conditions)) rule.conditions.forEach((c: { otherProperty?: unknown } | undefined, i: number) => named(c?.otherProperty, `conditions/${i}/otherProperty`));
  if (Array.isArray(rule.properties)) rule.properties.forEach((p: unknown, i: number) => named(p, `properties/${i}`));
  return targets;
}

/**
 * What is wrong with a field name a rule of `own` reads ('field' of its own model, or 'model.field'
 * of another model of the form type), or undefined when the field exists.
 */
function missingField(name: string, own: ModelConfig, models: readonly ModelConfig[]): { message: string; hint: string } | undefined {
  const formType = own.metadata.formType;
  const dot = name.indexOf('.');
  if (dot < 0) {
    if (Object.hasOwn(own.fields, name)) return undefined;
    return { message: `"${name}", which is not a field of the ${formType} model ${own.metadata.dtoMapping}`, hint: didYouMean(name, Object.keys(own.fields)) };
  }
  const siblings = models.filter((m) => m.metadata.formType === formType);
  const modelName = name.slice(0, dot);
  const field = name.slice(dot + 1);
  const model = siblings.find((m) => camelCase(m.metadata.dtoMapping) === modelName);
  if (!model) return { message: `"${name}", whose model "${modelName}" the form type ${formType} does not have`, hint: `the model part is a camel-cased dtoMapping; ${didYouMean(modelName, siblings.map((m) => camelCase(m.metadata.dtoMapping)))}` };
  if (Object.hasOwn(model.fields, field)) return undefined;
  return { message: `"${name}", and "${field}" is not a field of the ${formType} model ${model.metadata.dtoMapping}`, hint: didYouMean(field, Object.keys(model.fields)) };
}

/** What is wrong with a model config's `repeating` and `parent` (models/declared.ts), as pointers under its metadata. */
function declaredModelProblems(model: ModelConfig, models: readonly ModelConfig[]): Array<{ at: string; message: string; hint: string }> {
  const out: Array<{ at: string; message: string; hint: string }> = [];
  const { formType, dtoMapping, repeating, parent } = model.metadata;
  const key = camelCase(dtoMapping);
  if (repeating === true && SPEC_SINGLE_KEYS.includes(key)) out.push({ at: '/repeating', message: `${dtoMapping} is one of the submission's single models (spec §3) and cannot repeat`, hint: 'remove "repeating", or give the records a model of their own name' });
  if (repeating === false && SPEC_LIST_KEYS.includes(key)) out.push({ at: '/repeating', message: `${dtoMapping} is one of the submission's lists (spec §3) and always repeats`, hint: 'remove "repeating": false' });
  if (!parent) return out;
  if (!isRepeatingConfig(model)) out.push({ at: '/parent', message: `${dtoMapping} has a parent, but is answered once`, hint: 'add "repeating": true: only records belong to a parent record' });
  const siblings = models.filter((c) => c.metadata.formType === formType);
  const parentConfig = siblings.find((c) => c.metadata.dtoMapping === parent.model);
  if (!parentConfig) out.push({ at: '/parent/model', message: `the parent model "${parent.model}" is not a model of the form type ${formType}`, hint: didYouMean(parent.model, siblings.map((c) => c.metadata.dtoMapping)) });
  else if (!isRepeatingConfig(parentConfig)) out.push({ at: '/parent/model', message: `the parent model ${parent.model} is answered once, so it has no records to belong to`, hint: `declare ${parent.model} "repeating": true, or remove "parent"` });
  else if (parent.model === dtoMapping) out.push({ at: '/parent/model', message: `${dtoMapping} cannot be its own parent`, hint: 'name another repeating model' });
  const field = model.fields[parent.field];
  if (!field) out.push({ at: '/parent/field', message: `the link field "${parent.field}" is not a field of ${dtoMapping}`, hint: `${didYouMean(parent.field, Object.keys(model.fields))}, or add it with "dataType": "string"` });
  else if (field.dataType !== 'string') out.push({ at: '/parent/field', message: `the link field "${parent.field}" holds a record's clientId and must have "dataType": "string", not ${field.dataType}`, hint: 'set "dataType": "string"' });
  return out;
}

/** Checks of model configs a schema cannot express: unique (formType, dtoMapping), known rule types and parameters, fields the rules read that exist, message keys in every locale. */
export function checkModelConfigs(
  models: readonly ModelConfig[],
  file: string,
  context: Pick<CheckContext, 'ruleAdapters' | 'locales'> = {},
  base = '/models',
): FlowIssue[] {
  const issues: FlowIssue[] = [];
  const adapters = context.ruleAdapters ?? ruleAdapters;
  const seen = new Set<string>();
  models.forEach((model, m) => {
    const id = `${model.metadata.formType}/${model.metadata.dtoMapping}`;
    if (seen.has(id)) issues.push({ file, pointer: `${base}/${m}/metadata`, message: `${id} is declared twice`, hint: 'keep one entry per form type and dtoMapping' });
    seen.add(id);
    for (const issue of declaredModelProblems(model, models)) issues.push({ file, pointer: `${base}/${m}/metadata${issue.at}`, message: issue.message, hint: issue.hint });
    for (const [name, field] of Object.entries(model.fields)) {
      field.validations.forEach((rule, r) => {
        const at = `${base}/${m}/fields/${name}/validations/${r}`;
        const adapter = Object.hasOwn(adapters, rule.type) ? adapters[rule.type] : undefined;
        if (!adapter) {
          issues.push({ file, pointer: `${at}/type`, message: `unknown validation type "${rule.type}"`, hint: didYouMean(rule.type, Object.keys(adapters)) });
          return;
        }
        const problems = adapter.checkParams?.(rule) ?? [];
        for (const problem of problems) issues.push({ file, pointer: at, message: `${rule.type}: ${problem}`, hint: 'fix the rule parameters' });
        if (problems.length === 0) {
          for (const target of ruleTargets(rule)) {
            const problem = missingField(target.name, model, models);
            if (problem) issues.push({ file, pointer: `${at}/${target.at}`, message: `the ${rule.type} rule of "${name}" names ${problem.message}`, hint: problem.hint });
          }
        }
        const key = rule.messageKey;
        if (key && context.locales) {
          for (const [localeFile, texts] of Object.entries(context.locales)) {
            if (!Object.hasOwn(texts, key)) issues.push({ file, pointer: `${at}/messageKey`, message: `localization key "${key}" is missing from ${localeFile}`, hint: `add "${key}" to every locale file` });
          }
        }
      });
    }
  });
  return issues;
}

/** Locale files must have the same keys: each key missing from one file is reported there. */
export function checkLocaleKeySets(locales: Readonly<Record<string, Readonly<Record<string, string>>>>): FlowIssue[] {
  const issues: FlowIssue[] = [];
  const all = new Map<string, string>();
  for (const [file, texts] of Object.entries(locales)) for (const key of Object.keys(texts)) if (key !== '$schema' && !all.has(key)) all.set(key, file);
  for (const [file, texts] of Object.entries(locales)) {
    for (const [key, from] of all) {
      if (!Object.hasOwn(texts, key)) issues.push({ file, pointer: '', message: `localization key "${key}" (in ${from}) is missing`, hint: `add "${key}" with a text in this culture` });
    }
  }
  // A translation that drops a placeholder drops what it stands for (a date, a size); one it adds
  // shows as typed. Each text of a key holds the placeholders of the key's text in the first file.
  const placeholders = (text: unknown) => (typeof text === 'string' ? [...new Set(text.match(/\{(?:\d+|[A-Za-z_]\w*)\}/g))].sort() : []);
  const [first, ...others] = Object.entries(locales);
  if (!first) return issues;
  const [firstFile, firstTexts] = first;
  for (const [file, texts] of others) {
    for (const [key, text] of Object.entries(texts)) {
      if (key === '$schema' || !Object.hasOwn(firstTexts, key)) continue;
      const expected = placeholders(firstTexts[key]);
      const found = placeholders(text);
      const missing = expected.filter((p) => !found.includes(p));
      const extra = found.filter((p) => !expected.includes(p));
      if (!missing.length && !extra.length) continue;
      const said = [missing.length ? `lacks ${missing.join(', ')}` : '', extra.length ? `has ${extra.join(', ')}, which ${firstFile} does not` : ''].filter(Boolean).join(' and ');
      issues.push({ file, pointer: ptr(key), message: `the text of "${key}" ${said}: ${missing.length ? 'what it stands for would not be shown' : 'it would show as written'}`, hint: `use the placeholders of ${firstFile}: ${expected.join(', ') || 'none'}` });
    }
  }
  return issues;
}
