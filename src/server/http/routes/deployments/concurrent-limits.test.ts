import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../../test/databases';
import {
  deployCode,
  fetchSite,
  htmlArtifact,
  uniqueSubdomain,
  waitForDeployment,
} from '../../../../../test/deploy';
import { registerUser, startTestServer, type TestServer } from '../../../../../test/server';
import { MAX_KEYS_PER_SITE } from '../../../hosting/storage-api';

// Rules that count an account's rows and then add one hold when the requests arrive together.
describeEachDatabase('count-then-insert limits under concurrency', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  it('12 concurrent new-site deploys by a FREE account make exactly 3 sites', async () => {
    const { token } = await registerUser(server);
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        deployCode(server, token, uniqueSubdomain(`race${i}`), htmlArtifact(`site ${i}`)),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(3);
    const refused = results.filter((r) => r.status !== 201);
    expect(refused).toHaveLength(9);
    for (const r of refused) expect(r.body.error.code).toBe('PLAN_LIMIT');
    const sites = await server.api('GET', '/api/sites', { token });
    expect(sites.body.sites).toHaveLength(3);
  });

  it('concurrent window.storage writes never pass the key limit', async () => {
    const { token } = await registerUser(server);
    const subdomain = uniqueSubdomain('keys');
    const started = await deployCode(server, token, subdomain, htmlArtifact(subdomain));
    expect((await waitForDeployment(server, token, started.body.deployment.id)).status).toBe(
      'SUCCESS',
    );
    const siteId: string = started.body.site.id;
    const room = 5;
    const now = new Date().toISOString();
    await server.ctx.db
      .insertInto('site_storage')
      .values(
        Array.from({ length: MAX_KEYS_PER_SITE - room }, (_, i) => ({
          site_id: siteId,
          key: `filled-${i}`,
          value: 'x',
          updated_at: now,
        })),
      )
      .execute();
    const writes = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        fetchSite(server.port, subdomain, `/__storage/new-${i}`, {
          method: 'PUT',
          body: JSON.stringify({ value: 'v' }),
          headers: { 'content-type': 'application/json' },
        }),
      ),
    );
    expect(writes.filter((w) => w.status === 200)).toHaveLength(room);
    expect(writes.filter((w) => w.status === 413)).toHaveLength(30 - room);
    const { count } = await server.ctx.db
      .selectFrom('site_storage')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('site_id', '=', siteId)
      .executeTakeFirstOrThrow();
    expect(Number(count)).toBe(MAX_KEYS_PER_SITE);
  });
});
