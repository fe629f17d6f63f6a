import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import type { FieldConfig, FieldDataType, ModelConfig, RuleConfig } from '../core/types';
import type { FieldWidgetProps } from '../widgets/types';
import { fieldRules } from '../core/view/field-state';

/** Custom schema keywords carrying the rule engine's input; the validator bridge reads them. */
export const RULES_KEYWORD = 'x-rules';
export const DATA_TYPE_KEYWORD = 'x-dataType';

export type RuleSchema = RJSFSchema & { [RULES_KEYWORD]?: RuleConfig[]; [DATA_TYPE_KEYWORD]?: FieldDataType };

function jsonType(dataType: FieldDataType | undefined, widget: FieldConfig['widget']): RJSFSchema['type'] {
  if (widget === 'checkbox' || dataType === 'boolean') return ['boolean', 'null'];
  if (dataType === 'number') return ['number', 'string', 'null'];
  return ['string', 'null'];
}

/**
 * JSON Schema of the fields a block shows, from the model config: one property per field in flow
 * order, its type from the field's data type, and its rules (server rules plus the flow's) under
 * x-rules, so the validator bridge runs the one rule engine.
 */
export function buildModelSchema(config: ModelConfig | null, fields: FieldConfig[]): RuleSchema {
  const properties: Record<string, RuleSchema> = {};
  for (const field of fields) {
    const dataType = config?.fields[field.key]?.dataType;
    properties[field.key] = { type: jsonType(dataType, field.widget), [RULES_KEYWORD]: fieldRules(field, config), ...(dataType ? { [DATA_TYPE_KEYWORD]: dataType } : {}) };
  }
  return { type: 'object', properties };
}

/** The widget props computed for one field, carried to the rjsf widget through ui:options. */
export type ComputedWidgetProps = Omit<FieldWidgetProps, 'onChange' | 'onBlur' | 'onFile'>;

export const WIDGET_PROPS_OPTION = 'cfWidgetProps';

/** uiSchema of a block: our widget per field (by its flow name), the computed props, no submit button. */
export function buildUiSchema(fields: FieldConfig[], computed: Record<string, ComputedWidgetProps>): UiSchema {
  const ui: UiSchema = { 'ui:order': fields.map((f) => f.key), 'ui:submitButtonOptions': { norender: true } };
  for (const field of fields) {
    const props = computed[field.key];
    if (!props) continue;
    ui[field.key] = { 'ui:widget': field.widget, 'ui:options': { [WIDGET_PROPS_OPTION]: props, label: false } };
  }
  return ui;
}
