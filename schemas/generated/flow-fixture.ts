/**
 * Generated from schemas/flow-fixture.schema.json by `npm run schemas:types` (scripts/schemas-types.ts).
 * Do not edit: change the schema, then run the command again.
 */

/**
 * This interface was referenced by `FlowFixtureFile`'s JSON-Schema
 * via the `definition` "authorizeAnswer".
 */
export type AuthorizeAnswer =
  | {
      authorized: boolean;
      /**
       * The server's message when it refuses: the page shows it (under the fields its code concerns), and in the browser the real server's refusal must say it.
       */
      error?: string | null;
      /**
       * The server's stable code of a refusal (server/errors.ts: WRONG_PIN, NOT_CLASS_VEHICLE, TOO_MANY_PIN_ATTEMPTS, …): which credentials field shows the message.
       */
      code?: string | null;
      captcha?: string | null;
      /**
       * Values by prepopulatedDataKey (PascalCase, as on the wire), e.g. { "FirstName": "Maria" }.
       */
      prepopulatedData?: null | {
        [k: string]: Value;
      };
    }
  | {
      fails: true;
    };
/**
 * A field value as the claimant leaves it: text as the field shows it (masks applied, dates as MM/dd/yyyy), radio values as their option value ("true"), a checkbox as true or false.
 *
 * This interface was referenced by `FlowFixtureFile`'s JSON-Schema
 * via the `definition` "value".
 */
export type Value = string | number | boolean | null;
/**
 * This interface was referenced by `FlowFixtureFile`'s JSON-Schema
 * via the `definition` "submitAnswer".
 */
export type SubmitAnswer =
  | {
      submitted: boolean;
      error?: string | null;
      referenceCodeForm?: string | null;
    }
  | {
      fails: true;
    };
/**
 * An expected value: objects match partially, lists item by item with the same length.
 *
 * This interface was referenced by `FlowFixtureFile`'s JSON-Schema
 * via the `definition` "expected".
 */
export type Expected =
  | {
      [k: string]: unknown;
    }
  | unknown[]
  | string
  | number
  | boolean
  | null;
/**
 * A model, partially: usually { "fields": { ... } }. null when the payload must carry none.
 *
 * This interface was referenced by `FlowFixtureFile`'s JSON-Schema
 * via the `definition` "expectedModel".
 */
export type ExpectedModel = {
  [k: string]: unknown;
} | null;

/**
 * One path through one form, as data: the settlement, the clock, what the server answers, the claimant's answers page by page, and what must follow (pages visited, errors shown, the submission payload). Played headlessly by `npx vitest run --project unit tests/flows`; see docs/testing-flows.md.
 */
