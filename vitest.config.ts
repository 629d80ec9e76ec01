import { mergeConfig } from 'vite';
import { defineConfig } from 'vitest/config';
import { shared } from './vite.config.js';

// The pure core's tests share one module graph per worker (isolate: false): they hold no
// globals to leak, and re-importing the core for each of its ~100 files cost three times the
// CPU (src/core alone: 110 s → 34 s of CPU). Everything else keeps a fresh graph per file:
// the panel's stores, the tap's patched globals and the CLI's process state are module state.
const CORE = 'src/core/**/*.test.{ts,tsx}';

export default mergeConfig(
  shared,
  defineConfig({
    test: {
      environment: 'node',
      pool: 'threads',
      maxWorkers: 2,
      testTimeout: 20_000,
      projects: [
        { extends: true, test: { name: 'core', include: [CORE], isolate: false } },
        {
          extends: true,
          test: {
            name: 'shell',
            // The CLI's subprocess tests need its build; the core's tests never run it.
            globalSetup: ['test/setup/build-cli.ts'],
            include: [
              'src/**/*.test.{ts,tsx}',
              'extension/**/*.test.ts',
              'demo/**/*.test.ts',
              'scripts/**/*.test.ts',
              'harness/**/*.test.ts',
              'build/**/*.test.ts',
              'test/**/*.test.ts',
            ],
            exclude: [CORE, '**/node_modules/**'],
          },
        },
      ],
    },
  }),
);
