import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/databases';
import {
  deployCode,
  htmlArtifact,
  fetchSite,
  uniqueSubdomain,
  waitForDeployment,
} from '../../../test/deploy';
import { registerUser, startTestServer, type TestServer } from '../../../test/server';
import type { Deployment } from '../../shared/deployment';
import { UNREFERENCED_KEEP_MS } from '../domain/blobs';
import { collectGarbage, FAILED_KEPT_MS } from '../domain/deployments/retention';
import { collectGarbageJob } from './garbage-collection';

describeEachDatabase('garbage collection', (dialect) => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer(dialect);
    token = (await registerUser(server)).token;
  });
  afterAll(() => server?.close());

  const blobOnDisk = (sha: string) =>
    existsSync(path.join(server.ctx.config.dataDir, 'blobs', sha.slice(0, 2), sha.slice(2)));
  const hashesOf = async (deploymentId: string) => {
    const files = await server.ctx.db
      .selectFrom('deployment_files')
      .select(['sha256', 'gzip_sha256', 'br_sha256'])
      .where('deployment_id', '=', deploymentId)
      .execute();
    const source = await server.ctx.db
      .selectFrom('deployments')
      .select('source_sha256')
      .where('id', '=', deploymentId)
      .executeTakeFirstOrThrow();
    return [
      source.source_sha256,
      ...files.flatMap((f) => [f.sha256, f.gzip_sha256, f.br_sha256]).filter((h) => h !== null),
    ];
  };
  const history = async (siteId: string) => {
    const res = await server.api<{ deployments: Deployment[] }>(
      'GET',
      `/api/sites/${siteId}/deployments`,
      { token },
    );
    expect(res.status).toBe(200);
    return res.body.deployments;
  };
  const deployVersion = async (subdomain: string, marker: string) => {
    const res = await deployCode(server, token, subdomain, htmlArtifact(marker));
    expect(res.status).toBe(201);
    const done = await waitForDeployment(server, token, res.body.deployment.id);
    expect(done.status).toBe('SUCCESS');
    return { siteId: res.body.site.id as string, deploymentId: done.id };
  };

  it('keeps the newest five versions of a FREE site and the live one, and removes the rest with their files', async () => {
    const subdomain = uniqueSubdomain('gc-keep');
    const versions = [];
    for (let v = 1; v <= 7; v++) versions.push(await deployVersion(subdomain, `version ${v}`));
    const siteId = versions[0]!.siteId;
    // Version 1 live again: old, but live, so never collected.
    const rollback = await server.api('POST', `/api/sites/${siteId}/rollback`, {
      token,
      body: { deploymentId: versions[0]!.deploymentId },
    });
    expect(rollback.status).toBe(200);
    const v2Hashes = await hashesOf(versions[1]!.deploymentId);
    expect(v2Hashes.every(blobOnDisk)).toBe(true);

    // Past the keep window of freshly stored sources, as a later run of the job would be.
    await collectGarbage(server.ctx, Date.now() + UNREFERENCED_KEEP_MS);

    // The history offers only versions that still have their files.
    expect((await history(siteId)).map((d) => d.version)).toEqual([7, 6, 5, 4, 3, 1]);
    const stillUsed = new Set(
      (await Promise.all(versions.map((v) => hashesOf(v.deploymentId).catch(() => [])))).flat(),
    );
    const v2Only = v2Hashes.filter((h) => !stillUsed.has(h));
    expect(v2Only.length).toBeGreaterThan(0);
    expect(v2Only.some(blobOnDisk)).toBe(false);
    expect([...stillUsed].every(blobOnDisk)).toBe(true);
    const rollbackToGone = await server.api('POST', `/api/sites/${siteId}/rollback`, {
      token,
      body: { deploymentId: versions[1]!.deploymentId },
    });
    expect(rollbackToGone.status).toBe(404);
    expect((await fetchSite(server.port, subdomain)).text).toContain('version 1');
    const v7 = await server.api('POST', `/api/sites/${siteId}/rollback`, {
      token,
      body: { deploymentId: versions[6]!.deploymentId },
    });
    expect(v7.status).toBe(200);
    expect((await fetchSite(server.port, subdomain)).text).toContain('version 7');
  });

  it('removes a source replaced by a newer one before it built, and never a queued one', async () => {
    // A web node alone builds nothing, so the first source surely waits until it is replaced.
    const web = await startTestServer(dialect, { ROLES: 'web' });
    try {
      const { token: own } = await registerUser(web);
      const subdomain = uniqueSubdomain('gc-replaced');
      const replaced = await deployCode(web, own, subdomain, htmlArtifact('never built'));
      const newest = await deployCode(web, own, subdomain, htmlArtifact('queued'));
      expect(newest.status).toBe(201);
      const [source] = await web.ctx.db
        .selectFrom('deployments')
        .select('source_sha256')
        .where('id', '=', replaced.body.deployment.id)
        .execute();
      const sha = source!.source_sha256;
      const onDisk = () =>
        existsSync(path.join(web.ctx.config.dataDir, 'blobs', sha.slice(0, 2), sha.slice(2)));
      expect(onDisk()).toBe(true);

      expect(await collectGarbageJob.run(web.ctx)).toMatch(/collected 1 deployments/);
      const res = await web.api<{ deployments: Deployment[] }>(
        'GET',
        `/api/sites/${replaced.body.site.id}/deployments`,
        { token: own },
      );
      expect(res.body.deployments.map((d) => [d.id, d.status])).toEqual([
        [newest.body.deployment.id, 'PENDING'],
      ]);
      // Its source was stored moments ago: it goes once the keep window has passed.
      await collectGarbage(web.ctx, Date.now() + UNREFERENCED_KEEP_MS);
      expect(onDisk()).toBe(false);
    } finally {
      await web.close();
    }
  });

  it('keeps a failed build for a day, so its log can be read, then removes it', async () => {
    const subdomain = uniqueSubdomain('gc-failed');
    const ok = await deployVersion(subdomain, 'works');
    const res = await deployCode(
      server,
      token,
      subdomain,
      'export default function App() { return <div> }',
    );
    const failed = await waitForDeployment(server, token, res.body.deployment.id);
    expect(failed.status).toBe('FAILED');

    await collectGarbage(server.ctx);
    expect((await history(ok.siteId)).map((d) => d.id)).toContain(failed.id);
    await collectGarbage(server.ctx, Date.now() + FAILED_KEPT_MS + 60_000);
    const left = (await history(ok.siteId)).map((d) => d.id);
    expect(left).not.toContain(failed.id);
    expect(left).toContain(ok.deploymentId);
  });
});
