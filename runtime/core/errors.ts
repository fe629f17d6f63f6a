/**
 * The one catalogue of developer-facing errors (spec §8) and user-facing messages.
 * Each developer error has a stable code and the spec's exact text; tests assert both.
 * Use `devError('CODE', args)` to raise one; never write these messages inline elsewhere.
 */

export const DEV_ERRORS = {
  CSRF_FETCH_FAILED: () => 'An error occured while fetching csrf token',
  CAPTCHA_FETCH_FAILED: () => 'An error occured while fetching captcha token',
  CSRF_NOT_INITIALIZED: () => 'Csrf protection must be initialized before unsafe methods can be called',
  NO_ENDPOINT: (formType: string) => `No endpoint found for formType ${formType}`,
  NO_HTTP_VERB: (formType: string) => `No httpverb found for formType ${formType}`,
  FORM_TYPE_NOT_FOUND: () => 'FormType used for page was not found',
  ALREADY_SUBMITTING: () => 'A submission is already in progress',
  UNEXPECTED_FORM_TYPE: (formType: string) => `Unexpected Form Type: ${formType}`,
  NO_CULTURE: () => 'A culture is required to build the submission payload',
  NAVIGATING_WHILE_NAVIGATING: () => 'Cannot navigate while a navigation is in progress',
  ALREADY_INITIALIZED: (formType: string) => `Navigation has already been initialized for ${formType}`,
  NO_NODE_FOR_PATH: (path: string) => `No navigation node matches the path ${path}`,
  SEVERAL_NODES_FOR_PATH: (path: string) => `More than one navigation node matches the path ${path}`,
  NODES_NOT_INITIALIZED: () => 'Navigation nodes must be initialized before a router override',
  UNKNOWN_THEME: (theme: string) => `unexpected value for appsettings.theme: ${theme}`,
  DUPLICATE_FORM_FACTORY: (formType: string) => `A form factory is already registered for ${formType}`,
  MISSING_MASK_FACTORY: (maskName: string) => `No input mask factory found for ${maskName}`,
  MISSING_VALIDATION_ADAPTER: (type: string) => `No validation adapter found for ${type}`,
  UNKNOWN_RULE_TYPE: (type: string) => `Unknown validation type: ${type}`,
  MODELS_NOT_LOADED: () => 'Form models were accessed before they were loaded',
  NO_MATCHING_MODEL: (what: string) => `No form model matches the metadata ${what}`,
  SEVERAL_MATCHING_MODELS: (what: string) => `More than one form model matches the metadata ${what}`,
  RECORD_CLIENT_ID_REQUIRED: () => 'recordClientId is required.',
  NO_FORM_MODEL_WITH_CLIENT_ID: (clientId: string) => `No formModel found with the clientId ${clientId}`,
  WRONG_COMPONENT_NAME: (name: string) =>
    `The value for componentName of a ${name} was specified as something other than ${name}, probably in the pageConfig object.`,
  CLIENT_ID_NOT_PROVIDED_BLOCK: () => 'ClientId not provided to FormModelBlock',
  CLIENT_ID_NOT_PROVIDED_ROW: () => 'ClientId not provided to FormModelRow',
  CLIENT_ID_NO_VALUE: () => 'ClientId had no value',
  MULTI_FILE_INPUT: () => 'Multi file inputs are not supported',
  CLEAR_FILE_INPUT: () => 'Deleting store models by clearing a file input is not yet supported',
  FILE_FIELD_DEPENDENCY: () => 'Dependency behavior have not been implemented for the FormFieldFile component.',
  TWO_MASK_OVERRIDES: (field: string) => `Two different mask overrides apply at once to the field ${field}`,
  SEVERAL_DEPENDENCY_MODELS: (what: string) => `More than one dependency model matches ${what}`,
  BUTTON_LABEL_OR_ICON: () => 'Either label or icon must have a value.',
  MAX_DISPLAY_FIELDS: (max: number) => `Max number of display fields, ${max}, exceeded.`,
  LABELLED_VALUE_LABEL_OR_ICON: () => 'Either label or icon must have a value.',
  HEADER_ELEMENT_REQUIRED: () => 'A header block needs an element tag',
  UNKNOWN_BLOCK: (name: string) => `No block is registered under the name ${name}`,
  ADDRESS_FIELDS_NOT_LOADED: () => 'An address block was read before the address fields were loaded (runtime/core/view/address-fields.ts)',
  UNKNOWN_TIME_ZONE: (zone: string) => `Unknown time zone: ${zone}`,
  INVALID_DATE_FORMAT: (value: string) => `Invalid date format: ${value}`,
  INVALID_LOCALIZATION: (reasons: string[]) => `Invalid localization. ${reasons.length} errors found:\n${reasons.join('\n')}`,
  MODEL_CONFIG_REJECTED: (reason: string) => `Model config rejected: ${reason}`,
  INVALID_RULE_CONFIG: (where: string, problems: string[]) =>
    `Invalid validation rules on ${where}. ${problems.length} errors found:\n${problems.join('\n')}`,
  ACTOR_NOT_PROVIDED: (name: string) =>
    `The ${name} actor of the form machine was not provided; pass it with machine.provide({ actors: { ${name}: fromPromise(...) } })`,
} as const;

