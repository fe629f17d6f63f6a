import { HiddenWidget } from './hidden';
import { CheckboxWidget, DateWidget, FileWidget, RadioWidget, SelectWidget, TextareaWidget } from './later';
import { TextWidget } from './text';
import type { WidgetRegistry } from './types';

/** Field widgets by the name flow files use (FieldConfig.widget). */
export const WIDGETS: WidgetRegistry = {
  text: TextWidget,
  textarea: TextareaWidget,
  date: DateWidget,
  file: FileWidget,
  hidden: HiddenWidget,
  radio: RadioWidget,
  select: SelectWidget,
  checkbox: CheckboxWidget,
};

export { CheckboxWidget, DateWidget, FileWidget, HiddenWidget, RadioWidget, SelectWidget, TextWidget, TextareaWidget };
export { preloadWidgets } from './later';
export * from './types';
