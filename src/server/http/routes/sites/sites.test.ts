import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../../test/databases';
import {
  deployCode,
  fetchSite,
  htmlArtifact,
  uniqueSubdomain,
  waitForDeployment,
} from '../../../../../test/deploy';
import {
  registerUser,
  registerVerifiedUser,
  startTestServer,
  type TestServer,
} from '../../../../../test/server';
import { waitUntil } from '../../../../../test/wait';
import { UNREFERENCED_KEEP_MS } from '../../../domain/blobs';
import { collectGarbage } from '../../../domain/deployments/retention';
import { purgeExpiredSites } from '../../../jobs/expired-sites';

const blobFile = (server: TestServer, sha: string) =>
  path.join(server.ctx.config.dataDir, 'blobs', sha.slice(0, 2), sha.slice(2));

describeEachDatabase('sites API', (dialect) => {
  let server: TestServer;
  let ann: string;
  let annId: string;
  let bob: string;
  beforeAll(async () => {
    server = await startTestServer(dialect, { ADMIN_EMAILS: 'ann@example.com' });
    const registered = await registerVerifiedUser(server, { email: 'ann@example.com' });
    ann = registered.token;
    annId = registered.user.id;
    bob = (await registerUser(server)).token;
  });
  afterAll(() => server.close());

  async function deployed(subdomain: string, marker: string) {
    const res = await deployCode(server, ann, subdomain, htmlArtifact(marker));
    expect(res.status).toBe(201);
    const done = await waitForDeployment(server, ann, res.body.deployment.id);
    expect(done.status, done.errorMessage ?? '').toBe('SUCCESS');
    return { siteId: res.body.site.id, deploymentId: done.id };
  }

  it("lists and shows the user's own sites only", async () => {
    const subdomain = uniqueSubdomain('list');
    const { siteId, deploymentId } = await deployed(subdomain, 'listed');
    const list = await server.api('GET', '/api/sites', { token: ann });
    expect(list.status).toBe(200);
    expect(list.body.sites.map((s: { id: string }) => s.id)).toContain(siteId);
    const one = await server.api('GET', `/api/sites/${siteId}`, { token: ann });
    expect(one.body.site).toMatchObject({
      id: siteId,
      subdomain,
      name: subdomain,
      status: 'ACTIVE',
      views: 0,
      customDomain: null,
      currentDeploymentId: deploymentId,
      expiresAt: null,
    });
    const history = await server.api('GET', `/api/sites/${siteId}/deployments`, { token: ann });
    expect(history.body.deployments).toHaveLength(1);
    expect(history.body.deployments[0]).toMatchObject({ id: deploymentId, isLive: true });

    expect((await server.api('GET', '/api/sites', { token: bob })).body.sites).toEqual([]);
    for (const p of [`/api/sites/${siteId}`, `/api/sites/${siteId}/deployments`]) {
      const other = await server.api('GET', p, { token: bob });
      expect(other.status).toBe(404);
      expect(other.body.error.message).toBe('Site not found');
    }
    expect((await server.api('DELETE', `/api/sites/${siteId}`, { token: bob })).status).toBe(404);
    expect((await server.api('GET', '/api/sites')).status).toBe(401);
  });

  it('rolls back to an earlier successful version at once', async () => {
    const subdomain = uniqueSubdomain('roll');
    const v1 = await deployed(subdomain, 'version one');
    const v2 = await deployed(subdomain, 'version two');
    expect((await fetchSite(server.port, subdomain)).text).toContain('version two');
    const other = await server.api('POST', `/api/sites/${v1.siteId}/rollback`, {
      token: bob,
      body: { deploymentId: v1.deploymentId },
    });
    expect(other.status).toBe(404);
    const res = await server.api('POST', `/api/sites/${v1.siteId}/rollback`, {
      token: ann,
      body: { deploymentId: v1.deploymentId },
    });
    expect(res.status).toBe(200);
    expect(res.body.site.currentDeploymentId).toBe(v1.deploymentId);
    expect(res.body.deployment).toMatchObject({ id: v1.deploymentId, isLive: true });
    expect((await fetchSite(server.port, subdomain)).text).toContain('version one');
    const missing = await server.api('POST', `/api/sites/${v1.siteId}/rollback`, {
      token: ann,
      body: { deploymentId: 'nope' },
    });
    expect(missing.status).toBe(404);
    const bad = await server.api('POST', `/api/sites/${v1.siteId}/rollback`, {
      token: ann,
      body: {},
    });
    expect(bad.status).toBe(400);
    void v2;
  });

  it('deletes a site with its files, keeping blobs another site still uses', async () => {
    const shared = htmlArtifact('shared content');
    const a = await deployCode(server, ann, uniqueSubdomain('del-a'), shared);
    const b = await deployCode(server, ann, uniqueSubdomain('del-b'), shared);
    await waitForDeployment(server, ann, a.body.deployment.id);
    await waitForDeployment(server, ann, b.body.deployment.id);
    const only = await deployed(uniqueSubdomain('del-c'), 'only mine');
    const filesOf = (deploymentId: string) =>
      server.ctx.db
        .selectFrom('deployment_files')
        .select(['sha256'])
        .where('deployment_id', '=', deploymentId)
        .execute();
    const sharedFiles = await filesOf(a.body.deployment.id);
    const ownFiles = await filesOf(only.deploymentId);
    expect(ownFiles.length).toBeGreaterThan(0);
    for (const f of [...sharedFiles, ...ownFiles])
      expect(existsSync(blobFile(server, f.sha256))).toBe(true);

    const del = await server.api('DELETE', `/api/sites/${a.body.site.id}`, { token: ann });
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ ok: true, siteId: a.body.site.id });
    for (const f of sharedFiles) expect(existsSync(blobFile(server, f.sha256))).toBe(true);
    expect((await fetchSite(server.port, b.body.site.subdomain)).text).toContain('shared content');

    await server.api('DELETE', `/api/sites/${only.siteId}`, { token: ann });
    const ownOnly = ownFiles.filter((f) => !sharedFiles.some((s) => s.sha256 === f.sha256));
    expect(ownOnly.length).toBeGreaterThan(0);
    // A page pasted as HTML is its own built file: that blob was stored as a deploy's source
    // moments ago, so it waits out the keep window and goes with the next collection.
    await collectGarbage(server.ctx, Date.now() + UNREFERENCED_KEEP_MS);
    for (const f of ownOnly) expect(existsSync(blobFile(server, f.sha256))).toBe(false);
    expect((await server.api('GET', `/api/sites/${only.siteId}`, { token: ann })).status).toBe(404);
    const gone = await fetchSite(server.port, a.body.site.subdomain);
    expect(gone.status).toBe(404);
  });

  it('serves an expired guest site as expired, then purges it', async () => {
    const subdomain = uniqueSubdomain('expire');
    const { siteId } = await deployed(subdomain, 'short lived');
    const past = new Date(Date.now() - 1000).toISOString();
    await server.ctx.db
      .updateTable('sites')
      .set({ expires_at: past })
      .where('id', '=', siteId)
      .execute();
    // The back door above changed the row; say so as the domain would.
    server.ctx.events.emit('site.changed', {
      siteId,
      userId: annId,
      teamId: null,
      status: 'ACTIVE',
    });
    const page = await fetchSite(server.port, subdomain);
    expect(page.status).toBe(410);
    expect(page.text).toContain('expired');
    expect((await server.api('GET', `/api/sites/${siteId}`, { token: ann })).body.site.status).toBe(
      'INACTIVE',
    );
    const beyondGrace = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000).toISOString();
    await server.ctx.db
      .updateTable('sites')
      .set({ expires_at: beyondGrace })
      .where('id', '=', siteId)
      .execute();
    await purgeExpiredSites.run(server.ctx);
    expect((await server.api('GET', `/api/sites/${siteId}`, { token: ann })).status).toBe(404);
    expect((await fetchSite(server.port, subdomain)).status).toBe(404);
  });

  it('answers unknown subdomains with the friendly page, and missing files with 404', async () => {
    const none = await fetchSite(server.port, uniqueSubdomain('nobody'));
    expect(none.status).toBe(404);
    expect(none.text).toContain('This site does not exist');
    const subdomain = uniqueSubdomain('files');
    await deployed(subdomain, 'files');
    const missing = await fetchSite(server.port, subdomain, '/nope.png');
    expect(missing.status).toBe(404);
    expect(missing.text).toContain('Page not found');
    const spa = await fetchSite(server.port, subdomain, '/some/route');
    expect(spa.status).toBe(200);
  });

  it('counts page views of HTML documents, not bots, in batches', async () => {
    const subdomain = uniqueSubdomain('views');
    const { siteId } = await deployed(subdomain, 'counted');
    const browser = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0' };
    await fetchSite(server.port, subdomain, '/', { headers: browser });
    await fetchSite(server.port, subdomain, '/about', { headers: browser });
    await fetchSite(server.port, subdomain, '/', { headers: { 'user-agent': 'Googlebot/2.1' } });
    await fetchSite(server.port, subdomain, '/missing.css', { headers: browser });
    // Views are written in batches on a timer that nothing announces: ask until they land.
    const views = await waitUntil(
      async () => {
        const site = (await server.api('GET', `/api/sites/${siteId}`, { token: ann })).body.site;
        return site.views >= 2 ? (site.views as number) : false;
      },
      { timeoutMs: 30_000, intervalMs: 250, what: 'the batch of page views to be written' },
    );
    expect(views).toBe(2);
    const daily = await server.ctx.db
      .selectFrom('site_views_daily')
      .selectAll()
      .where('site_id', '=', siteId)
      .execute();
    expect(daily).toEqual([
      { site_id: siteId, day: new Date().toISOString().slice(0, 10), views: 2, visitors: 1 },
    ]);
  });

  it('keeps window.storage shared data per site, bounded', async () => {
    const subdomain = uniqueSubdomain('store');
    await deployed(subdomain, 'storage');
    const call = (method: string, p: string, body?: unknown) =>
      fetchSite(server.port, subdomain, p, {
        method,
        ...(body === undefined
          ? {}
          : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
      });
    expect((await call('GET', '/__storage/score')).status).toBe(404);
    const put = await call('PUT', '/__storage/score', { value: '42' });
    expect(put.status).toBe(200);
    expect(JSON.parse(put.text)).toEqual({ value: '42' });
    await call('PUT', `/__storage/${encodeURIComponent('game:1')}`, { value: 'x' });
    expect(JSON.parse((await call('GET', '/__storage/score')).text)).toEqual({ value: '42' });
    expect(JSON.parse((await call('GET', '/__storage?prefix=game')).text)).toEqual({
      keys: ['game:1'],
    });
    const big = await call('PUT', '/__storage/big', { value: 'x'.repeat(64 * 1024 + 1) });
    expect(big.status).toBe(413);
    expect(typeof JSON.parse(big.text).error).toBe('string');
    expect((await call('PUT', '/__storage/n', { value: 5 })).status).toBe(400);
    const del = await call('DELETE', '/__storage/score');
    expect(JSON.parse(del.text)).toEqual({ deleted: true });
    expect((await call('GET', '/__storage/score')).status).toBe(404);
    const ai = await call('POST', '/__claude/complete', { prompt: 'hi' });
    // no AI key stored by the owner: the page is told so, in words it shows
    expect(ai.status).toBe(503);
    expect(JSON.parse(ai.text)).toEqual({
      error: "This site's owner has not connected an AI provider yet.",
      code: 'AI_NOT_CONNECTED',
    });
  });
});
