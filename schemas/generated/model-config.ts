/**
 * Generated from schemas/model-config.schema.json by `npm run schemas:types` (scripts/schemas-types.ts).
 * Do not edit: change the schema, then run the command again.
 */

/**
 * One validation rule. `type` names an adapter of the rule registry; the other properties are its parameters.
 *
 * This interface was referenced by `ModelConfigFile`'s JSON-Schema
 * via the `definition` "rule".
 */
export type Rule = {
  /**
   * Rule kind of spec §5: required, requiredOnClientOnly, requiredIf, nestedRequiredIf, requiredIfOtherPropertyMatchesRegex, range, characterSetRestriction, endDate, maxLength, preventFutureDate, preventFutureShortDate, regularExpression, requireOnePropertyValTrue, validDate, mustBeTrue, mustBeTrueIf, compare, abaRoutingNumber, vinCheckDigit.
   */
  type: string;
  /**
   * Literal message text from the server; wins over messageKey and the rule's default message.
   */
  message?: string | null;
  /**
   * Localization key of the message (LocKey_...); the rule's default message applies when absent.
   */
  messageKey?: string | null;
  /**
   * range: lower bound (a number, or an M/d/yyyy date or 'today' when dataType is dateTime).
   */
  min?: unknown;
  /**
   * range: upper bound; maxLength: the maximum number of characters.
   */
  max?: unknown;
  /**
   * range: 'dateTime' compares dates, anything else numbers.
   */
  dataType?: string;
  /**
   * regularExpression, requiredIfOtherPropertyMatchesRegex: the pattern the value must match.
   */
  pattern?: string;
  /**
   * requiredIf, mustBeTrueIf, compare, requiredIfOtherPropertyMatchesRegex: the other field ('field' in the same model, or 'model.field').
   */
  otherProperty?: string;
  /**
   * requiredIf, mustBeTrueIf: the value the other field is compared with (null means empty).
   */
  value?: unknown;
  /**
   * requiredIf, mustBeTrueIf: how the other field is compared with value (equal by default).
   */
  operator?: 'equal' | 'notEqual';
  /**
   * nestedRequiredIf: one or two conditions on other fields.
   */
  conditions?: unknown[];
  /**
   * nestedRequiredIf: how conditions combine (default And).
   */
  join?: 'And' | 'Or';
  /**
   * endDate: the field holding the start date.
   */
  startDateProperty?: string;
  /**
   * endDate, preventFutureDate: whether the boundary day itself is allowed.
   */
  inclusive?: boolean;
  /**
   * validDate: accepted date formats (default: M/d/yyyy, M/dd/yyyy, MM/d/yyyy, MM/dd/yyyy).
   */
  formats?: string[];
  /**
   * requireOnePropertyValTrue: the fields of which at least one must be true.
   */
  properties?: string[];
  [k: string]: unknown;
};

/**
 * The data models the server declares (served by GET /api/forms/config): one entry per form type and dtoMapping, each field with its data type and its server-declared validation rules (spec §5). The same rules run in the browser and on the server on submit.
 */
export interface ModelConfigFile {
  /**
   * Path of this JSON Schema, so editors complete and check the file.
   */
  $schema?: string;
  /**
   * The model configs. Each (formType, dtoMapping) pair appears once.
   */
  models: ModelConfig[];
}
/**
 * One data model of one form type.
 *
 * This interface was referenced by `ModelConfigFile`'s JSON-Schema
 * via the `definition` "modelConfig".
 */
export interface ModelConfig {
  /**
   * A stable hash of metadata and fields; the browser sends it back with each model so the server knows which version of the model it filled.
   */
  metadataHash: string;
  /**
   * Which form and which part of the payload the model belongs to.
   */
  metadata: {
    /**
     * The form using this model: a form id of the settlement's forms.json (without one: Automotive, Lookup or Exclusion).
     */
    formType: string;
    /**
     * PascalCase name of the model ('ClaimantInfo', or any name of the settlement's: 'Expenses', 'PaymentElection'); the browser camel-cases it ('claimantInfo') for the payload and for condition scopes. A model of the spec's names keeps its payload key; any other is submitted under its camel-cased name ('expenses'), as one model or null, or as a list when it is repeating.
     */
    dtoMapping: string;
    /**
     * Whether the claimant adds records of this model (a list in the submission, filled by a records block) rather than answering it once. Default: true for ClaimTransactions and DocumentContexts (spec §3), false for every other model.
     */
    repeating?: boolean;
    /**
     * A record of this repeating model belongs to a record of another repeating model (a receipt to its expense): the link field holds the parent record's clientId, deleting the parent deletes its children, and `minimumPerParent` asks for that many children per parent record. Default for a model with a claimTransactionId field: the spec's link to ClaimTransactions.
     */
    parent?: {
      /**
       * dtoMapping of the parent model (PascalCase, a repeating model of the same form type).
       */
      model: string;
      /**
       * The field of this model holding the parent record's clientId (a string field of this model).
       */
      field: string;
      /**
       * Each parent record needs at least this many records of this model (default 0): shown on the parent's record and its page in the browser, refused by the server on page save and submit.
       */
      minimumPerParent?: number;
      /**
       * Localization key of the message when a parent record has too few ({0} is the minimum); default LocKey_Records_MinimumPerParent.
       */
      messageKey?: string;
    };
  };
  /**
   * Field name (camelCase) to its data type and rules. Every field starts null.
   */
  fields: {
    [k: string]: Field;
  };
}
/**
 * One field of a model.
 *
 * This interface was referenced by `ModelConfigFile`'s JSON-Schema
 * via the `definition` "field".
 */
export interface Field {
  /**
   * Data type of the value: string, dateTime (entered as MM/dd/yyyy, Pacific time), number, boolean or file.
   */
  dataType: 'string' | 'dateTime' | 'number' | 'boolean' | 'file';
  /**
   * Server-declared rules, checked in order; the first failing rule's message shows under the field.
   */
  validations: Rule[];
  /**
   * A payment account number (a bank account): shown masked with its last four characters in the review, the receipt and the logs, exported only when the administrator asks (export-submissions --include-accounts), and compared across claims by the duplicate_payment_account screening. Default false.
   */
  account?: boolean;
  /**
   * A value that identifies where a payment goes (a PayPal e-mail, a Venmo phone, a routing number): compared across claims, normalised, by the duplicate_payment_account screening (account fields always are). Default false.
   */
  paymentIdentity?: boolean;
}
