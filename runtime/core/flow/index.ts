/**
 * Flow files: pure helpers and cross-reference checks (browser-safe). Schema validation with ajv
 * and the folder checker read files and are Node only: they live in tooling/flow/.
 */
export * from './issues';
export * from './pages';
export * from './cross-check';
export * from './secrets';
