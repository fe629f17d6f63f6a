import type { FieldTemplateProps, ObjectFieldTemplateProps, RegistryWidgetsType, WidgetProps } from '@rjsf/utils';
import type { ReactElement } from 'react';
import type { FieldValue, WidgetName } from '../core/types';
import { WIDGETS } from '../widgets';
import type { FieldWidgetProps } from '../widgets/types';
import { WIDGET_PROPS_OPTION, type ComputedWidgetProps } from './schema';

/** What the rjsf form context carries: the handlers that turn widget events into store changes. */
export interface ModelFormContext {
  onFieldChange(field: string, value: FieldValue): void;
  onFieldBlur(field: string): void;
  onFile(field: string, file: File): void;
}

/** Wraps one of our plain widgets as an rjsf widget: props come computed through ui:options. */
function adapt(Widget: (props: FieldWidgetProps) => ReactElement | null) {
  function RjsfWidget(props: WidgetProps) {
    const computed = props.options[WIDGET_PROPS_OPTION] as ComputedWidgetProps;
    const context = props.registry.formContext as ModelFormContext;
    const field = computed.name;
    return (
      <Widget
        {...computed}
        onChange={(value) => context.onFieldChange(field, value)}
        onBlur={() => context.onFieldBlur(field)}
        onFile={(file) => context.onFile(field, file)}
      />
    );
  }
  return RjsfWidget;
}

/** Our widgets under their flow names, for rjsf's registry. */
export const RJSF_WIDGETS: RegistryWidgetsType = Object.fromEntries(
  (Object.keys(WIDGETS) as WidgetName[]).map((name) => [name, adapt(WIDGETS[name])]),
) as RegistryWidgetsType;

/** The widget renders its own label, help and errors; the template adds nothing around it. */
function FieldTemplate(props: FieldTemplateProps) {
  return props.children;
}

/** A model block's fields: a fieldset with the block's legend, or a plain group without one. */
function ObjectFieldTemplate(props: ObjectFieldTemplateProps) {
  const content = props.properties.map((p) => p.content);
  if (props.title) {
    return (
      <fieldset className="cf-fieldset">
        <legend className="cf-fieldset__legend">{props.title}</legend>
        {content}
      </fieldset>
    );
  }
  return <div className="cf-fields">{content}</div>;
}

export const RJSF_TEMPLATES = { FieldTemplate, ObjectFieldTemplate };
