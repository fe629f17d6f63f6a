/**
 * wouter's useSyncExternalStore, in the browser: React's own (React 18 and later have it), instead of
 * the shim package wouter imports for older Reacts. vite.config.ts resolves wouter's import here.
 */
export { useSyncExternalStore } from 'react';
