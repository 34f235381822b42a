import { defineConfig } from 'vitest/config';

// Browser tests: real server processes, real Chromium. Two files at once: each file has its own
// server, data folder and browser, and most of a browser test's time is spent waiting on a
// build, a socket message or a page's network, so two files share two cores without starving.
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    environment: 'node',
    pool: 'forks',
    maxWorkers: 2,
    // As in the unit tests: a worker keeps the server's modules loaded from file to file.
    isolate: false,
    testTimeout: 120_000,
    hookTimeout: 180_000,
    // expect.poll waits for what a person would see; its 1 s default is too short for a
    // browser on a busy two-core machine. Passing polls return as soon as they pass.
    expect: { poll: { timeout: 30_000 } },
    globalSetup: ['test/e2e-setup.ts'],
  },
});
