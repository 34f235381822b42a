import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/databases';
import { deployCode, htmlArtifact, uniqueSubdomain, waitForDeployment } from '../../../test/deploy';
import { guestSession, registerUser, startTestServer, type TestServer } from '../../../test/server';
import { nowIso } from '../lib/ids';
import { removeExpiredGuestsJob } from './expired-guests';

const HOUR = 60 * 60 * 1000;

describeEachDatabase('removing expired guests', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server?.close());

  /** A guest with one deployed site, both made `ageMs` ago. */
  async function guestWithSite(ageMs: number) {
    const { token, user } = await guestSession(server);
    const res = await deployCode(
      server,
      token,
      uniqueSubdomain('guest'),
      htmlArtifact(`guest aged ${ageMs}`),
    );
    expect(res.status).toBe(201);
    await waitForDeployment(server, token, res.body.deployment.id);
    const made = Date.now() - ageMs;
    await server.ctx.db
      .updateTable('users')
      .set({ created_at: nowIso(made) })
      .where('id', '=', user.id)
      .execute();
    await server.ctx.db
      .updateTable('sites')
      .set({ created_at: nowIso(made), expires_at: nowIso(made + 24 * HOUR) })
      .where('id', '=', res.body.site.id)
      .execute();
    const source = await server.ctx.db
      .selectFrom('deployments')
      .select('source_sha256')
      .where('id', '=', res.body.deployment.id)
      .executeTakeFirstOrThrow();
    return {
      token,
      userId: user.id,
      siteId: res.body.site.id as string,
      source: source.source_sha256,
    };
  }
  const rows = async (
    table: 'users' | 'sessions' | 'sites',
    column: 'id' | 'user_id',
    id: string,
  ) => server.ctx.db.selectFrom(table).select(column).where(column, '=', id).execute();

  it('removes guests past their life with their sites, deployments, files and sessions, and no one else', async () => {
    const old = await guestWithSite(49 * HOUR);
    // Its session ended, but its site (made at hour 23) still has its expired page to show.
    const lateSite = await guestWithSite(30 * HOUR);
    const fresh = await guestWithSite(HOUR);
    const member = await registerUser(server);
    await server.ctx.db
      .updateTable('users')
      .set({ created_at: nowIso(Date.now() - 100 * HOUR) })
      .where('id', '=', member.user.id)
      .execute();
    // A guest who made nothing, long ago: the flood of empty guests.
    const empty = await guestSession(server);
    await server.ctx.db
      .updateTable('users')
      .set({ created_at: nowIso(Date.now() - 25 * HOUR) })
      .where('id', '=', empty.user.id)
      .execute();

    expect(await removeExpiredGuestsJob.run(server.ctx)).toBe('removed 2 expired guest accounts');

    for (const gone of [old.userId, empty.user.id]) {
      expect(await rows('users', 'id', gone)).toEqual([]);
      expect(await rows('sessions', 'user_id', gone)).toEqual([]);
      expect(await rows('sites', 'user_id', gone)).toEqual([]);
    }
    expect((await server.api('GET', '/api/auth/me', { token: empty.token })).status).toBe(401);
    expect(
      await server.ctx.db
        .selectFrom('deployments')
        .select('id')
        .where('site_id', '=', old.siteId)
        .execute(),
    ).toEqual([]);
    for (const kept of [lateSite, fresh]) {
      expect(await rows('users', 'id', kept.userId)).toHaveLength(1);
      expect(await rows('sites', 'id', kept.siteId)).toHaveLength(1);
    }
    expect(await rows('users', 'id', member.user.id)).toHaveLength(1);
    expect((await server.api('GET', '/api/auth/me', { token: member.token })).status).toBe(200);

    // The removed guest's source goes with its site: its deploy's hold ended once the deployment
    // referred to it, so nothing keeps it and no collection needs to run.
    const blobRow = () =>
      server.ctx.db.selectFrom('blobs').select('sha256').where('sha256', '=', old.source).execute();
    expect(await blobRow()).toEqual([]);
    expect(await server.ctx.blobs.has(old.source)).toBe(false);
  });
});
