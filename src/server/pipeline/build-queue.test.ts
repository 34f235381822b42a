import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/databases';
import { deployCode, htmlArtifact, uniqueSubdomain } from '../../../test/deploy';
import {
  registerUser,
  registerVerifiedUser,
  registerUserOnPlan,
  startTestServer,
  type TestServer,
} from '../../../test/server';
import { claimNextDeployment } from '../db/queries/deployments';
import {
  putBackUnfinishedBuilds,
  RESTARTED,
  recoverAbandonedBuilds,
  SMALL_BUILD_MAX_BYTES,
} from './build-queue';
import { MAX_QUEUED_PER_ADDRESS, MAX_QUEUED_PER_OWNER } from '../domain/deployments/deployments';

// A web-only server: deployments wait in the queue, so the queue itself can be examined.
describeEachDatabase('deployment queue', (dialect) => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer(dialect, { ROLES: 'web', ADMIN_EMAILS: 'q@example.com' });
    token = (await registerVerifiedUser(server, { email: 'q@example.com' })).token;
  });
  afterAll(() => server.close());

  const status = async (id: string) =>
    server.ctx.db
      .selectFrom('deployments')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  it('replaces an older queued source for the same site', async () => {
    const subdomain = uniqueSubdomain('newer');
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
    while (await claimNextDeployment(db, d, 'drain:1')) {
      /* keep claiming */
    }
    const a = await deployCode(server, token, uniqueSubdomain('a'), htmlArtifact('a'));
    const b = await deployCode(server, token, uniqueSubdomain('b'), htmlArtifact('b'));
    const claimed = await Promise.all([
      claimNextDeployment(db, d, 'w:1'),
      claimNextDeployment(db, d, 'w:2'),
    ]);
    const ids = claimed.map((r) => r?.id).sort();
    expect(ids).toEqual([a.body.deployment.id, b.body.deployment.id].sort());
    expect(claimed[0]).toMatchObject({ status: 'BUILDING', attempts: 1 });
    // A new source for a site that is building waits for that build.
    const a2 = await deployCode(server, token, a.body.site.subdomain, htmlArtifact('a2'));
    expect(await claimNextDeployment(db, d, 'w:3')).toBeUndefined();
    expect((await status(a2.body.deployment.id)).status).toBe('PENDING');
  });

  it('finishes builds a dead worker left behind: once more, then failed', async () => {
    const { db, dialect: d } = server.ctx;
    while (await claimNextDeployment(db, d, 'drain:1')) {
      /* keep claiming */
    }
    const res = await deployCode(server, token, uniqueSubdomain('dead'), htmlArtifact('x'));
    const id = res.body.deployment.id;
    // Claimed by a worker on another host whose heartbeat stopped long ago.
    const claimByDeadWorker = async () => {
      await claimNextDeployment(db, d, 'elsewhere:1:dead');
      await db
        .updateTable('deployments')
        .set({ heartbeat_at: new Date(Date.now() - 10 * 60_000).toISOString() })
        .where('id', '=', id)
        .execute();
    };
    await claimByDeadWorker();
    expect(await recoverAbandonedBuilds(server.ctx, 'me:2:alive')).toBeGreaterThan(0);
    expect((await status(id)).status).toBe('PENDING');

    await claimByDeadWorker();
    expect(await recoverAbandonedBuilds(server.ctx, 'me:2:alive')).toBeGreaterThan(0);
    expect(await status(id)).toMatchObject({ status: 'FAILED', error_message: RESTARTED });
  });

  const drain = async () => {
    while (await claimNextDeployment(server.ctx.db, server.ctx.dialect, 'drain:1')) {
      /* keep claiming */
    }
  };

  it("takes owners in turn: one owner's many queued builds do not delay another's one", async () => {
    const { db, dialect: d } = server.ctx;
    await drain();
    const other = (await registerUser(server)).token;
    for (let i = 0; i < 4; i++) {
      await deployCode(server, token, uniqueSubdomain('many'), htmlArtifact(String(i)));
    }
    const one = await deployCode(server, other, uniqueSubdomain('one'), htmlArtifact('one'));
    expect(one.status).toBe(201);
    const first = await claimNextDeployment(db, d, 'w:1');
    const second = await claimNextDeployment(db, d, 'w:2');
    expect([first?.id, second?.id]).toContain(one.body.deployment.id);
    // the rest of the queue is still there, in turn
    expect(await claimNextDeployment(db, d, 'w:3')).toBeDefined();
  });

  it('keeps the small-builds lane for small sources of owners with nothing building', async () => {
    const { db, dialect: d } = server.ctx;
    await drain();
    const small = { maxSourceBytes: SMALL_BUILD_MAX_BYTES };
    const other = (await registerUser(server)).token;
    const padding = `<!-- ${'x'.repeat(SMALL_BUILD_MAX_BYTES)} -->`;
    const large = await deployCode(
      server,
      token,
      uniqueSubdomain('large'),
      htmlArtifact('large') + padding,
    );
    expect(large.status).toBe(201);
    expect(await claimNextDeployment(db, d, 'small:1', small)).toBeUndefined();
    expect((await claimNextDeployment(db, d, 'any:1'))?.id).toBe(large.body.deployment.id);

    // the owner of the large build waits for it; another owner's paste goes straight in
    const mine = await deployCode(server, token, uniqueSubdomain('mine'), htmlArtifact('mine'));
    const theirs = await deployCode(server, other, uniqueSubdomain('theirs'), htmlArtifact('t'));
    expect((await claimNextDeployment(db, d, 'small:1', small))?.id).toBe(
      theirs.body.deployment.id,
    );
    expect(await claimNextDeployment(db, d, 'small:2', small)).toBeUndefined();
    expect((await claimNextDeployment(db, d, 'any:2'))?.id).toBe(mine.body.deployment.id);
  });

  it('caps the builds one address keeps waiting, across the accounts it holds', async () => {
    await drain();
    // what earlier tests left waiting behind a build that never ends came from here too
    const { waiting } = await server.ctx.db
      .selectFrom('deployments')
      .select((eb) => eb.fn.countAll<number | string>().as('waiting'))
      .where('status', '=', 'PENDING')
      .executeTakeFirstOrThrow();
    const room = MAX_QUEUED_PER_ADDRESS - Number(waiting);
    const statuses: number[] = [];
    for (let owner = 0; statuses.length <= room; owner++) {
      const { token } = await registerUserOnPlan(server, 'PRO');
      for (let i = 0; i < MAX_QUEUED_PER_OWNER && statuses.length <= room; i++) {
        const res = await deployCode(server, token, uniqueSubdomain('address'), htmlArtifact('a'));
        statuses.push(res.status);
        if (res.status === 429) {
          expect(res.body.error.message).toBe(
            `Your network already has ${MAX_QUEUED_PER_ADDRESS} deployments waiting to build. Please wait until some have finished, then deploy again.`,
          );
        }
      }
    }
    expect(statuses).toEqual([...Array<number>(room).fill(201), 429]);
    await drain();
  });

  it('caps the builds one owner has waiting, with a clear 429', async () => {
    await drain();
    // what earlier tests left waiting behind a build that never ends
    await server.ctx.db
      .updateTable('deployments')
      .set({ status: 'FAILED' })
      .where('status', '=', 'PENDING')
      .execute();
    const subdomains: string[] = [];
    for (let i = 0; i < MAX_QUEUED_PER_OWNER; i++) {
      subdomains.push(uniqueSubdomain('cap'));
      expect((await deployCode(server, token, subdomains[i]!, htmlArtifact('c'))).status).toBe(201);
    }
    const refused = await deployCode(server, token, uniqueSubdomain('over'), htmlArtifact('o'));
    expect(refused.status).toBe(429);
    expect(refused.body.error).toEqual({
      code: 'TOO_MANY_REQUESTS',
      message: `You already have ${MAX_QUEUED_PER_OWNER} deployments waiting to build. Please wait until one has finished, then deploy again.`,
      details: expect.any(Object),
    });
    // nothing half-made: the refused subdomain is still free
    const sites = await server.ctx.db
      .selectFrom('sites')
      .select('id')
      .where('subdomain', 'like', 'over-%')
      .execute();
    expect(sites).toEqual([]);
    // a new version of a site already waiting replaces its queued one, so it is not refused
    expect((await deployCode(server, token, subdomains[0]!, htmlArtifact('c2'))).status).toBe(201);
    await drain();
    expect(
      (await deployCode(server, token, uniqueSubdomain('after'), htmlArtifact('a'))).status,
    ).toBe(201);
  });

  it('counts a build still running at a graceful shutdown as an attempt', async () => {
    const { db, dialect: d } = server.ctx;
    await drain();
    const res = await deployCode(server, token, uniqueSubdomain('stuck'), htmlArtifact('s'));
    const id = res.body.deployment.id;
    // a build that keeps its worker busy past every shutdown
    expect((await claimNextDeployment(db, d, 'me:1:stopping'))?.id).toBe(id);
    await putBackUnfinishedBuilds(server.ctx, 'me:1:stopping', [id]);
    expect(await status(id)).toMatchObject({ status: 'PENDING', attempts: 1 });

    expect((await claimNextDeployment(db, d, 'me:2:stopping'))?.id).toBe(id);
    await putBackUnfinishedBuilds(server.ctx, 'me:2:stopping', [id]);
    expect(await status(id)).toMatchObject({ status: 'FAILED', error_message: RESTARTED });
  });
});
