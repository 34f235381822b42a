import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    // Two files at once even on a two-core machine (vitest's default there is one): most API
    // and cluster tests spend their time waiting on servers, child processes and clocks, not
    // on the CPU, so the suite finishes in far less time without the files competing hard.
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    globalSetup: ['test/global-setup.ts'],
  },
});
