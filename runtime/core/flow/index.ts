/**
 * Flow files: pure helpers and cross-reference checks (browser-safe). Schema validation with ajv
 * lives in ./validate-schema and the folder checker in ./check-folder (Node only).
 */
export * from './issues';
export * from './pages';
export * from './cross-check';
