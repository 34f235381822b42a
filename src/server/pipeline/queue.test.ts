import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/databases';
import { deployCode, htmlArtifact } from '../../../test/deploy';
import { registerUser, startTestServer, type TestServer } from '../../../test/server';
import { claimNext, RESTARTED, recoverAbandoned } from './queue';

let n = 0;
const sub = (name: string) => `${name}-${Date.now().toString(36)}-${++n}`;

// A web-only server: deployments wait in the queue, so the queue itself can be examined.
describeEachDatabase('deployment queue', (dialect) => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer(dialect, { ROLES: 'web', ADMIN_EMAILS: 'q@example.com' });
    token = (await registerUser(server, { email: 'q@example.com' })).token;
  });
  afterAll(() => server.close());

  const status = async (id: string) =>
    server.ctx.db
      .selectFrom('deployments')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  it('replaces an older queued source for the same site', async () => {
    const subdomain = sub('newer');
    const first = await deployCode(server, token, subdomain, htmlArtifact('1'));
    const second = await deployCode(server, token, subdomain, htmlArtifact('2'));
    const old = await status(first.body.deployment.id);
    expect(old).toMatchObject({
      status: 'FAILED',
      error_message: 'Replaced by a newer deployment',
    });
    expect((await status(second.body.deployment.id)).status).toBe('PENDING');
  });

  it('claims oldest first, one build per site at a time, each row once', async () => {
    const { db, dialect: d } = server.ctx;
    // Drain what earlier tests queued.
    while (await claimNext(db, d, 'drain:1')) {
      /* keep claiming */
    }
    const a = await deployCode(server, token, sub('a'), htmlArtifact('a'));
    const b = await deployCode(server, token, sub('b'), htmlArtifact('b'));
    const claimed = await Promise.all([claimNext(db, d, 'w:1'), claimNext(db, d, 'w:2')]);
    const ids = claimed.map((r) => r?.id).sort();
    expect(ids).toEqual([a.body.deployment.id, b.body.deployment.id].sort());
    expect(claimed[0]).toMatchObject({ status: 'BUILDING', attempts: 1 });
    // A new source for a site that is building waits for that build.
    const a2 = await deployCode(server, token, a.body.site.subdomain, htmlArtifact('a2'));
    expect(await claimNext(db, d, 'w:3')).toBeNull();
    expect((await status(a2.body.deployment.id)).status).toBe('PENDING');
  });

  it('finishes builds a dead worker left behind: once more, then failed', async () => {
    const { db, dialect: d } = server.ctx;
    while (await claimNext(db, d, 'drain:1')) {
      /* keep claiming */
    }
    const res = await deployCode(server, token, sub('dead'), htmlArtifact('x'));
    const id = res.body.deployment.id;
    // A worker whose heartbeat stopped long ago.
    const deadWorker = 'elsewhere:1:dead';
    await claimNext(db, d, deadWorker);
    const longAgo = new Date(Date.now() - 10 * 60_000).toISOString();
    await db
      .updateTable('deployments')
      .set({ heartbeat_at: longAgo })
      .where('id', '=', id)
      .execute();
    const first = await recoverAbandoned(db, 'me:2:alive');
    expect(first.map((r) => [r.row.id, r.requeued])).toContainEqual([id, true]);
    expect((await status(id)).status).toBe('PENDING');

    await claimNext(db, d, deadWorker);
    await db
      .updateTable('deployments')
      .set({ heartbeat_at: longAgo })
      .where('id', '=', id)
      .execute();
    const second = await recoverAbandoned(db, 'me:2:alive');
    expect(second.map((r) => [r.row.id, r.requeued])).toContainEqual([id, false]);
    expect(await status(id)).toMatchObject({ status: 'FAILED', error_message: RESTARTED });
  });
});
