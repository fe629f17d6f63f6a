/**
 * Shared shapes of the runtime: what the server sends (model configs), what a flow file says,
 * what the browser keeps (form models) and what it submits (the payload). Spec §3.
 * Plain data only: no classes, no functions, so the server, the machines and the tests share them.
 */
import type { SiteChrome } from './site/chrome';
import type { AuthorizeAnswer, AuthorizeRoute } from '../../schemas/generated/api/authorize';
import type { CaptchaAnswer } from '../../schemas/generated/api/captcha';
import type { CsrfAnswer } from '../../schemas/generated/api/csrf';
import type { CultureContentAnswer } from '../../schemas/generated/api/culture-content';
import type { DeadlinesAnswer, LegacyDeadlines, PerCultureDeadlines } from '../../schemas/generated/api/deadlines';
import type { SignatureDateAnswer } from '../../schemas/generated/api/signature-date';
import type { SubmitAnswer, SubmitFieldError } from '../../schemas/generated/api/submit';

/** A form's id as its settlement declares it (forms.json `id`, a flow's `formType`). */
export type FormType = string;
/** The spec's three forms (§2): the forms of a settlement that declares none. */
export const FORM_TYPES: readonly FormType[] = ['Automotive', 'Lookup', 'Exclusion'];

export type Culture = string; // 'en', 'es'
export const DEFAULT_CULTURE: Culture = 'en';

/* ------------------------------------------------------------------------------------------------
 * Server model configs (GET /api/forms/config)
 * ----------------------------------------------------------------------------------------------*/

/** One server-declared validation rule (spec §5). `type` names an adapter in the rule registry. */
export interface RuleConfig {
  type: string;
  /** Server-provided message text; wins over messageKey and the adapter's fallback. */
  message?: string | null;
  /** Localization key for the message; the adapter's fallback applies when absent. */
  messageKey?: string | null;
  /** Adapter-specific parameters (min, max, pattern, otherProperty, …). */
  [param: string]: unknown;
}

export type FieldDataType = 'string' | 'dateTime' | 'number' | 'boolean' | 'file';

export interface ModelFieldConfig {
  dataType: FieldDataType;
  validations: RuleConfig[];
  /** A payment account number: shown masked (last 4), exported only on request, compared across claims. */
  account?: boolean;
  /** Where a payment goes (a PayPal e-mail, a Venmo phone): compared across claims. */
  paymentIdentity?: boolean;
}

/** A record's link to its parent record (models/declared.ts): the field holding the parent's clientId. */
export interface ModelParentConfig {
  /** dtoMapping of the parent model. */
  model: string;
  field: string;
  /** Each parent record needs at least this many children (default 0). */
  minimumPerParent?: number;
  messageKey?: string;
}

export interface ModelConfig {
  metadataHash: string;
  /**
   * dtoMapping is PascalCase on the wire ('ClaimantInfo'); the store camel-cases it. `repeating`
   * and `parent` declare records and their links (models/declared.ts has the defaults).
   */
  metadata: { formType: FormType; dtoMapping: string; repeating?: boolean; parent?: ModelParentConfig };
  fields: Record<string, ModelFieldConfig>;
}

/* ------------------------------------------------------------------------------------------------
 * Form models (the browser's answers)
 * ----------------------------------------------------------------------------------------------*/

export type FieldValue = string | number | boolean | null;

export interface FormModel {
  id: string | null;
  /** prefix + 7-digit sequence number + 8 random characters, e.g. 'clm00000012f9a8b7c6'. */
  clientId: string;
  /** dtoMapping camel-cased: 'claimantInfo', 'claimTransactions'. */
  metadata: { formType: FormType; dtoMapping: string };
  metadataHash: string;
  fields: Record<string, FieldValue>;
}

/** The answers of one form, as plain data changed by pure functions. */
export interface ModelStoreState {
  drafts: FormModel[];
  saved: FormModel[];
  /** clientId -> names of fields the claimant ever edited. */
  everEdited: Record<string, string[]>;
  /** Which models hold records and how they link, when the model configs declare more than spec §3's (models/declared.ts). */
  records?: RecordModels;
}

/** The repeating models of a form (camel-cased) and the links of child records to parent records. */
export interface RecordModels {
  repeating: string[];
  links: Array<{ model: string; field: string; parent: string; minimumPerParent: number; messageKey?: string }>;
}

/** A file chosen for a document context, kept beside the models (models hold only name/size/type). */
export interface DocumentFile {
  /** clientId of the DocumentContexts model the file belongs to. */
  clientId: string;
  name: string;
  size: number;
  type: string;
  /** Blob in the browser, Buffer/Uint8Array on the server and in Node tests; empty for a document restored from the claim in progress. */
  data: Blob | Uint8Array;
  /** Its upload to the claim in progress (absent: not sent yet; a stored one goes with the claim from the server). */
  upload?: DocumentUpload;
}

