/**
 * Generated from schemas/flow.schema.json by `npm run schemas:types` (scripts/schemas-types.ts).
 * Do not edit: change the schema, then run the command again.
 */

/**
 * A condition: { scope, schema } tests one field ('field' of the same model or record, or 'model.field' with the camel-cased dtoMapping) against a JSON Schema subset; { all }, { any } and { not } combine conditions.
 *
 * This interface was referenced by `FlowFile`'s JSON-Schema
 * via the `definition` "condition".
 */
export type Condition =
  | {
      /**
       * The field tested: 'field' or 'model.field' (e.g. claimDetails.isCurrentOwner).
       */
      scope: string;
      /**
       * What the field's value must satisfy.
       */
      schema: ConditionSchema;
    }
  | {
      /**
       * Holds when every condition holds.
       *
       * @minItems 1
       */
      all: Condition[];
    }
  | {
      /**
       * Holds when at least one condition holds.
       *
       * @minItems 1
       */
      any: Condition[];
    }
  | {
      /**
       * Holds when this condition does not.
       */
      not: Condition;
    };
/**
 * A screen block; `block` names its kind: header, copy, model, address, records, feedback, captcha, summary, confirmation, lookupResult.
 *
 * This interface was referenced by `FlowFile`'s JSON-Schema
 * via the `definition` "block".
 */
export type Block =
  | HeaderBlock
  | CopyBlock
  | ModelBlock
  | AddressBlock
  | RecordsBlock
  | FeedbackBlock
  | CaptchaBlock
  | SummaryBlock
  | ConfirmationBlock
  | LookupResultBlock;

/**
 * One form of a settlement: its routes (pages), the blocks and fields on each page, skip rules and deadlines. Data only: widgets, masks and rules are names resolved through registries. Check with `npm run flows:check`.
 */
export interface FlowFile {
  /**
   * Path of this JSON Schema, so editors complete and check the file.
   */
  $schema?: string;
  /**
   * Format version of the flow file; migrations key on it.
   */
  version: 1;
  /**
   * The form this file describes: a form id of the settlement's forms.json, or without one Automotive, Lookup or Exclusion (the spec's three forms).
   */
  formType: string;
  /**
   * Localization key of the form's name (e.g. Automotive claim). Each page's browser title names the page, this form and the settlement (LocKey_Site_Title): Claimant information – Automotive claim – <settlement>. Without it the title names the page and the settlement.
   */
  titleKey?: string;
  /**
   * Deadlines checked in order by the route guard before each page of this form (spec §2); when now is later than one of them, the visitor is redirected.
   *
   * @minItems 1
   */
  deadlineKeys: ('globalDeadline' | 'lookupFilingDeadline' | 'exclusionFilingDeadline' | 'claimFilingDeadline')[];
  /**
   * The authorize call of this form (credentials + captcha).
   */
  authorize: Endpoint;
  /**
   * The create call of this form; absent when there is none (Lookup).
   */
  submit?: Endpoint;
  /**
   * PascalCase dtoMappings this form uses, in payload order; each needs a model config of this form type.
   *
   * @minItems 1
   */
  models: string[];
  /**
   * The pages in flow order (pages with inFlow false are reachable by address only).
   *
   * @minItems 1
   */
  pages: Page[];
}
/**
 * An API call.
 *
 * This interface was referenced by `FlowFile`'s JSON-Schema
 * via the `definition` "endpoint".
 */
export interface Endpoint {
  /**
   * Path of the call, e.g. /api/forms/automotive/authorize.
   */
  endpoint: string;
  /**
   * HTTP method.
   */
  method: 'POST';
}
/**
 * One page (route) of the form.
 *
 * This interface was referenced by `FlowFile`'s JSON-Schema
 * via the `definition` "page".
 */
export interface Page {
  /**
   * Short id, unique across all flows: start, claimant-info, denials.
   */
  id: string;
  /**
   * Canonical route, unique across all flows: /automotive/claimant-info.
   */
  path: string;
  /**
   * Extra routes for the same page, e.g. ['/', '/automotive/'].
   */
  aliases?: string[];
  /**
   * Localization key of the page title.
   */
  titleKey: string;
  /**
   * false for pages that exist but are not in the flow (payment-election). Default true.
   */
  inFlow?: boolean;
  /**
   * Visitors whose form is not authorized go to /session-expired.
   */
  requiresAuthorization: boolean;
  /**
   * Whether the session timer and its warning run on this page (false on start pages).
   */
  sessionTimeout: boolean;
  /**
   * When this condition holds, next and back skip the page and its answers are pruned before submit.
   */
  skipWhen?: Condition;
  /**
   * What the primary button does: next page, authorize, lookup, submit, or none (no button).
   */
  action?: 'next' | 'authorize' | 'lookup' | 'submit' | 'none';
  /**
   * Localization key of the primary button; defaults per action.
   */
  actionLabelKey?: string;
  /**
   * The blocks of the page, top to bottom.
   *
   * @minItems 1
   */
  blocks: Block[];
}
/**
 * JSON Schema subset evaluated against a field value: const, enum, not, pattern, minLength, maxLength, type, anyOf, allOf.
 *
 * This interface was referenced by `FlowFile`'s JSON-Schema
 * via the `definition` "conditionSchema".
 */
