import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/databases';
import { htmlArtifact, uniqueSubdomain } from '../../../test/deploy';
import { registerUser, startTestServer, type TestServer } from '../../../test/server';
import { CROSS_SITE_MESSAGE } from '../request-origin';

describeEachDatabase('cross-site requests', (dialect) => {
  let server: TestServer;
  let appOrigin: string;
  // A hosted site is a sibling subdomain: the same site as the app, so SameSite cookies go along.
  let siteOrigin: string;
  beforeAll(async () => {
    server = await startTestServer(dialect);
    appOrigin = server.ctx.config.appOrigin;
    siteOrigin = `http://evil.${server.ctx.config.sitesDomain}`;
  });
  afterAll(async () => {
    await server.close();
  });

  const deployWithCookie = (token: string, headers: Record<string, string>) =>
    server.api('POST', '/api/deployments/deploy/code', {
      headers: { cookie: `auth_token=${token}`, ...headers },
      body: { subdomain: uniqueSubdomain('csrf'), code: htmlArtifact('csrf') },
    });
  const siteCount = async (token: string) =>
    (await server.api('GET', '/api/sites', { token })).body.sites.length as number;

  it('refuses a cookie-authenticated call from another page, and changes nothing', async () => {
    const ann = await registerUser(server);
    for (const headers of <Record<string, string>[]>[
      { origin: siteOrigin },
      { origin: 'https://attacker.example' },
      { origin: 'null' },
      { referer: `${siteOrigin}/page.html` },
    ]) {
      const res = await deployWithCookie(ann.token, headers);
      expect(res.status).toBe(403);
      expect(res.body).toEqual({
        error: { message: CROSS_SITE_MESSAGE, code: 'CROSS_SITE_REQUEST' },
      });
    }
    expect(await siteCount(ann.token)).toBe(0);

    // Logout is state-changing too: a foreign page cannot end the session.
    const out = await server.api('POST', '/api/auth/logout', {
      headers: { cookie: `auth_token=${ann.token}`, origin: siteOrigin },
    });
    expect(out.status).toBe(403);
    expect((await server.api('GET', '/api/auth/me', { token: ann.token })).status).toBe(200);
  });

  it("accepts the app's own pages, by APP_ORIGIN or by the host they were served from", async () => {
    const ann = await registerUser(server);
    expect((await deployWithCookie(ann.token, { origin: appOrigin })).status).toBe(201);
    expect((await deployWithCookie(ann.token, { origin: server.url })).status).toBe(201);
    expect((await deployWithCookie(ann.token, { referer: `${appOrigin}/dashboard` })).status).toBe(
      201,
    );
    expect(await siteCount(ann.token)).toBe(3);
  });

  it('leaves bearer tokens, cookie-less calls and clients that name no page alone', async () => {
    const ann = await registerUser(server);
    const bearer = await server.api('POST', '/api/deployments/deploy/code', {
      token: ann.token,
      headers: { origin: siteOrigin, cookie: `auth_token=${ann.token}` },
      body: { subdomain: uniqueSubdomain('bearer'), code: htmlArtifact('bearer') },
    });
    expect(bearer.status).toBe(201);
    // No browser sends a state-changing call without Origin: this is a script with a cookie.
    expect((await deployWithCookie(ann.token, {})).status).toBe(201);
    const guest = await server.api('POST', '/api/auth/guest', { headers: { origin: siteOrigin } });
    expect(guest.status).toBe(201);
    // Reading is not state-changing.
    const me = await server.api('GET', '/api/auth/me', {
      headers: { cookie: `auth_token=${ann.token}`, origin: siteOrigin },
    });
    expect(me.status).toBe(200);
  });
});
