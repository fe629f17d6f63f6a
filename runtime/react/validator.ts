import type { CustomValidator, ErrorSchema, ErrorTransformer, RJSFSchema, RJSFValidationError, UiSchema, ValidationData, ValidatorType } from '@rjsf/utils';
import type { ConditionScope } from '../core/conditions/evaluate';
import { validateValue } from '../core/rules';
import type { FieldValue } from '../core/types';
import { ruleContext } from '../core/view/field-state';
import { DATA_TYPE_KEYWORD, RULES_KEYWORD, type RuleSchema } from './schema';
import type { ValidationEnv } from './types';

type Data = Record<string, FieldValue> | undefined;

/** Runs the rules each property of the schema carries (x-rules) on the form data. */
function runRules(formData: Data, schema: RJSFSchema, env: ValidationEnv, models: ConditionScope['models']): Record<string, string[]> {
  const own = formData ?? {};
  const ctx = ruleContext(env, models, own);
  const out: Record<string, string[]> = {};
  for (const [field, property] of Object.entries(schema.properties ?? {})) {
    if (typeof property !== 'object') continue;
    const rules = (property as RuleSchema)[RULES_KEYWORD] ?? [];
    const messages = validateValue(own[field] ?? null, rules, field, ctx, { dataType: (property as RuleSchema)[DATA_TYPE_KEYWORD] });
    if (messages.length > 0) out[field] = messages;
  }
  return out;
}

/**
 * rjsf's ValidatorType over our rule engine (in place of an ajv validator): the schema's x-rules
 * are the server-declared rules, evaluated with the injected clock, whitelist, translator and the
 * other models of the form.
 */
export function createRulesValidator(env: ValidationEnv, models: ConditionScope['models']): ValidatorType<Data> {
  const validateFormData = (
    formData: Data,
    schema: RJSFSchema,
    // Custom validators are not used: every rule is server-declared and runs in the engine.
    _customValidate?: CustomValidator<Data>,
    transformErrors?: ErrorTransformer<Data>,
    uiSchema?: UiSchema<Data>,
  ): ValidationData<Data> => {
    const byField = runRules(formData, schema, env, models);
    let errors: RJSFValidationError[] = [];
    const errorSchema: Record<string, { __errors: string[] }> = {};
    for (const [field, messages] of Object.entries(byField)) {
      errorSchema[field] = { __errors: messages };
      for (const message of messages) errors.push({ name: 'rules', property: `.${field}`, message, stack: `${field}: ${message}`, schemaPath: `#/properties/${field}` });
    }
    if (transformErrors) errors = transformErrors(errors, uiSchema);
    return { errors, errorSchema: errorSchema as ErrorSchema<Data> };
  };
  return {
    validateFormData,
    isValid: (schema, formData) => Object.keys(runRules(formData, schema, env, models)).length === 0,
    rawValidation: <Result = unknown>(schema: RJSFSchema, formData?: Data) => ({
      errors: validateFormData(formData, schema).errors as unknown as Result[],
    }),
  };
}