/** The upload of a document as it is added (POST …/draft/documents). */
export interface DocumentUpload {
  state: 'uploading' | 'stored' | 'failed';
  /** Bytes sent so far, and the request's total (0 until known). */
  sent: number;
  total: number;
  /** The server's id of the stored document (for its removal). */
  id: number | null;
  /** Why it was not stored, in the claimant's words. */
  error: string | null;
}

/* ------------------------------------------------------------------------------------------------
 * Conditions: skip rules and field dependencies as data (a JSON Schema subset, no code)
 * ----------------------------------------------------------------------------------------------*/

/**
 * `scope` names a field: 'fieldName' (same model or record) or 'modelName.fieldName'
 * (a single-instance model, camel-cased dtoMapping). `schema` is a JSON Schema subset evaluated
 * against the field's value: const, enum, not, pattern, minLength, maxLength, type, anyOf, allOf.
 */
export type Condition =
  | { scope: string; schema: ConditionSchema }
  | { all: Condition[] }
  | { any: Condition[] }
  | { not: Condition };

export interface ConditionSchema {
  const?: FieldValue;
  enum?: FieldValue[];
  not?: ConditionSchema;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  type?: 'string' | 'number' | 'boolean' | 'null' | Array<'string' | 'number' | 'boolean' | 'null'>;
  anyOf?: ConditionSchema[];
  allOf?: ConditionSchema[];
}

/* ------------------------------------------------------------------------------------------------
 * Flow files (flows/*.json), validated by schemas/flow.schema.json
 * ----------------------------------------------------------------------------------------------*/

export type DeadlineKey = 'globalDeadline' | 'lookupFilingDeadline' | 'exclusionFilingDeadline' | 'claimFilingDeadline';
export const DEADLINE_KEYS: readonly DeadlineKey[] = [
  'globalDeadline',
  'lookupFilingDeadline',
  'exclusionFilingDeadline',
  'claimFilingDeadline',
];

export interface FlowFile {
  $schema?: string;
  /** Format version of the flow file; migrations key on it. */
  version: 1;
  formType: FormType;
  /** Localization key of the form's name, in each page's browser title after the page's own title. */
  titleKey?: string;
  /** Deadline keys checked in order by the route guard (spec §2 table). */
  deadlineKeys: DeadlineKey[];
  authorize: { endpoint: string; method: 'POST' };
  /** Absent for Lookup: there is no create call. */
  submit?: { endpoint: string; method: 'POST' };
  /** PascalCase dtoMappings this form uses, in payload order. */
  models: string[];
  pages: PageConfig[];
}

/** What the page's primary button does. */
export type PageAction = 'next' | 'authorize' | 'lookup' | 'submit' | 'none';

export interface PageConfig {
  /** Short id, unique in the flow: 'start', 'claimant-info', 'denials'. */
  id: string;
  /** Canonical route: '/automotive/claimant-info'. */
  path: string;
  /** Extra routes for the same page: ['/', '/automotive/']. */
  aliases?: string[];
  titleKey: string;
  /** false for pages that exist but are not in the flow (payment-election). Default true. */
  inFlow?: boolean;
  requiresAuthorization: boolean;
  /** Start pages have the session timeout disabled. */
  sessionTimeout: boolean;
  /** When the condition holds the page is skipped by next/back and its answers are pruned. */
  skipWhen?: Condition;
  action?: PageAction;
  /** Localization key of the primary button; defaults per action. */
  actionLabelKey?: string;
  blocks: BlockConfig[];
}

/** Field config of spec §3, as a flow file states it. */
export interface FieldConfig {
  key: string;
  widget: WidgetName;
  label: string;
  placeholder?: string;
  helpKey?: string;
  /** A sign-in field's help on the claim status page, instead of helpKey (which may speak of filing). */
  statusHelpKey?: string;
  defaultValue?: FieldValue;
  maskName?: string;
  /** Extra client-side rules on top of the server's (same shape as RuleConfig). */
  validations?: RuleConfig[];
  /**
   * This field's messages by rule type ('required', 'validDate', …): localization keys with the
   * rule's placeholders. They win over the rule's own and default messages, and the error summary
   * shows them alone, so they name the field ("Enter your first name"). A malformed date shows the
   * validDate message.
   */
  messages?: Record<string, string>;
  prepopulatedDataKey?: string;
  /** A secret (a PIN, an account number): never in a summary, never in an e-mail. */
  secret?: boolean;
  /**
   * text: the autocomplete tokens (WCAG 1.3.5: 'given-name', 'email', 'tel-national', 'username'…),
   * the input type ('email', 'tel': the matching phone keyboard) and the inputmode. Address blocks
   * and the claimant's contact fields have defaults (runtime/core/view/input-hints.ts).
   */
  autocomplete?: string;
  inputType?: TextInputType;
  inputMode?: TextInputMode;
  overrideEverDirtyFieldConstraint?: boolean;
  disableRequiredStyling?: boolean;
  inputGroupConfig?: { prepend?: string; append?: string };
  /** radio and select. `label` is a localization key. */
  options?: Array<{ value: string; label: string }>;
  /** select placeholder key. */
  placeholderKey?: string;
  /** textarea rows; default 5. */
  rows?: number;
  dependencies?: FieldDependency[];
}

