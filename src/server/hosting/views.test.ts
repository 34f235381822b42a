import { Writable } from 'node:stream';
import { afterEach, expect, it } from 'vitest';
import { createTestDatabaseTarget, describeEachDatabase } from '../../../test/databases';
import {
  deployCode,
  fetchSite,
  htmlArtifact,
  uniqueSubdomain,
  waitForDeployment,
} from '../../../test/deploy';
import { freePort } from '../../../test/child-server';
import { apiClient, registerUser } from '../../../test/server';
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { createLogger } from '../logger';
import { startServer } from '../server';

// Views are written in batches every few seconds: a graceful stop writes what it holds.
describeEachDatabase('page views at shutdown', (dialect) => {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });

  it('writes the views counted since the last batch when the server stops', async () => {
    const target = await createTestDatabaseTarget(dialect);
    cleanups.push(() => target.cleanup());
    const port = await freePort();
    const config = loadConfig({
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: target.dataDir,
      SEED_DEMOS: 'false',
      ...(target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : {}),
    });
    const silent = new Writable({ write: (_chunk, _enc, done) => done() });
    const server = await startServer(config, { log: createLogger('info', silent) });
    const api = apiClient(server.url);
    const { token } = await registerUser({ api });
    const subdomain = uniqueSubdomain('lastviews');
    const deployed = await deployCode({ api }, token, subdomain, htmlArtifact('views'));
    await waitForDeployment({ api }, token, deployed.body.deployment.id);
    const browser = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0' };
    for (let i = 0; i < 3; i++) await fetchSite(port, subdomain, '/', { headers: browser });
    await server.close();

    const reopened = openDatabase({ url: target.databaseUrl, dataDir: target.dataDir });
    try {
      const site = await reopened.db
        .selectFrom('sites')
        .select('views')
        .where('subdomain', '=', subdomain)
        .executeTakeFirstOrThrow();
      expect(site.views).toBe(3);
    } finally {
      await reopened.close();
    }
  });
});
