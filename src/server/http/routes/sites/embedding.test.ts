import { afterAll, beforeAll, expect, it } from 'vitest';
import { PRODUCT_NAME } from '../../../../shared/brand';
import { OEmbedResponseSchema } from '../../../../shared/embed';
import type { SiteResponse as SiteApiResponse } from '../../../../shared/site';
import { describeEachDatabase } from '../../../../../test/databases';
import {
  fetchSite,
  uniqueSubdomain,
  uploadFile,
  waitForDeployment,
} from '../../../../../test/deploy';
import {
  registerUser,
  registerUserOnPlan,
  startTestServer,
  type TestServer,
} from '../../../../../test/server';
import { makeZip } from '../../../../../test/zip';

const PAGE =
  '<!doctype html><html><head><title>Chart</title></head><body><h1>Chart</h1></body></html>';

describeEachDatabase('embeds', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  async function deploy(token: string) {
    const subdomain = uniqueSubdomain('embed');
    const res = await uploadFile(
      server,
      token,
      {
        name: 'site.zip',
        bytes: makeZip({ 'index.html': PAGE, 'app.js': 'console.log(1)' }),
        type: 'application/zip',
      },
      subdomain,
    );
    expect(res.status).toBe(201);
    const done = await waitForDeployment(server, token, res.body.deployment.id);
    expect(done.status).toBe('SUCCESS');
    return { subdomain, siteId: res.body.site.id as string };
  }

  const csp = async (subdomain: string, path = '/') =>
    (await fetchSite(server.port, subdomain, path)).headers['content-security-policy'];

  it('lets anyone frame a site until its owner lists origins, without a rebuild', async () => {
    const owner = await registerUser(server);
    const { subdomain, siteId } = await deploy(owner.token);
    expect(await csp(subdomain)).toBeUndefined();
    const shown = await server.api<SiteApiResponse>('GET', `/api/sites/${siteId}`, {
      token: owner.token,
    });
    expect(shown.body.site.embedding).toEqual({ allowedOrigins: null });

    const listed = await server.api('PUT', `/api/sites/${siteId}/embedding`, {
      token: owner.token,
      body: { allowedOrigins: ['https://Notes.example.com', 'http://localhost:8080'] },
    });
    expect(listed.status).toBe(200);
    expect(listed.body.embedding.allowedOrigins).toEqual([
      'https://notes.example.com',
      'http://localhost:8080',
    ]);
    const policy = "frame-ancestors 'self' https://notes.example.com http://localhost:8080";
    expect(await csp(subdomain)).toBe(policy);
    expect(await csp(subdomain, '/app.js')).toBe(policy);
    // the same file again, now from the cache of headers: still the owner's list
    expect(await csp(subdomain, '/app.js')).toBe(policy);

    const nobody = await server.api('PUT', `/api/sites/${siteId}/embedding`, {
      token: owner.token,
      body: { allowedOrigins: [] },
    });
    expect(nobody.status).toBe(200);
    expect(await csp(subdomain)).toBe("frame-ancestors 'self'");

    const anyone = await server.api('PUT', `/api/sites/${siteId}/embedding`, {
      token: owner.token,
      body: { allowedOrigins: null },
    });
    expect(anyone.body.embedding.allowedOrigins).toBeNull();
    expect(await csp(subdomain)).toBeUndefined();
    expect(await csp(subdomain, '/app.js')).toBeUndefined();
    const deployments = await server.api('GET', `/api/sites/${siteId}/deployments`, {
      token: owner.token,
    });
    expect(deployments.body.deployments).toHaveLength(1);
  });

  it('refuses what is not an origin with 400 and keeps the list; strangers find no site', async () => {
    const owner = await registerUser(server);
    const { siteId } = await deploy(owner.token);
    await server.api('PUT', `/api/sites/${siteId}/embedding`, {
      token: owner.token,
      body: { allowedOrigins: ['https://kept.example'] },
    });
    for (const bad of [
      'https://notes.example.com/page',
      'ftp://files.example',
      "https://a.example 'unsafe-inline'",
      'javascript:alert(1)',
      'notes.example.com',
      'https://a.example:99999',
    ]) {
      const res = await server.api('PUT', `/api/sites/${siteId}/embedding`, {
        token: owner.token,
        body: { allowedOrigins: ['https://fine.example', bad] },
      });
      expect(res.status, bad).toBe(400);
      expect(JSON.stringify(res.body.error), bad).toMatch(/is not an origin/);
    }
    const kept = await server.api('GET', `/api/sites/${siteId}/embedding`, { token: owner.token });
    expect(kept.body.embedding.allowedOrigins).toEqual(['https://kept.example']);

    const stranger = await registerUser(server);
    const res = await server.api('PUT', `/api/sites/${siteId}/embedding`, {
      token: stranger.token,
      body: { allowedOrigins: null },
    });
    expect(res.status).toBe(404);
  });

  it('answers oEmbed for a live site and 404s for anything else', async () => {
    const owner = await registerUser(server);
    const { siteId } = await deploy(owner.token);
    const { site } = (
      await server.api<SiteApiResponse>('GET', `/api/sites/${siteId}`, { token: owner.token })
    ).body;
    const ask = (url: string, extra = '') =>
      server.api('GET', `/api/oembed?url=${encodeURIComponent(url)}${extra}`);

    const res = await ask(`${site.url}/`, '&format=json');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    const answer = OEmbedResponseSchema.parse(res.body);
    expect(answer).toMatchObject({
      version: '1.0',
      type: 'rich',
      width: 800,
      height: 600,
      title: site.name,
      provider_name: PRODUCT_NAME,
    });
    expect(answer.html).toBe(
      `<iframe src="${site.url}/" title="${site.name}" width="800" height="600" style="border:0" loading="lazy" allow="clipboard-write; fullscreen"></iframe>`,
    );
    const smaller = await ask(`${site.url}/about`, '&maxwidth=400&maxheight=300');
    expect(smaller.body).toMatchObject({ width: 400, height: 300 });
    expect(smaller.body.html).toContain(`src="${site.url}/about"`);

    expect((await ask(`${site.url}/`, '&format=xml')).status).toBe(501);
    const missing = site.url.replace(site.subdomain, `${site.subdomain}-none`);
    for (const url of [missing, server.url, 'https://example.com/', 'not a url', 'file:///etc']) {
      const other = await ask(url);
      expect(other.status, url).toBe(404);
    }

    // a site that is deleted stops answering
    await server.api('DELETE', `/api/sites/${siteId}`, { token: owner.token });
    expect((await ask(site.url)).status).toBe(404);
  });

  it('names no provider for a white-labelled site', async () => {
    const pro = await registerUserOnPlan(server, 'PRO');
    const { siteId } = await deploy(pro.token);
    const branded = await server.api('PUT', `/api/sites/${siteId}/branding`, {
      token: pro.token,
      body: { whiteLabel: true },
    });
    expect(branded.status).toBe(200);
    const { site } = (
      await server.api<SiteApiResponse>('GET', `/api/sites/${siteId}`, { token: pro.token })
    ).body;
    const res = await server.api('GET', `/api/oembed?url=${encodeURIComponent(`${site.url}/`)}`);
    expect(res.status).toBe(200);
    const text = JSON.stringify(res.body);
    expect(text).not.toContain(PRODUCT_NAME);
    expect(text).not.toContain(new URL(server.url).host);
    expect(res.body).not.toHaveProperty('provider_name');
  });
});
