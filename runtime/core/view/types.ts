import type { RuleContext } from '../rules/types';
import type { FieldValue } from '../types';

/** A translator: localization key plus {0}-style arguments; a missing key shows the key itself. */
export type Translate = (key: string, ...args: Array<string | number>) => string;

/** Settlement settings that change which fields a page shows. */
export interface ViewSettings {
  /** Address blocks show the international row and the country selector. */
  internationalAddresses?: boolean;
}

/** What the rule engine needs besides the values (the clock and the whitelist are injected). */
export interface ValidationEnv {
  t: Translate;
  whitelist: string | null;
  now: Date;
  /** The rule adapters to use; the full registry when absent. */
  adapters?: RuleContext['adapters'];
}

/** A field error as validatePage reports it and the error summary lists it. */
export interface PageFieldError {
  /** DOM id of the input to focus. */
  fieldId: string;
  /** clientId of the model or record the field sits on ('' for block-level messages). */
  clientId: string;
  /** Field key on the model, or the block's model name for block-level messages. */
  field: string;
  message: string;
  /** The field's translated label, when it has one (the summary link reads 'Label: message'). */
  label?: string;
  /** The message names its field ("Enter your first name"): the summary shows it without the label. */
  namesField?: boolean;
}

/** The computed state of one field, the widget's input (spec §4 field states). */
export interface FieldState {
  visible: boolean;
  disabled: boolean;
  /** Required marker shown (the rules say required and the config does not disable the styling). */
  required: boolean;
  /** Mask name in force: a holding dependency's override, else the config's. */
  maskName: string | null;
  /** Value to store while a dependency does not hold, when it differs from the current one. */
  reset: { value: FieldValue } | null;
  /** Every message of the field's failing rules (hidden and disabled fields have none). */
  errors: string[];
  /** The first message names its field ("Enter first name"), so a summary line needs no label before it. */
  firstErrorNamesField?: boolean;
}
