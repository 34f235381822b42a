import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import type { ChildServer } from '../../../test/child-server';
import { describeEachDatabase } from '../../../test/databases';
import { restartableServer } from '../../../test/restartable-server';
import {
  deployCode,
  fetchSite,
  htmlArtifact,
  slowSiteZip,
  uploadFile,
  waitForDeployment,
} from '../../../test/deploy';
import { apiClient, registerUser } from '../../../test/server';
import { waitUntil } from '../../../test/wait';

// More builds than the worker runs at once, so the crash finds some building and some queued.
const SITES = 4;

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

describeEachDatabase('restart or kill -9 during several builds', (dialect) => {
  const node = restartableServer(dialect);
  let server: ChildServer | null = null;

  it('ends every deployment honestly, leaves no half-written file or row, and keeps the previous versions serving', async () => {
    server = await node.start();
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

    // under half the usual slow build: the crash only has to find builds under way, and every
    // ending (built again, or failed with a reason) is checked below
    const zip = slowSiteZip('v2', 400);
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
      { timeoutMs: 120_000, what: () => 'one of the builds to start' },
    );
    await servesAVersion();
    server.child.kill('SIGKILL');
    await server.exited;

    server = await node.start();
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
    for (const [name, actual] of storedBlobs(path.join(node.dataDir, 'blobs'))) {
      expect(actual, name).toBe(name);
    }
  }, 600_000);
});
