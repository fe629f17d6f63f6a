import { CheckboxWidget } from './checkbox';
import { DateWidget } from './date';
import { FileWidget } from './file';
import { HiddenWidget } from './hidden';
import { RadioWidget } from './radio';
import { SelectWidget } from './select';
import { TextWidget } from './text';
import { TextareaWidget } from './textarea';
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
export * from './types';
