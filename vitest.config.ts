import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    // Two files at once on a two-core machine (vitest's default there is one): most API and
    // cluster tests spend their time waiting on servers, child processes and clocks. Three
    // made property and cluster tests starve past their limits on a loaded machine.
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    globalSetup: ['test/global-setup.ts'],
  },
});
