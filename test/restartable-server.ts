import { afterAll, beforeAll } from 'vitest';
import type { Dialect } from '../src/server/db/database';
import { freePort, spawnServer, stopServer, type ChildServer } from './child-server';
import { createTestDatabaseTarget, type TestDatabaseTarget } from './databases';

/**
 * A server process a test may kill -9 and start again: every start uses the same database,
 * data folder and port, so one API client and the stored files outlive each process. Call it
 * inside a describe; it cleans up after the describe.
 */
export function restartableServer(dialect: Dialect): {
  start(): Promise<ChildServer>;
  readonly dataDir: string;
} {
  let target: TestDatabaseTarget;
  let env: Record<string, string>;
  let current: ChildServer | null = null;
  beforeAll(async () => {
    target = await createTestDatabaseTarget(dialect);
    env = {
      DATA_DIR: target.dataDir,
      PORT: String(await freePort()),
      // Slow builds after cold starts can pass the default limit on a busy machine; these
      // tests are about restarts, stopping.test.ts about the limit.
      BUILD_TIMEOUT_MS: '600000',
      ...(target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : {}),
    };
  });
  afterAll(async () => {
    await stopServer(current);
    await target.cleanup();
  });
  return {
    async start() {
      current = await spawnServer(env);
      return current;
    },
    get dataDir() {
      return target.dataDir;
    },
  };
}
