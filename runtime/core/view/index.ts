/**
 * The page view model (spec §4): from a flow page, the model configs and the answers, each field's
 * state (visible, disabled, required, mask, value after resets, errors) and the page's verdict.
 * Pure functions: the renderer draws what they compute and the server enforces the same verdict.
 */
export { computeFieldState, dependencyOutcome, fieldRules, fieldDateBounds, ruleContext, ruleTranslator, type DependencyOutcome } from './field-state';
export { applyDependencyResets, applyGroupDefaults, preparePage } from './dependencies';
export { blockFields, blockVisible, pageFieldGroups, summaryGroupShown, type AddressBlockFields, type FieldGroup, type GroupOptions } from './page-groups';
export { errorLine, fieldError, messageText, unsavedDraftError, validatePage, INCOMPLETE_RECORD_KEY, INCOMPLETE_RECORD_TEXT, UNSAVED_RECORD_KEY, UNSAVED_RECORD_TEXT, type ValidatePageContext } from './validatePage';
export {
  asksNoneConfirmation,
  blockMinimum,
  dependencyRecords,
  draftHasEntries,
  noneConfirmationField,
  NONE_CONFIRMATION_KEYS,
  openDraft,
  openInitialDrafts,
  recordFieldErrors,
  resetNoneConfirmations,
  saveEnteredDrafts,
  type SavedDrafts,
} from './records';
export { fieldDomId, recordsDomId } from './dom-ids';
export { danglingLinks, linkingBlocks, LINK_NOT_FOUND, type DanglingLink } from './links';
export { DELETE_LINKED, linkedKeptMessage, linkedRemoval, LINKED_KEPT, recordName, recordNames, type LinkedRemoval } from './linked-removal';
export { lookupResultView, type LookupResultView } from './lookup-result';
export { ALREADY_FILED_CODES, CONTACT_KEYS, NOTICE_CODES, REFUSAL_FIELDS, pageRefusalView, refusalView, submitRefusalView, type Refusal, type RefusalNotice, type RefusalView } from './refusal';
export { CONTACT_INPUTS, CONTACT_MODEL, inputHints, type InputHints } from './input-hints';
export { ADDRESS_FIELDS, ADDRESS_KEYS, addressFields, countryOptions, defaultCountryOptions } from './address-fields';
export { allCountries, DEFAULT_COUNTRY, US_STATES, type CodeLabel } from './address-lists';
export { displayValue, fieldForKey, findFieldConfig, FILE_METADATA_FIELDS, YES_NO_KEYS } from './display-value';
export type * from './types';
export { flowErrors, keepReachedAnswers, type FlowPageError } from './flow-answers';
export { hiddenOnPage, summaryView, type SummaryGroupView, type SummaryRow, type SummaryViewContext } from './summary';
