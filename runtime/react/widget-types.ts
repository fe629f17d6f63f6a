/** What the renderer hands a field widget: the contract every widget of the registry implements. */
import type { ReactElement } from 'react';
import type { CalendarDate } from '../core/dates';
import type { MaskDefinition } from '../core/masks';
import type { DocumentUpload, FieldValue, TextInputMode, TextInputType, WidgetName } from '../core/types';
import type { Translate } from '../core/view';

export type { Translate };

/**
 * Everything a field widget needs, computed before it renders (labels translated, required flag from
 * the rule engine, errors already validated). Widgets are plain markup over these props.
 */
export interface FieldWidgetProps {
  /** The widget named by the field config; a widget given another name raises WRONG_COMPONENT_NAME. */
  componentName: WidgetName | string;
  /** id of the input element; errors and help hang off it (`${id}-error`, `${id}-help`). */
  id: string;
  /** Field key on the model. */
  name: string;
  /** Translated label. */
  label: string;
  value: FieldValue;
  /** Shows the required marker (false when the config sets disableRequiredStyling). */
  required: boolean;
  disabled?: boolean;
  /** Messages of the field's failing rules, already translated and shown (the widget picks which). */
  errors: string[];
  touched?: boolean;
  placeholder?: string;
  /** Translated help text shown under the label. */
  help?: string;
  /** Screen-reader text beside the required marker, e.g. '(required)'. */
  requiredText?: string;
  /** text and date: the mask every edit is conformed to (core/masks). */
  mask?: MaskDefinition | null;
  inputGroup?: { prepend?: string; append?: string };
  /** radio and select: values and translated labels. */
  options?: Array<{ value: string; label: string }>;
  /** text: autocomplete tokens, input type and inputmode (select: autocomplete only). */
  autoComplete?: string;
  inputType?: TextInputType;
  inputMode?: TextInputMode;
  /** textarea rows (default 5). */
  rows?: number;
  /** date: bounds from the range rule. */
  min?: CalendarDate | null;
  max?: CalendarDate | null;
  /** file: the field config declares dependencies (unsupported). */
  hasDependencies?: boolean;
  /** file: accepted types for the input's accept attribute. */
  accept?: string;
  /** file: the upload of the chosen document to the claim in progress (absent before one is chosen). */
  upload?: DocumentUpload;
  /** Translator for widget chrome (calendar button, file chooser). */
  t?: Translate;
  /** The claimant's edit. Empty string is stored as null by the store. */
  onChange: (value: FieldValue) => void;
  onBlur?: () => void;
  /** file: the chosen file (the renderer keeps it beside the models as a DocumentFile). */
  onFile?: (file: File) => void;
}

/** A field widget component with the name it answers to in flow files. */
export interface FieldWidget {
  (props: FieldWidgetProps): ReactElement | null;
  componentName: WidgetName;
}

/** Field widgets by the name flow files use (FieldConfig.widget); the app passes it to the renderer. */
export type WidgetRegistry = Record<WidgetName, (props: FieldWidgetProps) => ReactElement | null>;
