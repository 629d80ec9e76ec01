import { mergeConfig } from 'vite';
import { defineConfig } from 'vitest/config';
import { shared } from './vite.config.js';

// Test files share one module graph per worker (isolate: false): re-importing the core, the
// panel and the CLI for each file cost most of the unit stage's CPU (src/core alone: 110 →
// 34 s; everything: 399 → 259 CPU-s, measured with cpuacct on 2026-12-07). Each file builds
// its own stores and CLI IO, so nothing is shared but code. The page tap's tests patch fetch,
// EventSource and XMLHttpRequest on the global object: they keep a fresh graph per file.
const CORE = 'src/core/**/*.test.{ts,tsx}';
const TAP = ['src/tap/**/*.test.ts', 'extension/**/*.test.ts'];

export default mergeConfig(
  shared,
  defineConfig({
    test: {
      environment: 'node',
      pool: 'threads',
      maxWorkers: 2,
      testTimeout: 20_000,
      setupFiles: ['test/setup/byte-equality.ts'],
      projects: [
        { extends: true, test: { name: 'core', include: [CORE], isolate: false } },
        { extends: true, test: { name: 'tap', include: TAP } },
        {
          extends: true,
          test: {
            name: 'shell',
            isolate: false,
            // The CLI's subprocess tests need its build; the core's tests never run it. The
            // run's temporary directory is set up here, once, for every project's workers.
            globalSetup: ['test/setup/build-cli.ts', 'test/setup/temp-dir.ts'],
            include: [
              'src/**/*.test.{ts,tsx}',
              'demo/**/*.test.ts',
              'scripts/**/*.test.ts',
              'harness/**/*.test.ts',
              'build/**/*.test.ts',
              'test/**/*.test.ts',
            ],
            exclude: [CORE, ...TAP, '**/node_modules/**'],
          },
        },
      ],
    },
  }),
);
