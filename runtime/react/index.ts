/** The renderer: draws the page view model (runtime/core/view) as blocks and widgets. */
export { PageRenderer, PAGE_KEYS, type PageRendererProps, type ActionDetail } from './PageRenderer';
export { ErrorSummary, focusField, type ErrorSummaryProps } from './ErrorSummary';
export { validatePage, messageText, type ValidatePageContext } from '../core/view/validatePage';
export { ModelFields, REQUIRED_TEXT_KEY } from './ModelFields';
export { computeFieldState, dependencyOutcome, fieldRules, fieldDateBounds } from '../core/view/field-state';
export { applyDependencyResets, preparePage, applyGroupDefaults } from '../core/view/dependencies';
export { prepareBlocksWhenIdle } from './prepare';
export { pageFieldGroups, blockFields, fieldDomId, recordsDomId, type FieldGroup } from '../core/view/page-groups';
export type * from './types';
