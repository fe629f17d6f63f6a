import { assertComponentName, asText } from './field-parts';
import type { FieldWidgetProps } from './types';

/** A value carried on the model but not shown. */
export function HiddenWidget(props: FieldWidgetProps) {
  assertComponentName(HiddenWidget.componentName, props.componentName);
  return <input type="hidden" id={props.id} name={props.name} value={asText(props.value)} />;
}
HiddenWidget.componentName = 'hidden' as const;