export interface ConditionSchema {
  /**
   * The value must equal this (radio answers are strings: "true").
   */
  const?: string | number | boolean | null;
  /**
   * The value must be one of these.
   */
  enum?: (string | number | boolean | null)[];
  /**
   * The value must not satisfy this.
   */
  not?: ConditionSchema;
  /**
   * A string value must match this regular expression.
   */
  pattern?: string;
  /**
   * A string value has at least this many characters.
   */
  minLength?: number;
  /**
   * A string value has at most this many characters.
   */
  maxLength?: number;
  /**
   * The value's type (null for empty).
   */
  type?: ('string' | 'number' | 'boolean' | 'null') | ('string' | 'number' | 'boolean' | 'null')[];
  /**
   * At least one of these holds.
   */
  anyOf?: ConditionSchema[];
  /**
   * All of these hold.
   */
  allOf?: ConditionSchema[];
}
/**
 * A heading.
 *
 * This interface was referenced by `FlowFile`'s JSON-Schema
 * via the `definition` "headerBlock".
 */
export interface HeaderBlock {
  /**
   * Block kind.
   */
  block: 'header';
  /**
   * Names the block, unique on its page, so that a folder extending this one can patch or remove it by name (docs/configuring.md, "Extending a settlement").
   */
  id?: string;
  /**
   * The block shows only while this condition holds.
   */
  when?: Condition;
  /**
   * Heading tag.
   */
  element: 'h1' | 'h2' | 'h3' | 'h4';
  /**
   * Localization key of the heading text.
   */
  textKey: string;
}
/**
 * Paragraphs of localized copy; values may contain inline HTML but no p, li, ul or ol tags.
 *
 * This interface was referenced by `FlowFile`'s JSON-Schema
 * via the `definition` "copyBlock".
 */
export interface CopyBlock {
  /**
   * Block kind.
   */
  block: 'copy';
  /**
   * Names the block, unique on its page, so that a folder extending this one can patch or remove it by name (docs/configuring.md, "Extending a settlement").
   */
  id?: string;
  /**
   * The block shows only while this condition holds.
   */
  when?: Condition;
  /**
   * Localization keys, one per paragraph.
   *
   * @minItems 1
   */
  paragraphs: string[];
}
/**
 * The fields of one single-instance model (Credentials, ClaimantInfo, ClaimDetails, Signature …).
 *
 * This interface was referenced by `FlowFile`'s JSON-Schema
 * via the `definition` "modelBlock".
 */
export interface ModelBlock {
  /**
   * Block kind.
   */
  block: 'model';
  /**
   * Names the block, unique on its page, so that a folder extending this one can patch or remove it by name (docs/configuring.md, "Extending a settlement").
   */
  id?: string;
  /**
   * The block shows only while this condition holds.
   */
  when?: Condition;
  /**
   * PascalCase dtoMapping of a model config of this form type.
   */
  model: string;
  /**
   * Localization key of the fieldset legend.
   */
  legendKey?: string;
  /**
   * The fields shown, in order; each key must be a field of the model.
   *
   * @minItems 1
   */
  fields: Field[];
}
/**
 * One field (spec §3 field config).
 *
 * This interface was referenced by `FlowFile`'s JSON-Schema
 * via the `definition` "field".
 */