export type TextInputType = 'text' | 'email' | 'tel';
export type TextInputMode = 'text' | 'numeric' | 'decimal' | 'tel' | 'email' | 'url' | 'search' | 'none';

export type WidgetName = 'text' | 'textarea' | 'date' | 'file' | 'hidden' | 'radio' | 'select' | 'checkbox';

/** The field shows only while `when` holds (spec §4 field states). */
export interface FieldDependency {
  when: Condition;
  /** What happens while it does not hold. Default 'hide'. */
  behavior?: 'hide' | 'disable';
  /** Value stored while it does not hold. Default null. */
  resetValue?: FieldValue;
  /** Mask applied while it holds; two different overrides at once is an error. */
  maskOverride?: string;
}

/** The address model fields of spec §3, written by an address block. */
export const ADDRESS_FIELDS = [
  'mailingStreetLine1',
  'mailingStreetLine2',
  'mailingCity',
  'mailingSubDivision',
  'mailingPostalCode',
  'mailingSubDivisionNonUS',
  'mailingPostalCodeNonUS',
  'mailingCountry',
] as const;

export type BlockConfig =
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

export interface BlockBase {
  /** Names the block on its page: a folder extending this one patches it by this name. */
  id?: string;
  /** Shown only while the condition holds. */
  when?: Condition;
}

export interface HeaderBlock extends BlockBase {
  block: 'header';
  element: 'h1' | 'h2' | 'h3' | 'h4';
  textKey: string;
}

export interface CopyBlock extends BlockBase {
  block: 'copy';
  /** Localization keys; their values may hold inline HTML (no p, li, ul, ol). */
  paragraphs: string[];
}

/** The fields of one single-instance model. */
export interface ModelBlock extends BlockBase {
  block: 'model';
  model: string;
  legendKey?: string;
  fields: FieldConfig[];
}

/** The address form of spec §2 on a model holding the address fields of spec §3. */
export interface AddressBlock extends BlockBase {
  block: 'address';
  model: string;
  legendKey?: string;
  international: boolean;
  /** Address field name -> key of the authorize response's prepopulatedData that fills it. */
  prepopulatedDataKeys?: Record<string, string>;
}

/**
 * Minimum-instances rule (spec §3): a count, or a function of a dependency record written as data —
 * the count of the first case whose condition holds on the dependency record, else `count`.
 */
export interface MinimumInstances {
  count: number;
  /** The rule applies only while this holds (e.g. on a claimDetails answer); else the minimum is 0. */
  when?: Condition;
  /**
   * The dependency record: the one saved model of this dtoMapping (with these field values).
   * Unqualified scopes of `when` and `cases` read its fields; several matching records is an error.
   */
  dependency?: { model: string; fixedValues?: Record<string, FieldValue> };
  /** The minimum by the dependency record's answers: the first case that holds gives it. */
  cases?: Array<{ when: Condition; count: number }>;
  messageKey?: string;
}

/**
 * The 'none of the above' confirmation (spec §5): while the block has no saved record, a checkbox
 * stored on a field of a single-instance model that must be ticked.
 */
export interface NoneConfirmation {
  /** PascalCase dtoMapping of a single-instance model of the form. */
  model: string;
  /** Its boolean field that stores the confirmation. */
  field: string;
  /** Label of the checkbox. Default LocKey_Records_NoneApply. */
  labelKey?: string;
  /** Message while it is not ticked. Default LocKey_Records_NoneApplyRequired. */
  messageKey?: string;
}

/** Repeating records of one model, filtered to one kind, with a record manager. */
export interface RecordsBlock extends BlockBase {
  block: 'records';
  model: string;
  /** Field values every record of this block carries, and the filter that selects them. */
  fixedValues?: Record<string, FieldValue>;
  legendKey?: string;
  fields: FieldConfig[];
  /** Fields shown in each saved record's display row (at most 11 with edit/delete buttons). */
  displayFields: string[];
  minimumInstances?: MinimumInstances;
  /** Records (drafts) the block opens with when the page opens, saved ones counted. Default 0. */
  initialInstances?: number;
  /** 'None of the above': asked while the list is empty. */
  noneConfirmation?: NoneConfirmation;
  /** Required manager: at least one saved record, shown once the form is dirty. */
  required?: boolean | { messageKey: string };
  /** Open a draft when the page opens and the list has no record. */
  startDraft?: boolean;
  addLabelKey?: string;
  saveLabelKey?: string;
  /** After Upload, open a new draft at once (default false: the form closes until Add more). */
  newDraftAfterSave?: boolean;
  /** 'file': the record holds one file field (DocumentContexts); duplicates by name are rejected. */
  kind?: 'file' | 'plain';
  /** For a linking select: options come from saved records of this model. */
  linkOptions?: { field: string; model: string; labelFields: string[] };
}

