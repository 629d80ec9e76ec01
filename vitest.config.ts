import { mergeConfig } from 'vite';
import { defineConfig } from 'vitest/config';
import { shared } from './vite.config.js';

export default mergeConfig(
  shared,
  defineConfig({
    test: {
      include: [
        'src/**/*.test.{ts,tsx}',
        'extension/**/*.test.ts',
        'demo/**/*.test.ts',
        'scripts/**/*.test.ts',
        'harness/**/*.test.ts',
        'build/**/*.test.ts',
        'test/**/*.test.ts',
      ],
      globalSetup: ['test/setup/build-cli.ts'],
      environment: 'node',
      pool: 'threads',
      maxWorkers: 2,
      testTimeout: 20_000,
    },
  }),
);
