import type { FieldTemplateProps, ObjectFieldTemplateProps, RegistryWidgetsType, WidgetProps } from '@rjsf/utils';
import { memo, useCallback, type ReactElement } from 'react';
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

/** Equal values, or arrays / plain objects whose items are equal values or shallowly equal plain objects. */
function sameValue(a: unknown, b: unknown, depth = 0): boolean {
  if (Object.is(a, b)) return true;
  if (depth > 1 || typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((item, i) => sameValue(item, b[i], depth + 1));
  if (Object.getPrototypeOf(a) !== Object.prototype || Object.getPrototypeOf(b) !== Object.prototype) return false;
  const keysA = Object.keys(a);
  return keysA.length === Object.keys(b).length && keysA.every((k) => sameValue((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], depth + 1));
}

/** Widget props compare equal when every prop does (errors, options and bounds are recomputed each render). */
export function sameWidgetProps(a: FieldWidgetProps, b: FieldWidgetProps): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]) as Set<keyof FieldWidgetProps>;
  for (const key of keys) if (!sameValue(a[key], b[key])) return false;
  return true;
}

/**
 * Wraps one of our plain widgets as an rjsf widget: props come computed through ui:options. The
 * widget is memoized with stable handlers, so a keystroke re-renders the edited field (and those
 * whose state it changes), not every field of the page.
 */
function adapt(Widget: (props: FieldWidgetProps) => ReactElement | null) {
  const Pure = memo(Widget, sameWidgetProps);
  function RjsfWidget(props: WidgetProps) {
    const computed = props.options[WIDGET_PROPS_OPTION] as ComputedWidgetProps;
    const context = props.registry.formContext as ModelFormContext;
    const field = computed.name;
    const onChange = useCallback((value: FieldValue) => context.onFieldChange(field, value), [context, field]);
    const onBlur = useCallback(() => context.onFieldBlur(field), [context, field]);
    const onFile = useCallback((file: File) => context.onFile(field, file), [context, field]);
    return <Pure {...computed} onChange={onChange} onBlur={onBlur} onFile={onFile} />;
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
