import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', 'data/', 'test-artifacts/', 'coverage/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // The claimant pages draw the core view model: no JSON-Schema form library or schema compiler
    // in the browser (docs/decisions/002-renderer-bundle.md).
    files: ['runtime/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['@rjsf/*', 'ajv', 'ajv-formats'] }],
    },
  },
  {
    // The renderer draws with the registries the app passes in; it never imports the widgets or
    // the app (core <- machine <- react <- widgets <- app).
    files: ['runtime/react/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['@rjsf/*', 'ajv', 'ajv-formats', '**/widgets', '**/widgets/**', '**/app', '**/app/**'] }],
    },
  },
  {
    // The core is pure: no UI framework, no state-machine library, no DOM globals, nothing of
    // Node (what reads files lives in tooling/), so the browser and the server run the same code.
    files: ['runtime/core/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['react', 'react-dom', 'react/*', '@rjsf/*', 'xstate', '@xstate/*', 'wouter', 'node:*', 'ajv', 'ajv-formats', 'jsonc-parser'] }],
      'no-restricted-globals': ['error', 'window', 'document', 'localStorage', 'sessionStorage', 'navigator'],
    },
  },
  {
    // The server takes only runtime/core from the runtime.
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['react', 'react-dom', '@rjsf/*', '**/runtime/react/**', '**/runtime/machine/**', '**/runtime/widgets/**', '**/runtime/app/**'] }],
    },
  },
  {
    // The settlement reader sits under the server, the checker, the studio and the scripts: it takes
    // only runtime/core, schemas/ and Node.
    files: ['settlement/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['react', 'react-dom', '@rjsf/*', 'xstate', '**/server/**', '**/tooling/**', '**/studio/**', '**/scripts/**', '**/runtime/react/**', '**/runtime/machine/**', '**/runtime/widgets/**', '**/runtime/app/**'] }],
    },
  },
);