export interface FeedbackBlock extends BlockBase {
  block: 'feedback';
  variant: 'default' | 'success' | 'warning';
  textKey: string;
}

export interface CaptchaBlock extends BlockBase {
  block: 'captcha';
}

export interface SummaryGroup {
  titleKey: string;
  /** Page id the edit link returns to. */
  editPage: string;
  model: string;
  fields: string[];
  /** For repeating models: only records with these values. */
  fixedValues?: Record<string, FieldValue>;
}

export interface SummaryBlock extends BlockBase {
  block: 'summary';
  headerKey?: string;
  /** Each group's edit link (default true; false after the form was submitted). */
  editLinks?: boolean;
  groups: SummaryGroup[];
}

export interface ConfirmationBlock extends BlockBase {
  block: 'confirmation';
  textKey: string;
}

export interface LookupResultBlock extends BlockBase {
  block: 'lookupResult';
  successKey: string;
  warningKey: string;
}

/* ------------------------------------------------------------------------------------------------
 * Calls (spec §7): their requests and answers as the API contract declares them (schemas/api/,
 * types generated into schemas/generated/api/).
 * ----------------------------------------------------------------------------------------------*/

/** The CSRF header and token unsafe calls carry (GET /api/csrf answers them with the session's expiry). */
export type CsrfToken = Pick<CsrfAnswer, 'requestHeaderName' | 'requestToken'>;

export type CaptchaConfig = CaptchaAnswer;

export type AuthorizeRequest = AuthorizeRoute['body'];

/** The authorize answer as the form machine acts on it (a refusal the client builds from an error answer may have no code: null). */
export type AuthorizeResponse = Omit<AuthorizeAnswer, 'code'> & { code?: string | null };

export type SubmitResponse = SubmitAnswer;
/** A field a page refuses in a submit's 400: its page, its element id there, and the message shown under it. */
export type { SubmitFieldError };

/** Per-culture deadline shape (project time zone). */
export type PerCultureDeadlinesResponse = PerCultureDeadlines;

/** Legacy deadline shape. */
export type LegacyDeadlinesResponse = LegacyDeadlines;

export type DeadlinesResponse = DeadlinesAnswer;

/** Normalised deadline settings (spec §3). */
export interface DeadlineSetting {
  /**
   * The deadline as configured: a local date-time ('2027-06-30T23:59:59') in an IANA zone. Its
   * UTC instant is deadlineInstant(setting); deadlinePassed(setting, now) needs the zone's rules
   * only within a day of it (the first date formatter on a page is a long task).
   */
  local: string;
  zone: string;
  /** culture -> URL, plus 'default'. */
  redirectUrls: Record<string, string>;
}
export type DeadlineSettings = Partial<Record<DeadlineKey, DeadlineSetting>>;

export type SignatureDateInfo = SignatureDateAnswer;

export type LocalizedItem = CultureContentAnswer[number];

/** App settings embedded in the page by the server (not fetched). */
export interface AppSettings {
  analyticsTagId: string | null;
  analyticsTagId2: string | null;
  theme: 'default' | 'ftc' | 'kontent';
  client: { minSessionDuration: number };
  captchaEnabled: boolean;
  /** Redirect to /error on authorize/submit errors. */
  redirectOnError: boolean;
  internationalAddresses: boolean;
  /** The site chrome (site.json resolved by the server: defaults filled in, form links made paths). */
  site: SiteChrome;
}

/* ------------------------------------------------------------------------------------------------
 * Submission payload (spec §3)
 * ----------------------------------------------------------------------------------------------*/

export interface SubmissionPayload {
  /**
   * A model the settlement declares beyond spec §3's (models/declared.ts), under its camel-cased
   * dtoMapping: one model or null, or a list when it is repeating.
   */
  [declared: string]: FormModel | FormModel[] | DocumentFile[] | string | null;
  reCaptchaResponse: string | null;
  userPreferredCulture: Culture;
  captchaRawValue: string | null;
  documents: DocumentFile[] | null;
  signature: FormModel | null;
  claimantInfo: FormModel | null;
  credentials: FormModel | null;
  claimDetails: FormModel | null;
  prepopulatedData: FormModel[];
  documentContexts: FormModel[];
  claimTransactions: FormModel[];
}