export interface FlowFixtureFile {
  /**
   * Path of this JSON Schema, so editors complete and check the file.
   */
  $schema?: string;
  /**
   * Format version of the fixture file.
   */
  version: 1;
  /**
   * What this path shows, in one sentence. The test is named after it.
   */
  description: string;
  /**
   * Folder of the settlement to play, relative to this file. It may hold flows/, models.json, whitelist.json, settings.json and locales/; what it lacks comes from the shipped settlement. Omit for the shipped settlement (flows/, server-fixtures/, locales/).
   */
  settlement?: string;
  /**
   * The form played: a form id of the folder's forms.json (without one: Automotive, Lookup or Exclusion).
   */
  formType: string;
  /**
   * The claimant's culture; expected messages are written word for word in it. Default en.
   */
  culture?: string;
  /**
   * The moment the claimant fills the form (ISO 8601 with a zone, e.g. 2026-03-15T17:00:00Z). Date rules ('today', no future dates) and deadlines read it.
   */
  now: string;
  /**
   * What the server answers to the start page's authorize (or look-up) call. One answer, or a list used in order for successive attempts (the last one repeats). Default: authorized, nothing prepopulated.
   */
  authorize?: AuthorizeAnswer | AuthorizeAnswer[];
  /**
   * What the server answers to the submit call. One answer or a list for successive attempts. Default: submitted with a reference code.
   */
  submit?: SubmitAnswer | SubmitAnswer[];
  /**
   * What the claimant does, one page visit at a time, in order.
   *
   * @minItems 1
   */
  steps: Step[];
  /**
   * Every page shown, in order, from the first page on (a page shown again after Back or an edit link appears again).
   */
  expectPages?: string[];
  /**
   * The submission payload, or the parts of it that matter. Objects match partially (only the keys written are compared); lists match item by item and must have the same length, so a list written with one item proves there is exactly one. { "$record": name } stands for the clientId of the record named so in a step.
   */
  expectPayload?: {
    userPreferredCulture?: string;
    reCaptchaResponse?: string | null;
    captchaRawValue?: string | null;
    documents?: null | Expected[];
    signature?: ExpectedModel;
    claimantInfo?: ExpectedModel;
    credentials?: ExpectedModel;
    claimDetails?: ExpectedModel;
    prepopulatedData?: Expected[];
    documentContexts?: Expected[];
    claimTransactions?: Expected[];
    /**
     * A model the settlement declares in models.json, by its camel-cased name (paymentElection): one record, or the list of a repeating model's records (expenses).
     *
     * This interface was referenced by `undefined`'s JSON-Schema definition
     * via the `patternProperty` "^(?!(userPreferredCulture|reCaptchaResponse|captchaRawValue|documents|signature|claimantInfo|credentials|claimDetails|prepopulatedData|documentContexts|claimTransactions)$)[a-z][A-Za-z0-9]*$".
     */
    [k: string]: ExpectedModel | Expected[] | string | null | undefined;
  };
  /**
   * true when the path must end without any submission (look-ups, refused attempts).
   */
  expectNoSubmission?: boolean;
  afterSubmit?: AfterSubmit;
}
/**
 * One visit of one page: check what it shows, fill it in, press a button.
 *
 * This interface was referenced by `FlowFixtureFile`'s JSON-Schema
 * via the `definition` "step".
 */
export interface Step {
  /**
   * The page id (from the flow file) the form must be showing when this step starts.
   */
  page: string;
  expectValues?: Answers;
  answers?: Answers1;
  /**
   * Records to add, per records block of the page (keyed by its camel-cased model, e.g. claimTransactions), in order.
   */
  records?: {
    [k: string]: Record[];
  };
  /**
   * Names ("$as") of saved records to delete on this page, with their child records.
   */
  deleteRecords?: string[];
  /**
   * The button pressed at the end: primary (default: the page's main button — Next, Look up or Submit), back, or none.
   */
  press?: 'primary' | 'back' | 'none';
  /**
   * Instead of a button, open this page id as the summary's edit link does.
   */
  goto?: string;
  expectErrors?: Errors1;
  /**
   * The feedback box a look-up shows: success or warning, and optionally its text word for word.
   */
  expectResult?: {
    feedback: 'success' | 'warning';
    text?: string;
  };
}
/**
 * Values the page must show before anything is typed (prefilled answers, defaults, earlier answers): model -> field -> value.
 */
export interface Answers {
  [k: string]: {
    [k: string]: Value;
  };
}
/**
 * Model (camel-cased dtoMapping, e.g. claimantInfo) -> field -> value. Fields are filled in the order written, as a claimant types them; each must be shown on the page at that moment.
 *
 * This interface was referenced by `FlowFixtureFile`'s JSON-Schema
 * via the `definition` "answers".
 */
export interface Answers1 {
  [k: string]: {
    [k: string]: Value;
  };
}
/**
 * One record added with the records block's manager (Add more, fill, Upload/Save): field -> value, a file, or a link to another record. The block's fixed values (e.g. claimTransactionType) are set for you.
 *
 * This interface was referenced by `FlowFixtureFile`'s JSON-Schema
 * via the `definition` "record".
 */
