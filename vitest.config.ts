import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// One runner, five rooms: pure core and machines in Node, widgets in jsdom, the studio's server
// over real folders, the server over real HTTP and databases, and the browser flows in real Chromium.
export default defineConfig({
  test: {
    reporters: ['default', './tests/support/summary-reporter.ts'],
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: ['tests/core/**/*.test.ts', 'tests/machine/**/*.test.ts', 'tests/flows/**/*.test.ts'],
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'react',
          environment: 'jsdom',
          include: ['tests/react/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/react/setup.ts'],
          // A whole app in jsdom on a busy two-core machine can take several seconds; a real
          // failure is an assertion, not the clock.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'studio',
          environment: 'node',
          include: ['tests/studio/**/*.test.ts'],
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/e2e/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
