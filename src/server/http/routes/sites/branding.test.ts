import { afterAll, beforeAll, expect, it } from 'vitest';
import { PRODUCT_NAME } from '../../../../shared/brand';
import type { Site, SiteResponse as SiteApiResponse } from '../../../../shared/site';
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
import { waitUntil } from '../../../../../test/wait';
import { makeZip } from '../../../../../test/zip';
import { fetchHost } from '../../../../../test/host-request';
import { REVALIDATE_AFTER_MS } from '../../../hosting/site-cache';

// A one-pixel PNG: the smallest picture the branding endpoints take.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
// The app lives on a host of its own here, so a link to it cannot hide among the site's own URLs.
const APP_HOST = 'app.platform-under-test.example';

const PAGE = `<!doctype html><html><head><meta name="generator" content="${PRODUCT_NAME}">
<title>Artifact</title><link rel="icon" href="/old.ico"></head>
<body><h2>Shop</h2><script>window.storage && window.storage.get('x')</script></body></html>`;

describeEachDatabase('site branding', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect, { APP_ORIGIN: `http://${APP_HOST}` });
  });
  afterAll(() => server.close());

  async function deployZip(token: string, files: Record<string, string>, name = 'brand') {
    const subdomain = uniqueSubdomain(name);
    const res = await uploadFile(
      server,
      token,
      { name: 'site.zip', bytes: makeZip(files), type: 'application/zip' },
      subdomain,
    );
    expect(res.status).toBe(201);
    const done = await waitForDeployment(server, token, res.body.deployment.id);
    expect(done.status).toBe('SUCCESS');
    return { subdomain, siteId: res.body.site.id as string };
  }

  const site = (path: string, subdomain: string) => fetchSite(server.port, subdomain, path);
  const platformIn = (text: string) =>
    text.includes(PRODUCT_NAME) || text.toLowerCase().includes(APP_HOST);

  it('stores page settings, refuses white-label to Free and strangers, and shows them on the site', async () => {
    const free = await registerUser(server);
    const { subdomain, siteId } = await deployZip(free.token, { 'index.html': PAGE });
    const shown = await server.api<SiteApiResponse>('GET', `/api/sites/${siteId}`, {
      token: free.token,
    });
    expect(shown.body.site.branding).toMatchObject({ whiteLabel: false, title: null });

    const refused = await server.api('PUT', `/api/sites/${siteId}/branding`, {
      token: free.token,
      body: { whiteLabel: true },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toMatch(/Pro plan.*Free plan/);

    const stranger = await registerUserOnPlan(server, 'PRO');
    for (const [method, path] of [
      ['GET', `/api/sites/${siteId}/branding`],
      ['PUT', `/api/sites/${siteId}/branding`],
    ] as const) {
      const res = await server.api(method, path, {
        token: stranger.token,
        body: method === 'PUT' ? { whiteLabel: false, title: 'Mine now' } : undefined,
      });
      // Anybody else's site is as good as missing, as on every other site route.
      expect(res.status).toBe(404);
    }

    // Title and description are page settings of every plan; served without a rebuild.
    const deployments = await server.api('GET', `/api/sites/${siteId}/deployments`, {
      token: free.token,
    });
    const saved = await server.api('PUT', `/api/sites/${siteId}/branding`, {
      token: free.token,
      body: { whiteLabel: false, title: 'Corner Shop', description: 'Fresh bread & "more"' },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.branding).toMatchObject({
      whiteLabel: false,
      title: 'Corner Shop',
      description: 'Fresh bread & "more"',
    });
    const page = await site('/', subdomain);
    expect(page.text).toContain('<title>Corner Shop</title>');
    expect(page.text).toContain('<meta property="og:title" content="Corner Shop">');
    expect(page.text).toContain(
      '<meta name="description" content="Fresh bread &amp; &quot;more&quot;">',
    );
    expect(page.text.match(/<title>/g)).toHaveLength(1);
    // the rewritten page has an ETag of its own: a browser's copy is kept until the settings change
    const etag = String(page.headers.etag);
    const again = await fetchSite(server.port, subdomain, '/', {
      headers: { 'if-none-match': etag },
    });
    expect(again.status).toBe(304);
    await server.api('PUT', `/api/sites/${siteId}/branding`, {
      token: free.token,
      body: { whiteLabel: false, title: 'Corner Shop', description: 'Fresh bread & "more"!' },
    });
    const changed = await fetchSite(server.port, subdomain, '/', {
      headers: { 'if-none-match': etag },
    });
    expect(changed.status).toBe(200);
    expect(changed.text).toContain('content="Fresh bread &amp; &quot;more&quot;!"');
    // not white-labelled: the page keeps what the artifact wrote
    expect(page.text).toContain('name="generator"');
    const after = await server.api('GET', `/api/sites/${siteId}/deployments`, {
      token: free.token,
    });
    expect(after.body.deployments).toHaveLength(deployments.body.deployments.length);
  });

  it('white-labels a Pro site: no platform name or link on any page a visitor can reach', async () => {
    const pro = await registerUserOnPlan(server, 'PRO');
    const { subdomain, siteId } = await deployZip(pro.token, { 'index.html': PAGE }, 'wl');
    const put = await server.api('PUT', `/api/sites/${siteId}/branding`, {
      token: pro.token,
      body: { whiteLabel: true },
    });
    expect(put.status).toBe(200);
    const icon = await fetch(`${server.url}/api/sites/${siteId}/branding/icon`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${pro.token}`, 'content-type': 'image/png' },
      body: PNG,
    });
    expect(icon.status).toBe(200);
    const { branding } = (await icon.json()) as { branding: Site['branding'] };
    expect(branding.iconUrl).toMatch(/\/__branding\/icon\?v=/);

    const root = await site('/', subdomain);
    expect(root.status).toBe(200);
    expect(root.text).not.toContain('generator');
    expect(root.text).not.toContain('/old.ico');
    expect(root.text).toMatch(/<link rel="icon" href="\/__branding\/icon\?v=[0-9a-f]+">/);
    // the builder's fallback title gives way to the site's own name
    expect(root.text).not.toContain('<title>Artifact</title>');
    const iconPath = /href="(\/__branding\/icon[^"]*)"/.exec(root.text)![1]!;
    const served = await fetchSite(server.port, subdomain, iconPath);
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect((await site('/favicon.ico', subdomain)).headers['content-type']).toBe('image/png');

    // Every page a visitor can reach: the site, an unknown address, the runtime scripts it loads.
    const reachable = [root.text, (await site('/no/such/page.txt', subdomain)).text];
    for (const [, src] of root.text.matchAll(/<script[^>]*src="\.?\/?([^"]+)"/g)) {
      reachable.push((await site(`/${src}`, subdomain)).text);
    }
    expect(reachable.length).toBeGreaterThan(2);
    for (const text of reachable) expect(platformIn(text)).toBe(false);
    expect((await site('/no/such/page.txt', subdomain)).status).toBe(404);

    // On a custom domain the site looks the same: the owner's, with no word of the platform.
    const domain = `www.wl-shop-${Date.now().toString(36)}.com`;
    await server.ctx.db
      .updateTable('sites')
      .set({ custom_domain: domain, custom_domain_status: 'VERIFIED' })
      .where('id', '=', siteId)
      .execute();
    const onDomain = await fetchHost(server.port, domain);
    expect(onDomain.status).toBe(200);
    expect(onDomain.text).toMatch(/<link rel="icon" href="\/__branding\/icon/);
    expect(platformIn(onDomain.text)).toBe(false);
    const lostOnDomain = await fetchHost(server.port, domain, '/missing.txt');
    expect(lostOnDomain.status).toBe(404);
    expect(platformIn(lostOnDomain.text)).toBe(false);

    // A site that is not live yet, and one that expired, say so without the platform.
    await server.ctx.db
      .updateTable('sites')
      .set({ current_deployment_id: null })
      .where('id', '=', siteId)
      .execute();
    await waitUntil(async () => (await site('/', subdomain)).status === 503, {
      timeoutMs: REVALIDATE_AFTER_MS * 5,
      what: 'the building page',
    });
    expect(platformIn((await site('/', subdomain)).text)).toBe(false);
    await server.ctx.db
      .updateTable('sites')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', siteId)
      .execute();
    await waitUntil(async () => (await site('/', subdomain)).status === 410, {
      timeoutMs: REVALIDATE_AFTER_MS * 5,
      what: 'the expired page',
    });
    const expired = await site('/', subdomain);
    expect(platformIn(expired.text)).toBe(false);
  });

  it('stops white-labelling when the owner leaves Pro, and keeps the settings', async () => {
    const pro = await registerUserOnPlan(server, 'PRO');
    const { subdomain, siteId } = await deployZip(pro.token, { 'index.html': PAGE }, 'down');
    await server.api('PUT', `/api/sites/${siteId}/branding`, {
      token: pro.token,
      body: { whiteLabel: true, title: 'Own Brand' },
    });
    const before = await site('/nowhere.txt', subdomain);
    expect(platformIn(before.text)).toBe(false);
    await server.ctx.db
      .updateTable('users')
      .set({ plan: 'FREE' })
      .where('id', '=', pro.user.id)
      .execute();
    // the owner's plan is read with the site's other facts: within the revalidation time
    await waitUntil(async () => platformIn((await site('/nowhere.txt', subdomain)).text), {
      timeoutMs: REVALIDATE_AFTER_MS * 5,
      what: 'the platform page after the downgrade',
    });
    expect((await site('/', subdomain)).text).toContain('generator');
    const kept = await server.api<SiteApiResponse>('GET', `/api/sites/${siteId}`, {
      token: pro.token,
    });
    expect(kept.body.site.branding).toMatchObject({ whiteLabel: true, title: 'Own Brand' });
  });

  it("serves a site's own 404.html with status 404, on any plan, before the single-page fallback", async () => {
    const free = await registerUser(server);
    const { subdomain } = await deployZip(
      free.token,
      {
        'index.html':
          '<!doctype html><html><head><title>Home</title></head><body>home</body></html>',
        '404.html':
          '<!doctype html><html><head><title>Lost</title></head><body>our own lost page</body></html>',
      },
      'own404',
    );
    for (const path of ['/missing', '/missing.png', '/deep/er/path']) {
      const res = await site(path, subdomain);
      expect(res.status).toBe(404);
      expect(res.text).toContain('our own lost page');
    }
    expect((await site('/', subdomain)).text).toContain('home');
  });

  it('refuses pictures that are too large or not pictures, with what is allowed', async () => {
    const pro = await registerUserOnPlan(server, 'PRO');
    const { siteId } = await deployZip(pro.token, { 'index.html': PAGE }, 'pics');
    const put = (kind: string, body: Uint8Array, type = 'image/png') =>
      fetch(`${server.url}/api/sites/${siteId}/branding/${kind}`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${pro.token}`, 'content-type': type },
        body: body as BodyInit,
      });
    const notPicture = await put('image', Buffer.from('<html>not a picture</html>'));
    expect(notPicture.status).toBe(415);
    expect(((await notPicture.json()) as { error: { message: string } }).error.message).toMatch(
      /PNG, JPEG, WebP, GIF/,
    );
    const big = Buffer.concat([PNG, Buffer.alloc(300 * 1024)]);
    const tooBig = await put('icon', big);
    expect(tooBig.status).toBe(413);
    const image = await put('image', PNG);
    expect(image.status).toBe(200);
    const removed = await server.api('DELETE', `/api/sites/${siteId}/branding/image`, {
      token: pro.token,
    });
    expect(removed.body.branding.imageUrl).toBeNull();
  });
});
