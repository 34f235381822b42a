import { afterAll, beforeAll, expect, it } from 'vitest';
import { SITE_RUNTIME_ENDPOINTS } from '../../builder/contract';
import { ACCESS_COOKIE, ACCESS_PATH } from '../../shared/site-access';
import type { Site } from '../../shared/site';
import { describeEachDatabase } from '../../../test/databases';
import {
  deployCode,
  fetchSite,
  htmlArtifact,
  uniqueSubdomain,
  waitForDeployment,
} from '../../../test/deploy';
import { registerUserOnPlan, startTestServer, type TestServer } from '../../../test/server';
import { fetchHost } from '../../../test/host-request';
import { makePrivateSite } from '../../../test/private-site';
import { waitUntil } from '../../../test/wait';
import { PASSWORD_GUESSES } from './private-access';

// Private sites through HTTP: the password page (401) for every path of a private site without
// the cookie, the cookie after the password or a share link, and the ways that cookie ends.
describeEachDatabase('private sites', (dialect) => {
  let server: TestServer;
  let port: number;
  beforeAll(async () => {
    server = await startTestServer(dialect);
    port = Number(new URL(server.url).port);
  });
  afterAll(() => server.close());

  const privateSite = (name: string, password?: string) => makePrivateSite(server, name, password);

  const form = (password: string, next = '/') => new URLSearchParams({ password, next }).toString();

  async function enter(subdomain: string, password: string, next = '/', address?: string) {
    return fetchSite(port, subdomain, ACCESS_PATH, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        ...(address ? { 'x-forwarded-for': address } : {}),
      },
      body: form(password, next),
    });
  }

  function cookieOf(res: { headers: Record<string, string | string[] | undefined> }): string {
    const set = res.headers['set-cookie'];
    const line = (Array.isArray(set) ? set : [set ?? '']).find((c) =>
      c.startsWith(`${ACCESS_COOKIE}=`),
    );
    expect(line, 'a site_access cookie').toBeDefined();
    return line!.split(';')[0]!;
  }

  const withCookie = (cookie: string) => ({ headers: { cookie } });

  it('asks for the password on every path, lets the right one in with a cookie', async () => {
    const site = await privateSite('ps-door');
    for (const path of ['/', '/about', '/index.html', '/__branding/icon']) {
      const res = await fetchSite(port, site.subdomain, path);
      expect(res.status, path).toBe(401);
      expect(res.text).toContain('is private');
      expect(res.text).toContain(`action="${ACCESS_PATH}"`);
      expect(res.text).not.toContain(site.marker);
      expect(res.headers['cache-control']).toBe('no-store');
    }

    const wrong = await enter(site.subdomain, 'not it');
    expect(wrong.status).toBe(401);
    expect(wrong.text).toContain('That password is not right');
    expect(wrong.headers['set-cookie']).toBeUndefined();

    const right = await enter(site.subdomain, 'open sesame', '/index.html?x=1');
    expect(right.status).toBe(303);
    expect(right.headers.location).toBe('/index.html?x=1');
    const setCookie = String(right.headers['set-cookie']);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Lax');
    expect(setCookie).not.toMatch(/Domain=/i);
    // Plain http here: a Secure cookie would never come back.
    expect(setCookie).not.toContain('Secure');

    const inside = await fetchSite(port, site.subdomain, '/', withCookie(cookieOf(right)));
    expect(inside.status).toBe(200);
    expect(inside.text).toContain(site.marker);
    // Kept out of shared caches: a proxy must not hand it to the next visitor.
    expect(inside.headers['cache-control']).toBe('private, no-cache');

    // Someone let in who follows a dead share link is taken to the page, not asked again.
    const stale = await fetchSite(
      port,
      site.subdomain,
      '/?share=long-gone',
      withCookie(cookieOf(right)),
    );
    expect(stale.status).toBe(303);
    expect(stale.headers.location).toBe('/');

    // Somewhere else to go back to than this host is not followed.
    const away = await enter(site.subdomain, 'open sesame', '//evil.example/');
    expect(away.headers.location).toBe('/');
  });

  it('answers window.storage and the AI endpoint 401 without the cookie, and serves them with it', async () => {
    const site = await privateSite('ps-runtime');
    const storage = await fetchSite(port, site.subdomain, `${SITE_RUNTIME_ENDPOINTS.storage}/k`);
    expect(storage.status).toBe(401);
    expect(JSON.parse(storage.text).error).toContain('private');
    const ai = await fetchSite(port, site.subdomain, SITE_RUNTIME_ENDPOINTS.claudeComplete, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ prompt: 'hi' }),
    });
    expect(ai.status).toBe(401);
    expect(JSON.parse(ai.text).error).toContain('private');

    const cookie = cookieOf(await enter(site.subdomain, 'open sesame'));
    const stored = await fetchSite(port, site.subdomain, `${SITE_RUNTIME_ENDPOINTS.storage}/k`, {
      method: 'PUT',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ value: 'v' }),
    });
    expect(stored.status, stored.text).not.toBe(401);
    expect(stored.status).toBeLessThan(300);
  });

  it('lets a share link in, and not after it is revoked', async () => {
    const site = await privateSite('ps-share');
    const made = await server.api('POST', `/api/sites/${site.siteId}/share-links`, {
      token: site.token,
      body: { label: 'for Dana' },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const { id, url } = made.body.shareLink as { id: string; url: string };
    expect(url).toContain(`${site.subdomain}.`);
    const shared = new URL(url);
    const token = shared.searchParams.get('share');
    expect(token).toBeTruthy();

    const listed = await server.api('GET', `/api/sites/${site.siteId}/share-links`, {
      token: site.token,
    });
    expect(listed.status).toBe(200);
    expect(listed.body.shareLinks).toEqual([
      expect.objectContaining({ id, label: 'for Dana', createdAt: expect.any(String) }),
    ]);
    expect(JSON.stringify(listed.body)).not.toContain(token);

    const follow = await fetchSite(port, site.subdomain, `/about?share=${token}&tab=2`);
    expect(follow.status).toBe(303);
    expect(follow.headers.location).toBe('/about?tab=2');
    const cookie = cookieOf(follow);
    const inside = await fetchSite(port, site.subdomain, '/', withCookie(cookie));
    expect(inside.status).toBe(200);
    expect(inside.text).toContain(site.marker);

    const bogus = await fetchSite(port, site.subdomain, '/?share=not-a-token');
    expect(bogus.status).toBe(401);
    expect(bogus.text).toContain('no longer works');

    const revoked = await server.api('DELETE', `/api/sites/${site.siteId}/share-links/${id}`, {
      token: site.token,
    });
    expect(revoked.status).toBe(204);
    const after = await fetchSite(port, site.subdomain, '/', withCookie(cookie));
    expect(after.status).toBe(401);
    expect(after.text).not.toContain(site.marker);
    expect((await fetchSite(port, site.subdomain, `/?share=${token}`)).status).toBe(401);
    const again = await server.api('DELETE', `/api/sites/${site.siteId}/share-links/${id}`, {
      token: site.token,
    });
    expect(again.status).toBe(404);

    // A site with share links is deleted with them.
    await server.api('POST', `/api/sites/${site.siteId}/share-links`, { token: site.token });
    const deleted = await server.api('DELETE', `/api/sites/${site.siteId}`, { token: site.token });
    expect(deleted.status).toBe(200);
    const left = await server.ctx.db
      .selectFrom('site_share_links')
      .select('id')
      .where('site_id', '=', site.siteId)
      .execute();
    expect(left).toEqual([]);
  });

  it('logs everyone out when the password changes, and opens up when it is removed', async () => {
    const site = await privateSite('ps-change');
    const old = cookieOf(await enter(site.subdomain, 'open sesame'));
    expect((await fetchSite(port, site.subdomain, '/', withCookie(old))).status).toBe(200);

    const changed = await server.api('PUT', `/api/sites/${site.siteId}/access`, {
      token: site.token,
      body: { password: 'a new secret' },
    });
    expect(changed.status).toBe(200);
    expect((await fetchSite(port, site.subdomain, '/', withCookie(old))).status).toBe(401);
    expect((await enter(site.subdomain, 'open sesame')).status).toBe(401);
    const fresh = cookieOf(await enter(site.subdomain, 'a new secret'));
    expect((await fetchSite(port, site.subdomain, '/', withCookie(fresh))).status).toBe(200);

    const open = await server.api<{ site: Site }>('PUT', `/api/sites/${site.siteId}/access`, {
      token: site.token,
      body: { password: null },
    });
    expect(open.status).toBe(200);
    expect(open.body.site.private).toBe(false);
    const publicPage = await fetchSite(port, site.subdomain, '/');
    expect(publicPage.status).toBe(200);
    expect(publicPage.text).toContain(site.marker);
  });

  it('protects version links too', async () => {
    const site = await privateSite('ps-version');
    const label = `v${site.version}--${site.subdomain}`;
    const res = await fetchSite(port, label, '/');
    expect(res.status).toBe(401);
    expect(res.text).not.toContain(site.marker);
    // The cookie is the host's own: the version link asks and remembers on its own host.
    const cookie = cookieOf(
      await fetchSite(port, label, ACCESS_PATH, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form('open sesame'),
      }),
    );
    const inside = await fetchSite(port, label, '/', withCookie(cookie));
    expect(inside.status).toBe(200);
    expect(inside.text).toContain(site.marker);
  });

  it('protects its custom domain the same way', async () => {
    const site = await privateSite('ps-domain');
    const domain = `www.ps-${Date.now().toString(36)}.com`;
    await server.ctx.db
      .updateTable('sites')
      .set({ custom_domain: domain, custom_domain_status: 'VERIFIED' })
      .where('id', '=', site.siteId)
      .execute();
    const asked = await fetchHost(port, domain, '/');
    expect(asked.status).toBe(401);
    expect(asked.text).toContain('is private');
    expect(asked.text).not.toContain(site.marker);
    expect((await fetchHost(port, domain, SITE_RUNTIME_ENDPOINTS.storage)).status).toBe(401);

    const made = await server.api('POST', `/api/sites/${site.siteId}/share-links`, {
      token: site.token,
    });
    const token = new URL(made.body.shareLink.url as string).searchParams.get('share');
    const follow = await fetchHost(port, domain, `/?share=${token}`);
    expect(follow.status).toBe(303);
    expect(follow.location).toBe('/');
  });

  it('limits password guesses per visitor with 429', async () => {
    const site = await privateSite('ps-guesses');
    // Each guess takes a scrypt hash: a second address shows the limit is the visitor's.
    for (let i = 0; i < PASSWORD_GUESSES.max; i++) {
      expect((await enter(site.subdomain, `guess ${i}`)).status).toBe(401);
    }
    const refused = await enter(site.subdomain, 'open sesame');
    expect(refused.status).toBe(429);
    expect(refused.text).toContain('Too many');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.headers['set-cookie']).toBeUndefined();
  });

  it('marks the cookie Secure behind an https proxy, and counts guesses per visitor', async () => {
    const proxied = await startTestServer(dialect, { TRUST_PROXY: 'true' });
    try {
      const { token } = await registerUserOnPlan(proxied, 'PRO');
      const subdomain = uniqueSubdomain('ps-proxy');
      const res = await deployCode(proxied, token, subdomain, htmlArtifact('behind a proxy'));
      await waitForDeployment(proxied, token, res.body.deployment.id);
      await proxied.api('PUT', `/api/sites/${res.body.site.id}/access`, {
        token,
        body: { password: 'open sesame' },
      });
      const proxiedPort = Number(new URL(proxied.url).port);
      const post = (password: string, address: string) =>
        fetchSite(proxiedPort, subdomain, ACCESS_PATH, {
          method: 'POST',
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            'x-forwarded-proto': 'https',
            'x-forwarded-for': address,
          },
          body: form(password),
        });
      for (let i = 0; i < PASSWORD_GUESSES.max; i++) {
        expect((await post(`guess ${i}`, '203.0.113.7')).status).toBe(401);
      }
      expect((await post('open sesame', '203.0.113.7')).status).toBe(429);
      // Another visitor is not held back by the first one's guesses.
      const right = await post('open sesame', '198.51.100.9');
      expect(right.status).toBe(303);
      expect(String(right.headers['set-cookie'])).toMatch(/; Secure/);
    } finally {
      await proxied.close();
    }
  });

  it('counts the visitors of a private site, not its password page', async () => {
    const site = await privateSite('ps-views');
    for (let i = 0; i < 3; i++) {
      expect((await fetchSite(port, site.subdomain, '/')).status).toBe(401);
    }
    const cookie = cookieOf(await enter(site.subdomain, 'open sesame'));
    expect((await fetchSite(port, site.subdomain, '/', withCookie(cookie))).status).toBe(200);
    const views = await waitUntil(
      async () => {
        const res = await server.api<{ site: Site }>('GET', `/api/sites/${site.siteId}`, {
          token: site.token,
        });
        return res.body.site.views > 0 ? res.body.site.views : false;
      },
      { timeoutMs: 20_000, what: () => 'the view to be recorded' },
    );
    expect(views).toBe(1);
  });
});
