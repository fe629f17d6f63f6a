import { memo, useCallback, type ComponentType } from 'react';
import type { FieldValue, WidgetName } from '../core/types';
import type { FieldWidgetProps, WidgetRegistry } from './widget-types';

/** The widget props computed for one field from its view-model state; the handlers are added per field. */
export type ComputedWidgetProps = Omit<FieldWidgetProps, 'onChange' | 'onBlur' | 'onFile'>;

/** The handlers that turn a model's widget events into store changes (stable for the model). */
export interface FieldHandlers {
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

// Each widget memoized on its props: a keystroke re-renders the edited field (and those whose
// state it changes), not every field of the page. One set per registry.
const pureSets = new WeakMap<WidgetRegistry, Map<string, ComponentType<FieldWidgetProps>>>();

function pureWidgets(registry: WidgetRegistry): Map<string, ComponentType<FieldWidgetProps>> {
  let pure = pureSets.get(registry);
  if (!pure) {
    pure = new Map((Object.keys(registry) as WidgetName[]).map((name) => [name, memo(registry[name], sameWidgetProps)]));
    pureSets.set(registry, pure);
  }
  return pure;
}

/**
 * One field: the widget its config names, with its computed props and handlers bound to the field.
 * Memoized: a field whose props were not computed again (the same object) is not drawn again.
 */
export const FieldWidget = memo(function FieldWidget({ widgets, computed, handlers }: { widgets: WidgetRegistry; computed: ComputedWidgetProps; handlers: FieldHandlers }) {
  const field = computed.name;
  const onChange = useCallback((value: FieldValue) => handlers.onFieldChange(field, value), [handlers, field]);
  const onBlur = useCallback(() => handlers.onFieldBlur(field), [handlers, field]);
  const onFile = useCallback((file: File) => handlers.onFile(field, file), [handlers, field]);
  const Widget = pureWidgets(widgets).get(computed.componentName);
  if (!Widget) throw new Error(`No widget '${String(computed.componentName)}' for the field ${field}`);
  return <Widget {...computed} onChange={onChange} onBlur={onBlur} onFile={onFile} />;
});
