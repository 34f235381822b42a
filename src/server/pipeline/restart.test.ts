import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { freePort, spawnServer, stopServer, type ChildServer } from '../../../test/child-server';
import {
  createTestDatabaseTarget,
  describeEachDatabase,
  type TestDatabaseTarget,
} from '../../../test/databases';
import {
  deployCode,
  fetchSite,
  htmlArtifact,
  slowSiteZip,
  uploadFile,
  waitForDeployment,
  waitForDeploymentStatus,
} from '../../../test/deploy';
import { apiClient, guestSession, registerUser } from '../../../test/server';
import { waitUntil } from '../../../test/wait';
import { RESTARTED } from './build-queue';

const SITES = 10;

/** Every file of the blob folder whose name is a hash: [name, hash of its bytes]. */
function storedBlobs(dir: string): [string, string][] {
  const out: [string, string][] = [];
  for (const prefix of readdirSync(dir)) {
    const sub = path.join(dir, prefix);
    if (!statSync(sub).isDirectory()) continue;
    for (const rest of readdirSync(sub)) {
      if (!/^[0-9a-f]{62}$/.test(rest)) continue; // a temp file of an interrupted write
      const bytes = readFileSync(path.join(sub, rest));
      out.push([prefix + rest, createHash('sha256').update(bytes).digest('hex')]);
    }
  }
  return out;
}

describeEachDatabase('restart or kill -9 during builds', (dialect) => {
  let target: TestDatabaseTarget;
  let server: ChildServer | null = null;
  let env: Record<string, string>;
  beforeAll(async () => {
    target = await createTestDatabaseTarget(dialect);
    env = {
      DATA_DIR: target.dataDir,
      PORT: String(await freePort()),
      // The slow build after two cold starts can pass the default limit on a busy machine;
      // this test is about restarts, stopping.test.ts about the limit.
      BUILD_TIMEOUT_MS: '600000',
      ...(target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : {}),
    };
  });
  afterAll(async () => {
    await stopServer(server);
    await target.cleanup();
  });

  // Two cold server starts and a slow build: minutes on a busy two-core machine.
  it('ends the stuck deployment honestly and keeps serving the previous version', async () => {
    server = await spawnServer(env);
    // The same address after the restart, so one client serves both processes.
    const api = apiClient(server.url);
    const { token } = await guestSession({ api });
    const v1 = await deployCode({ api }, token, 'survivor', htmlArtifact('first version'));
    expect(v1.status).toBe(201);
    expect((await waitForDeployment({ api }, token, v1.body.deployment.id)).status).toBe('SUCCESS');
    const serves = async (text: string) => {
      const page = await fetchSite(server!.port, 'survivor');
      expect(page.status).toBe(200);
      expect(page.text).toContain(text);
    };
    await serves('first version');

    const upload = await uploadFile(
      server,
      token,
      { name: 'site.zip', bytes: slowSiteZip('second version'), type: 'application/zip' },
      'survivor',
    );
    expect(upload.status).toBe(201);
    const v2 = (upload.body as { deployment: { id: string } }).deployment.id;
    const building = await waitForDeploymentStatus({ api }, token, v2, (s) => s !== 'PENDING');
    expect(building.status).toBe('BUILDING');
    await serves('first version');
    server.child.kill('SIGKILL');
    await server.exited;

    server = await spawnServer(env);
    await serves('first version');
    const final = await waitForDeployment({ api }, token, v2, 90_000);
    expect(final.buildLogs).toContain('The server restarted during this build');
    if (final.status === 'FAILED') {
      expect(final.errorMessage).toBe(RESTARTED);
      await serves('first version');
    } else {
      await serves('second version');
    }
  }, 240_000);

  it('ends every deployment honestly, leaves no half-written file or row, and keeps the previous versions serving', async () => {
    await stopServer(server);
    server = await spawnServer(env);
    const api = apiClient(server.url);
    // an owner per site: a free plan holds three sites, and each owner may send two large
    // uploads a minute
    const owners: { token: string }[] = [];
    for (let i = 0; i < SITES; i++) owners.push(await registerUser({ api }));
    const sites = Array.from({ length: SITES }, (_, i) => ({
      subdomain: `crash-${dialect}-${i}`,
      token: owners[i % owners.length]!.token,
    }));
    for (const site of sites) {
      const v1 = await deployCode(
        { api },
        site.token,
        site.subdomain,
        htmlArtifact(`v1 ${site.subdomain}`),
      );
      expect(v1.status).toBe(201);
      const done = await waitForDeployment({ api }, site.token, v1.body.deployment.id);
      expect(done.status).toBe('SUCCESS');
    }
    // a version whole at every moment: the first, or the second once its build has finished
    const servesAVersion = async () => {
      for (const site of sites) {
        const page = await fetchSite(server!.port, site.subdomain);
        expect(page.status, site.subdomain).toBe(200);
        expect(page.text, site.subdomain).toMatch(new RegExp(`v1 ${site.subdomain}|<h1>v2</h1>`));
      }
    };

    const zip = slowSiteZip('v2');
    const v2 = await Promise.all(
      sites.map(async (site) => {
        const res = await uploadFile(
          server!,
          site.token,
          { name: 'site.zip', bytes: zip, type: 'application/zip' },
          site.subdomain,
        );
        expect(res.status, JSON.stringify(res.body)).toBe(201);
        return (res.body as { deployment: { id: string } }).deployment.id;
      }),
    );
    // the crash must land while builds run
    await waitUntil(
      async () => {
        for (const [i, site] of sites.entries()) {
          const res = await api<{ deployment: { status: string } }>(
            'GET',
            `/api/deployments/${v2[i]}`,
            { token: site.token },
          );
          if (res.body.deployment.status === 'BUILDING') return true;
        }
        return false;
      },
      { timeoutMs: 120_000, what: () => 'one of the ten builds to start' },
    );
    await servesAVersion();
    server.child.kill('SIGKILL');
    await server.exited;

    server = await spawnServer(env);
    await servesAVersion();
    for (const [i, site] of sites.entries()) {
      const final = await waitForDeployment({ api }, site.token, v2[i]!, 300_000);
      const page = await fetchSite(server.port, site.subdomain);
      expect(page.status).toBe(200);
      if (final.status === 'SUCCESS') {
        expect(page.text).toContain('v2');
      } else {
        // failed with a reason a person can read, and the previous version still live
        expect(final.errorMessage).toMatch(/\w{4,}/);
        expect(page.text).toContain(`v1 ${site.subdomain}`);
      }
      // every stored file the live version names is there, whole (the site check hashes them)
      const check = await api<{ ok: boolean; checks: unknown[] }>(
        'GET',
        `/api/debug/site-check/${final.siteId}`,
        { token: site.token },
      );
      expect(check.body.ok, JSON.stringify(check.body.checks)).toBe(true);
    }
    // no blob under its hash holds other bytes (no half-written file took a real name)
    for (const [name, actual] of storedBlobs(path.join(target.dataDir, 'blobs'))) {
      expect(actual, name).toBe(name);
    }
  }, 600_000);
});
