import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/databases';
import {
  deployCode,
  fetchSite,
  htmlArtifact,
  uniqueSubdomain,
  waitForDeployment,
} from '../../../test/deploy';
import { registerUser, startTestServer, type TestServer } from '../../../test/server';
import { waitUntil } from '../../../test/wait';
import { REVALIDATE_AFTER_MS } from './site-cache';

// A node that misses an event (Redis down for a moment, say) must not serve an old version
// for ever: cached sites are checked against the database again after a short time.
describeEachDatabase('hosting without the event', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  it('serves the live version again within a bounded time', async () => {
    const { token } = await registerUser(server);
    const subdomain = uniqueSubdomain('missed');
    const v1 = await deployCode(server, token, subdomain, htmlArtifact('first'));
    await waitForDeployment(server, token, v1.body.deployment.id);
    const v2 = await deployCode(server, token, subdomain, htmlArtifact('second'));
    await waitForDeployment(server, token, v2.body.deployment.id);
    expect((await fetchSite(server.port, subdomain)).text).toContain('second');

    // The live version changes behind hosting's back: no event is sent.
    await server.ctx.db
      .updateTable('sites')
      .set({ current_deployment_id: v1.body.deployment.id })
      .where('id', '=', v1.body.site.id)
      .execute();
    await waitUntil(async () => (await fetchSite(server.port, subdomain)).text.includes('first'), {
      timeoutMs: REVALIDATE_AFTER_MS * 5,
      what: 'the live version to be served without an event',
    });
  });
});
