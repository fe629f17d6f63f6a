/**
 * The studio's form generated from a JSON Schema: @rjsf/core validated live by ajv against that
 * schema, with no submit of its own (each change is an edit) and no defaults filled in, so a form
 * writes only what the author typed (a minimal diff).
 */
import Form, { type FormProps } from '@rjsf/core';
import validator from '@rjsf/validator-ajv8';

const NO_DEFAULTS = { arrayMinItems: { populate: 'never' }, emptyObjectFields: 'skipDefaults', allOf: 'skipDefaults', constAsDefaults: 'never' } as const;

export function SchemaForm(props: Omit<FormProps, 'validator'>) {
  return <Form validator={validator} liveValidate="onChange" showErrorList={false} noHtml5Validate experimental_defaultFormStateBehavior={NO_DEFAULTS} {...props} />;
}