export interface Field {
  /**
   * Field name in the model config of the block's model.
   */
  key: string;
  /**
   * Widget that renders the field.
   */
  widget: 'text' | 'textarea' | 'date' | 'file' | 'hidden' | 'radio' | 'select' | 'checkbox';
  /**
   * Localization key of the label.
   */
  label: string;
  /**
   * Localization key of the placeholder.
   */
  placeholder?: string;
  /**
   * Localization key of help text shown under the field.
   */
  helpKey?: string;
  /**
   * For a sign-in field: localization key of the help shown under it on the claim status page (/status) instead of its help text, where that text speaks of filing ("to have your details filled in").
   */
  statusHelpKey?: string;
  /**
   * Value set when the field is empty.
   */
  defaultValue?: string | number | boolean | null;
  /**
   * Input mask from the mask registry (e.g. vin, phoneUS, zipUS, date).
   */
  maskName?: string;
  /**
   * Extra client-side rules on top of the server's.
   *
   * Items: An extra client-side rule, same shape as the server's rules: `type` names an adapter of the rule registry, other properties are its parameters.
   */
  validations?: {
    /**
     * Rule kind (spec §5), e.g. required, maxLength, regularExpression.
     */
    type: string;
    /**
     * Literal message; avoid in flows, prefer messageKey.
     */
    message?: string | null;
    /**
     * Localization key of the message.
     */
    messageKey?: string | null;
    [k: string]: unknown;
  }[];
  /**
   * This field's messages by rule type: localization keys with the rule's placeholders, e.g. { "required": "LocKey_ClaimantInfo_FirstNameRequired" }. They win over the rule's own message and the default; the error summary shows them alone, so name the field in them ("Enter your first name"). A malformed date shows the validDate message; a conditional requirement (requiredIf, …) without its own message shows the required one. Without one, a missing value or a value that is not a date gets a message built from the label ("Enter first name", "Enter repair date, for example 3/15/2016").
   */
  messages?: {
    [k: string]: string;
  };
  /**
   * Key of the authorize response's prepopulatedData that fills this field while never edited.
   */
  prepopulatedDataKey?: string;
  /**
   * A secret the claimant gives (a PIN, an account number): never shown in a summary, never written in an e-mail. Default false.
   */
  secret?: boolean;
  /**
   * text and select: the input's autocomplete tokens, its purpose for autofill (WCAG 1.3.5): given-name, family-name, additional-name, email, tel, tel-national, address-line1, postal-code, country, username, current-password, one-time-code, off… Default: the address block's fields and the claimant's contact fields (ClaimantInfo firstName, middleInitial, lastName, emailAddress, phoneNumber, alternatePhoneNumber) have theirs; other fields none.
   */
  autocomplete?: string;
  /**
   * text: the input's type. email and tel bring the matching phone keyboard (a masked field stays text for email, whose caret cannot be placed). Default: text; email for emailAddress and tel for the phone numbers of the claimant's contact fields.
   */
  inputType?: 'text' | 'email' | 'tel';
  /**
   * text: the inputmode, the phone keyboard without changing the type (numeric for a PIN, decimal for an amount). Default: none.
   */
  inputMode?: 'text' | 'numeric' | 'decimal' | 'tel' | 'email' | 'url' | 'search' | 'none';
  /**
   * Apply prepopulated data even after the field was edited.
   */
  overrideEverDirtyFieldConstraint?: boolean;
  /**
   * Do not show the required marker on the label.
   */
  disableRequiredStyling?: boolean;
  /**
   * Text before or after the input (e.g. a currency symbol).
   */
  inputGroupConfig?: {
    /**
     * Localization key of the text before the input.
     */
    prepend?: string;
    /**
     * Localization key of the text after the input.
     */
    append?: string;
  };
  /**
   * Options of a radio or select field.
   *
   * @minItems 1
   *
   * Items: One option.
   */
  options?: {
    /**
     * Stored value (a string; booleans as "true"/"false").
     */
    value: string;
    /**
     * Localization key of the option label.
     */
    label: string;
  }[];
  /**
   * Localization key of a select's placeholder option.
   */
  placeholderKey?: string;
  /**
   * Rows of a textarea (default 5).
   */
  rows?: number;
  /**
   * The field shows (or is enabled) only while each dependency's condition holds.
   *
   * Items: One dependency.
   */
  dependencies?: {
    /**
     * Condition on other fields.
     */
    when: Condition;
    /**
     * What happens while the condition does not hold (default hide).
     */
    behavior?: 'hide' | 'disable';
    /**
     * Value stored while the condition does not hold (default null).
     */
    resetValue?: string | number | boolean | null;
    /**
     * Mask from the mask registry applied while the condition holds.
     */
    maskOverride?: string;
  }[];
}
/**
 * The address form of spec §2 (street lines, city/state/ZIP for the US; international row when enabled) on a model holding the address fields of spec §3.
 *
 * This interface was referenced by `FlowFile`'s JSON-Schema
 * via the `definition` "addressBlock".
 */
