import type { FieldTemplateProps, ObjectFieldTemplateProps, RegistryWidgetsType, RJSFSchema, UiSchema, WidgetProps } from '@rjsf/utils';
import { createElement, type ComponentType, type ReactNode } from 'react';

/**
 * A model block's form: the part of @rjsf/core's Form that our model blocks use, without the rest of
 * @rjsf/core and @rjsf/utils in the browser (about 45 KB gz, which the form pages' JS budget cannot
 * carry; see docs/decisions/002-renderer-bundle.md).
 *
 * It takes the same props ModelFields gave rjsf's Form and renders what rjsf rendered for them:
 * the form tag, then the ObjectFieldTemplate with the block's title and one property per schema
 * property in ui:order, each the FieldTemplate around the registry widget named by its ui:widget,
 * with the property's ui:options and the registry's formContext. The schemas a model block builds
 * are flat (one primitive property per field: no $ref, allOf, oneOf, arrays or nested objects),
 * there is no submit button or error list (ui:submitButtonOptions norender, showErrorList false), and
 * the widgets take their value, errors and handlers from the computed props and the form context;
 * so rjsf's form state, defaults and live validation never showed in the page. Every rule runs in the
 * rule engine, as before (the validator is kept for the same props; rjsf never called it here either).
 */
export interface ModelFormProps {
  schema: RJSFSchema;
  uiSchema?: UiSchema;
  widgets: RegistryWidgetsType;
  templates: {
    FieldTemplate: ComponentType<FieldTemplateProps>;
    ObjectFieldTemplate: ComponentType<ObjectFieldTemplateProps>;
  };
  formContext?: unknown;
  tagName?: string;
  className?: string;
  formData?: unknown;
  validator?: object;
  noHtml5Validate?: boolean;
  showErrorList?: false | 'top' | 'bottom';
  idPrefix?: string;
  idSeparator?: string;
}

const SUPPORTED_KEYWORDS = new Set(['type', 'properties', 'title']);

function assertFlat(schema: RJSFSchema) {
  const unsupported = Object.keys(schema).filter((k) => !SUPPORTED_KEYWORDS.has(k));
  if (schema.type !== 'object' || unsupported.length > 0) {
    throw new Error(`A model block's schema is a flat object of fields; got ${JSON.stringify({ type: schema.type, keywords: unsupported })}`);
  }
}

function order(names: string[], uiOrder: unknown): string[] {
  if (!Array.isArray(uiOrder)) return names;
  const listed = (uiOrder as string[]).filter((n) => names.includes(n));
  return [...listed, ...names.filter((n) => !listed.includes(n))];
}

export default function ModelForm(props: ModelFormProps) {
  const { schema, uiSchema = {}, widgets, templates, formContext = {}, idPrefix = 'root', idSeparator = '_' } = props;
  assertFlat(schema);
  const properties = (schema.properties ?? {}) as Record<string, RJSFSchema>;
  const registry = { formContext, widgets, templates } as unknown as WidgetProps['registry'];
  const { FieldTemplate, ObjectFieldTemplate } = templates;

  const rendered = order(Object.keys(properties), uiSchema['ui:order']).map((name) => {
    const fieldUi = (uiSchema[name] ?? {}) as UiSchema;
    const widgetName = fieldUi['ui:widget'];
    const Widget = typeof widgetName === 'string' ? (widgets[widgetName] as ComponentType<WidgetProps> | undefined) : undefined;
    if (!Widget) throw new Error(`No widget '${String(widgetName)}' for the field ${name}`);
    const id = `${idPrefix}${idSeparator}${name}`;
    const options = (fieldUi['ui:options'] ?? {}) as WidgetProps['options'];
    const widgetProps = { id, name, schema: properties[name], uiSchema: fieldUi, options, registry, label: name, hideLabel: options.label === false } as unknown as WidgetProps;
    const hidden = widgetName === 'hidden';
    const fieldProps = { id, children: <Widget {...widgetProps} />, hidden, registry, schema: properties[name], uiSchema: fieldUi } as unknown as FieldTemplateProps;
    return { name, hidden, content: <FieldTemplate key={name} {...fieldProps} /> };
  });

  const objectProps = { title: schema.title ?? '', properties: rendered, schema, uiSchema, registry } as unknown as ObjectFieldTemplateProps;
  const children: ReactNode = <ObjectFieldTemplate {...objectProps} />;
  return createElement(props.tagName ?? 'form', { className: props.className ?? 'rjsf', noValidate: props.noHtml5Validate }, children);
}
