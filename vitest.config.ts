import { defineConfig } from 'vitest/config';

export default defineConfig({
  define: { __AGUI_VERSION__: JSON.stringify('test') },
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'extension/**/*.test.ts', 'demo/**/*.test.ts', 'scripts/**/*.test.ts'],
    environment: 'node',
    pool: 'threads',
    maxWorkers: 2,
    testTimeout: 20_000,
  },
});
