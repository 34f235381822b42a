import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/databases';
import { deployCode, htmlArtifact, uniqueSubdomain } from '../../../test/deploy';
import { guestSession, startTestServer, type TestServer } from '../../../test/server';
import type { AppContext } from '../context';
import type { BuildPool } from './build-pool';
import type { Recompression } from './recompression';
import { buildLanes, DeploymentWorker } from './worker';

describeEachDatabase('stopping the build worker', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    // no worker of its own: the deployment stays queued for the one under test
    server = await startTestServer(dialect, { ROLES: 'web' });
  });
  afterAll(() => server.close());

  it('waits for the claim on its way and hands it back before it returns', async () => {
    const { token } = await guestSession(server);
    const queued = await deployCode(server, token, uniqueSubdomain('stop'), htmlArtifact('x'));
    expect(queued.status).toBe(201);
    const id = queued.body.deployment.id as string;

    const errors: unknown[] = [];
    const ctx: AppContext = {
      ...server.ctx,
      log: Object.assign(Object.create(server.ctx.log), { error: (o: unknown) => errors.push(o) }),
    };
    const pool = { close: async () => undefined } as unknown as BuildPool;
    const recompression = {
      stop: async () => undefined,
      buildsRunning: () => undefined,
    } as unknown as Recompression;
    const worker = new DeploymentWorker(
      ctx,
      buildLanes(1, { small: () => pool, any: () => pool }),
      recompression,
    );

    // The stop begins while the worker's claim is on its way to the database.
    worker.wake();
    await worker.stop();
    const row = await server.ctx.db
      .selectFrom('deployments')
      .select(['status', 'claimed_by'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'PENDING', claimed_by: null });
    expect(errors).toEqual([]);
  });
});
