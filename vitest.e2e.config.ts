import { defineConfig } from 'vitest/config';

// Browser tests: real server processes, real Chromium. Files run one at a time so two
// browsers never compete for this machine's two cores.
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    environment: 'node',
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 180_000,
    // expect.poll waits for what a person would see; its 1 s default is too short for a
    // browser on a busy two-core machine. Passing polls return as soon as they pass.
    expect: { poll: { timeout: 30_000 } },
    globalSetup: ['test/e2e-setup.ts'],
  },
});