export interface AddressBlock {
  /**
   * Block kind.
   */
  block: 'address';
  /**
   * Names the block, unique on its page, so that a folder extending this one can patch or remove it by name (docs/configuring.md, "Extending a settlement").
   */
  id?: string;
  /**
   * The block shows only while this condition holds.
   */
  when?: Condition;
  /**
   * PascalCase dtoMapping of the model holding mailingStreetLine1 … mailingCountry.
   */
  model: string;
  /**
   * Localization key of the fieldset legend.
   */
  legendKey?: string;
  /**
   * Offer the international row and the country selector (the app setting internationalAddresses must also be on).
   */
  international: boolean;
  /**
   * Address field name to the key of the authorize response's prepopulatedData that fills it.
   */
  prepopulatedDataKeys?: {
    [k: string]: string;
  };
}
/**
 * Repeating records of one model with a record manager (Add more, Cancel, Upload) and a display row per saved record.
 *
 * This interface was referenced by `FlowFile`'s JSON-Schema
 * via the `definition` "recordsBlock".
 */
export interface RecordsBlock {
  /**
   * Block kind.
   */
  block: 'records';
  /**
   * Names the block, unique on its page, so that a folder extending this one can patch or remove it by name (docs/configuring.md, "Extending a settlement").
   */
  id?: string;
  /**
   * The block shows only while this condition holds.
   */
  when?: Condition;
  /**
   * PascalCase dtoMapping of a repeating model (ClaimTransactions, DocumentContexts).
   */
  model: string;
  /**
   * Field values every record of this block carries; also the filter that selects the block's records.
   */
  fixedValues?: {
    [k: string]: string | number | boolean | null;
  };
  /**
   * Localization key of the fieldset legend.
   */
  legendKey?: string;
  /**
   * The fields of the draft record, in order.
   *
   * @minItems 1
   */
  fields: Field[];
  /**
   * Fields shown in each saved record's display row (at most 11, as the row has edit and delete buttons).
   *
   * @minItems 1
   * @maxItems 11
   */
  displayFields: string[];
  /**
   * The minimum number of saved records before next (spec §3): a count, or a function of a dependency record written as data. Default minimum 0.
   */
  minimumInstances?: {
    /**
     * Minimum number of saved records (with cases: the minimum when no case holds).
     */
    count: number;
    /**
     * The minimum applies only while this condition holds (else it is 0). With a dependency, an unqualified scope reads the dependency record.
     */
    when?: Condition;
    /**
     * The dependency record: the one saved model of this dtoMapping with these field values. Unqualified scopes of when and cases read its fields; more than one matching record is an error.
     */
    dependency?: {
      /**
       * PascalCase dtoMapping of the dependency record's model.
       */
      model: string;
      /**
       * Field values that select the dependency record among the model's saved records.
       */
      fixedValues?: {
        [k: string]: string | number | boolean | null;
      };
    };
    /**
     * The minimum by the answers: the count of the first case whose condition holds; count when none holds.
     *
     * @minItems 1
     */
    cases?: {
      /**
       * Condition of this case (unqualified scopes read the dependency record).
       */
      when: Condition;
      /**
       * Minimum number of saved records while this case holds.
       */
      count: number;
    }[];
    /**
     * Localization key of the message; {0} is the minimum.
     */
    messageKey?: string;
  };
  /**
   * Records the block opens with when the page opens (spec §3): drafts are started until saved records and drafts number this many. Default 0.
   */
  initialInstances?: number;
  /**
   * 'None of the above' (spec §5): while the block has no saved record, a checkbox the claimant must tick to confirm that none applies. It is stored on a boolean field of a single-instance model, and set back to null once the list has a record.
   */
  noneConfirmation?: {
    /**
     * PascalCase dtoMapping of the single-instance model that stores the confirmation (e.g. ClaimDetails).
     */
    model: string;
    /**
     * Its boolean field.
     */
    field: string;
    /**
     * Localization key of the checkbox label. Default LocKey_Records_NoneApply.
     */
    labelKey?: string;
    /**
     * Localization key of the message while it is not ticked. Default LocKey_Records_NoneApplyRequired.
     */
    messageKey?: string;
  };
  /**
   * Required manager: at least one saved record, message shown once the form is dirty. true uses the default message; an object names its key.
   */
  required?:
    | boolean
    | {
        /**
         * Localization key of the message.
         */
        messageKey: string;
      };
  /**
   * Open a draft record when the page opens and the list has no record (a list with records opens closed, with Add more). A block whose minimum asks for a record opens one in the same way.
   */
  startDraft?: boolean;
  /**
   * Localization key of the Add more button.
   */
  addLabelKey?: string;
  /**
   * Localization key of the Upload (save) button.
   */
  saveLabelKey?: string;
  /**
   * After Upload saves a record, open a new empty draft under it at once. Default false: the saved record's form closes and the claimant presses Add more for another.
   */
  newDraftAfterSave?: boolean;
  /**
   * 'file': each record holds one file field and a file whose name is already saved is rejected; 'plain' otherwise (default).
   */
  kind?: 'file' | 'plain';
  /**
   * Options of a select field taken from the saved records of another model (e.g. a document linked to a repair).
   */
  linkOptions?: {
    /**
     * The select field of this block that holds the linked record's clientId.
     */
    field: string;
    /**
     * PascalCase dtoMapping of the model whose saved records are offered.
     */
    model: string;
    /**
     * Fields of the linked record joined to form the option label.
     *
     * @minItems 1
     */
    labelFields: string[];
  };
}
/**
 * A feedback box.
 *
 * This interface was referenced by `FlowFile`'s JSON-Schema
 * via the `definition` "feedbackBlock".
 */
