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
    // A worker keeps the modules it has loaded from one file to the next: most files load the
    // whole server, and loading it again for each file was a third of the suite's CPU time.
    // So no file may mock a module (vi.mock): tests use the local stand-ins in test/ instead.
    isolate: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    globalSetup: ['test/global-setup.ts'],
  },
});
