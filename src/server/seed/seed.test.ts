import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/databases';
import { fetchSite } from '../../../test/deploy';
import { startTestServer, type TestServer } from '../../../test/server';
import { DEMO_SUBDOMAINS, seedDemoSites } from '.';

describeEachDatabase('demo sites', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect, { SEED_DEMOS: 'true' });
  });
  afterAll(() => server.close());

  it('are deployed on first start and answer on their subdomains', async () => {
    const live = async () => {
      const rows = await server.ctx.db
        .selectFrom('sites')
        .innerJoin('deployments', 'deployments.id', 'sites.current_deployment_id')
        .select(['sites.subdomain', 'deployments.status'])
        .where('deployments.status', '=', 'SUCCESS')
        .execute();
      return rows.map((r) => r.subdomain).sort();
    };
    await expect
      .poll(live, { timeout: 60_000, interval: 200 })
      .toEqual([...DEMO_SUBDOMAINS].sort());
    for (const subdomain of DEMO_SUBDOMAINS) {
      const page = await fetchSite(server.port, subdomain, '/');
      expect(page.status, subdomain).toBe(200);
      expect(page.text).toMatch(/<html/i);
      // The React demos are built into a page that loads their script.
      expect(page.text).toMatch(/<script|<style/i);
    }
  });

  it('are not deployed twice when the server starts again', async () => {
    expect(await seedDemoSites(server.ctx)).toEqual([]);
    const count = await server.ctx.db
      .selectFrom('sites')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(DEMO_SUBDOMAINS.length);
  });
});