export interface FeedbackBlock {
  /**
   * Block kind.
   */
  block: 'feedback';
  /**
   * Names the block, unique on its page, so that a folder extending this one can patch or remove it by name (docs/configuring.md, "Extending a settlement").
   */
  id?: string;
  /**
   * The block shows only while this condition holds.
   */
  when?: Condition;
  /**
   * Box style.
   */
  variant: 'default' | 'success' | 'warning';
  /**
   * Localization key of the text.
   */
  textKey: string;
}
/**
 * The invisible captcha widget; required on pages whose action is authorize, lookup or submit when captcha is enabled.
 *
 * This interface was referenced by `FlowFile`'s JSON-Schema
 * via the `definition` "captchaBlock".
 */
export interface CaptchaBlock {
  /**
   * Block kind.
   */
  block: 'captcha';
  /**
   * Names the block, unique on its page, so that a folder extending this one can patch or remove it by name (docs/configuring.md, "Extending a settlement").
   */
  id?: string;
  /**
   * The block shows only while this condition holds.
   */
  when?: Condition;
}
/**
 * A review of the answers, grouped, each group with an edit link back to its page (unless editLinks is false).
 *
 * This interface was referenced by `FlowFile`'s JSON-Schema
 * via the `definition` "summaryBlock".
 */
export interface SummaryBlock {
  /**
   * Block kind.
   */
  block: 'summary';
  /**
   * Names the block, unique on its page, so that a folder extending this one can patch or remove it by name (docs/configuring.md, "Extending a settlement").
   */
  id?: string;
  /**
   * The block shows only while this condition holds.
   */
  when?: Condition;
  /**
   * Localization key of the summary heading.
   */
  headerKey?: string;
  /**
   * Show each group's edit link (false on a page after the form was submitted, e.g. the confirmation).
   */
  editLinks?: boolean;
  /**
   * Groups of labelled values.
   *
   * @minItems 1
   *
   * Items: One group of the summary.
   */
  groups: {
    /**
     * Localization key of the group title.
     */
    titleKey: string;
    /**
     * Id of the page of this flow the edit link returns to.
     */
    editPage: string;
    /**
     * PascalCase dtoMapping of the model shown.
     */
    model: string;
    /**
     * Fields shown (labels come from the field configs of the edit page).
     *
     * @minItems 1
     */
    fields: string[];
    /**
     * For repeating models: only records with these values.
     */
    fixedValues?: {
      [k: string]: string | number | boolean | null;
    };
  }[];
}
/**
 * The confirmation message with the reference code and a print button.
 *
 * This interface was referenced by `FlowFile`'s JSON-Schema
 * via the `definition` "confirmationBlock".
 */
export interface ConfirmationBlock {
  /**
   * Block kind.
   */
  block: 'confirmation';
  /**
   * Names the block, unique on its page, so that a folder extending this one can patch or remove it by name (docs/configuring.md, "Extending a settlement").
   */
  id?: string;
  /**
   * The block shows only while this condition holds.
   */
  when?: Condition;
  /**
   * Localization key of the text; {0} is the reference code.
   */
  textKey: string;
}
/**
 * The outcome of a lookup: a success or a warning feedback box.
 *
 * This interface was referenced by `FlowFile`'s JSON-Schema
 * via the `definition` "lookupResultBlock".
 */
export interface LookupResultBlock {
  /**
   * Block kind.
   */
  block: 'lookupResult';
  /**
   * Names the block, unique on its page, so that a folder extending this one can patch or remove it by name (docs/configuring.md, "Extending a settlement").
   */
  id?: string;
  /**
   * The block shows only while this condition holds.
   */
  when?: Condition;
  /**
   * Localization key shown when the VIN is a class vehicle; {0} is the VIN.
   */
  successKey: string;
  /**
   * Localization key shown when it is not; {0} is the VIN.
   */
  warningKey: string;
}