export type DevErrorCode = keyof typeof DEV_ERRORS;

export class DevError extends Error {
  readonly code: DevErrorCode;
  constructor(code: DevErrorCode, message: string) {
    super(message);
    this.name = 'DevError';
    this.code = code;
  }
}

/** Each code's arguments, and the catalogue typed by them (so that a code's message takes its own). */
type DevErrorArgs = { [C in DevErrorCode]: Parameters<(typeof DEV_ERRORS)[C]> };
const DEV_MESSAGES: { [C in DevErrorCode]: (...args: DevErrorArgs[C]) => string } = DEV_ERRORS;

export function devError<C extends DevErrorCode>(code: C, ...args: DevErrorArgs[C]): DevError {
  const make: (...args: DevErrorArgs[C]) => string = DEV_MESSAGES[code];
  return new DevError(code, make(...args));
}

/** Startup log lines (spec §8). */
export const STARTUP_LOGS = {
  antiforgery: 'Error initializing antiforgery',
  init: 'Error during application initialization',
  tokenAlreadyInitialized: 'Antiforgery token was already initialized',
} as const;

/**
 * User-facing messages of spec §8, word for word (including the spec's spelling).
 * Each has a localization key; the English text is the fallback when the key is missing.
 */
export const USER_MESSAGES = {
  requestFailed: {
    key: 'LocKey_Error_RequestFailed',
    en: 'Your request failed. Please reload and try again.',
  },
  /** A page save (a record saved or deleted, Next) that did not reach the server, or failed there without a text of its own. */
  saveFailed: {
    key: 'LocKey_Error_SaveFailed',
    en: 'Your answers on this page could not be saved just now. They are kept on this page: do not reload it. Press Next, or save the record again, to try again.',
  },
  submitFailed: {
    key: 'LocKey_Error_SubmitFailed',
    en: 'An error occured during your submission. Please try again. If this problem persists, please contact the settlement administrator at the email below.',
  },
  generic: {
    key: 'LocKey_Error_Generic',
    en: 'A problem has occured during your submission. Please try again. If this problem persists, please contact the Settlement Administrator using the information below.',
  },
  whitelistFailed: {
    key: 'LocKey_Error_Whitelist',
    en: 'Could not get allowed characters',
  },
  missingReferenceCode: {
    key: 'LocKey_Validation_MissingReferenceCode',
    en: 'The submission was received without a reference code. Please contact the settlement administrator.',
  },
  fileExists: {
    key: 'LocKey_Validation_FileExists',
    en: 'A file with this name has already been uploaded.',
  },
  uploadFailed: {
    key: 'LocKey_Documents_UploadFailed',
    en: 'The document could not be uploaded. Please check your connection and choose the file again.',
  },
} as const;