export interface Record {
  /**
   * A name for this record, so a later record or the expected payload can refer to it with { "$record": name }.
   */
  $as?: string;
  $expectErrors?: Errors;
  /**
   * The "$as" name of a record an earlier step left "$unsaved" (open, as when the page refused its button): this entry fills that open record and saves it (or, with "$unsaved", leaves it open again) instead of adding a record. The record keeps its name; a name not given earlier, or of a record saved or cancelled since, fails the fixture.
   */
  $continue?: string;
  /**
   * Fill the record but press neither Upload/Save nor Cancel: the draft stays open on the page, as when a claimant types and then presses Next (which saves it when it validates).
   */
  $unsaved?: true;
  [k: string]: Value | File | RecordRef | string | Errors | true | undefined;
}
/**
 * The record must be refused with exactly these errors (field -> message or messages); it is then cancelled.
 */
export interface Errors {
  [k: string]: string | string[];
}
/**
 * A file chosen in a file field: its name, MIME type ('' is stored as 'unknown') and size in bytes.
 *
 * This interface was referenced by `FlowFixtureFile`'s JSON-Schema
 * via the `definition` "file".
 */
export interface File {
  name: string;
  type: string;
  size: number;
}
/**
 * The clientId of a record named with "$as" earlier in the fixture.
 *
 * This interface was referenced by `FlowFixtureFile`'s JSON-Schema
 * via the `definition` "recordRef".
 */
export interface RecordRef {
  $record: string;
}
/**
 * Pressing the primary button is refused with exactly these errors. Without it, any error fails the fixture.
 */
export interface Errors1 {
  [k: string]: string | string[];
}
/**
 * After Submit (played against the real server: in-process headless, the e2e server in the browser): the administrator sets the filed claim's status with `npm run admin -- status`, the claimant comes to the status page, signs in with the claim's reference code and credentials, and sends the cure; then what the server stored is compared.
 *
 * This interface was referenced by `FlowFixtureFile`'s JSON-Schema
 * via the `definition` "afterSubmit".
 */
export interface AfterSubmit {
  /**
   * The administrator's change, as `npm run admin -- status <reference> <status> --deficiency KIND… --cure-days N --note TEXT`.
   */
  status: {
    /**
     * A status of the settlement (statuses.json, else the defaults): deficient, approved, …
     */
    status: string;
    /**
     * Deficiency kinds of the settlement (deficient only), e.g. missingProofOfPurchase, unsigned.
     */
    deficiencies?: string[];
    /**
     * Days from the change to cure by (deficient only); default the settlement's cureDays.
     */
    cureDays?: number;
    note?: string;
  };
  /**
   * Days after the status change the claimant comes to the status page (the server's clock moves on; past the cure-by day the cure is refused).
   */
  daysLater?: number;
  /**
   * Sign-ins on the status page, in order; each types the claim's reference code and the credentials the steps typed, with these over them. Default: one, with the claim's own.
   */
  signIns?: {
    /**
     * Credential fields to type instead of the claim's (a wrong PIN), by key.
     */
    credentials?: {
      [k: string]: string;
    };
    /**
     * The refusal the page shows, word for word; without it the sign-in must show the claim's status.
     */
    expectRefused?: string;
  }[];
  /**
   * The cure sent after the last sign-in ("Send what is missing").
   */
  cure?: {
    /**
     * Deficiency kind -> the file to send for it, relative to the fixture file (its type from its extension: .pdf, .png, .jpg, .tif, .heic).
     */
    documents?: {
      [k: string]: string;
    };
    /**
     * The name typed as signature, the attestation ticked.
     */
    signature?: string;
    /**
     * The refusal shown, word for word; without it the cure must be received.
     */
    expectRefused?: string;
  };
  /**
   * The claim's status at the end, as the server keeps it (cureReceived once cured).
   */
  expectStatus?: string;
  /**
   * The cure stored (only the keys written are compared), or null for none.
   */
  expectCure?: null | {
    signatureName?: string | null;
    documents?: {
      deficiency?: string;
      name?: string;
      type?: string;
    }[];
  };
}
/**
 * Field key -> the message shown (or the list of messages), word for word in the fixture's culture. A records block's own messages (an open record that was not saved, minimum instances, required) are keyed by its model, e.g. claimTransactions, in that order.
 *
 * This interface was referenced by `FlowFixtureFile`'s JSON-Schema
 * via the `definition` "errors".
 */
export interface Errors2 {
  [k: string]: string | string[];
}
