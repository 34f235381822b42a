import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DeployResponse } from '../../../../shared/deployment';
import type { RemixOriginalResponse } from '../../../../shared/remix';
import type { Site } from '../../../../shared/site';
import type { SiteAiResponse } from '../../../../shared/site-ai';
import { GUEST_SITE_TTL_MS } from '../../../../shared/plans';
import { describeEachDatabase } from '../../../../../test/databases';
import {
  deployCode,
  fetchSite,
  htmlArtifact,
  uniqueSubdomain,
  waitForDeployment,
} from '../../../../../test/deploy';
import {
  guestSession,
  registerUserOnPlan,
  registerVerifiedUser,
  startTestServer,
  type TestServer,
} from '../../../../../test/server';

// Remix through HTTP: the owner's switch, who may copy a site's live source and into what,
// what travels with it (the source only), the count and the link back, and the Remix control
// hosting writes into the pages of a site that allows it.

const APP_ORIGIN = 'http://app.remix-under-test.example';
const CONTROL = 'artifact-host-remix';

type Answer<T> = T & { error?: { message: string } };

describeEachDatabase('remixing a site through the API', (dialect) => {
  let server: TestServer;
  let owner: string;
  let stranger: string;

  beforeAll(async () => {
    server = await startTestServer(dialect, { APP_ORIGIN });
    owner = (await registerUserOnPlan(server, 'PRO')).token;
    stranger = (await registerVerifiedUser(server)).token;
  });
  afterAll(() => server?.close());

  async function liveSite(
    token: string,
    marker: string,
  ): Promise<{ id: string; subdomain: string }> {
    const subdomain = uniqueSubdomain('original');
    const res = await deployCode(server, token, subdomain, htmlArtifact(marker));
    expect(res.status).toBe(201);
    expect((await waitForDeployment(server, token, res.body.deployment.id)).status).toBe('SUCCESS');
    return { id: res.body.site.id, subdomain };
  }
  const setRemix = (token: string, siteId: string, allowed: unknown) =>
    server.api<Answer<{ site: Site }>>('PUT', `/api/sites/${siteId}/remix`, {
      token,
      body: { allowed },
    });
  const remix = (token: string | undefined, siteId: string, subdomain: string) =>
    server.api<Answer<DeployResponse>>('POST', `/api/sites/${siteId}/remix`, {
      ...(token ? { token } : {}),
      body: { subdomain },
    });
  const siteOf = async (token: string, siteId: string) =>
    (await server.api<{ site: Site }>('GET', `/api/sites/${siteId}`, { token })).body.site;

  it('refuses a remix until the owner allows it, then makes the remixer a site of the source', async () => {
    const original = await liveSite(owner, 'Original page');
    expect((await siteOf(owner, original.id)).remix).toEqual({
      allowed: false,
      count: 0,
      from: null,
    });

    const refused = await remix(stranger, original.id, uniqueSubdomain('copy'));
    expect(refused.status).toBe(403);
    expect(refused.body.error?.message).toBe('The owner of this site does not allow remixing.');
    // Only those who may change the site turn it on; a stranger learns nothing of the site.
    expect((await setRemix(stranger, original.id, true)).status).toBe(404);
    expect((await setRemix(owner, original.id, 'yes')).status).toBe(400);

    const allowed = await setRemix(owner, original.id, true);
    expect(allowed.status).toBe(200);
    expect(allowed.body.site.remix).toMatchObject({ allowed: true, count: 0 });

    const shown = await server.api<RemixOriginalResponse>('GET', `/api/sites/${original.id}/remix`);
    expect(shown.status).toBe(200);
    expect(shown.body.original).toMatchObject({
      id: original.id,
      subdomain: original.subdomain,
      own: false,
    });

    const copyName = uniqueSubdomain('copy');
    const made = await remix(stranger, original.id, copyName);
    expect(made.status).toBe(201);
    expect(made.body.site.subdomain).toBe(copyName);
    expect(made.body.site.id).not.toBe(original.id);
    const built = await waitForDeployment(server, stranger, made.body.deployment.id);
    expect(built.status).toBe('SUCCESS');
    expect((await fetchSite(server.port, copyName)).text).toContain('<h1>Original page</h1>');

    const copy = await siteOf(stranger, made.body.site.id);
    expect(copy.expiresAt).toBeNull();
    expect(copy.remix).toEqual({
      allowed: false,
      count: 0,
      from: { siteId: original.id, url: expect.stringContaining(original.subdomain) },
    });
    expect((await siteOf(owner, original.id)).remix.count).toBe(1);

    // The subdomain must be new: a remix never overwrites a site, the remixer's own included.
    const taken = await remix(stranger, original.id, copyName);
    expect(taken.status).toBe(409);
    expect((await siteOf(owner, original.id)).remix.count).toBe(1);

    // Stopped again: refused again.
    expect((await setRemix(owner, original.id, false)).body.site.remix.allowed).toBe(false);
    expect((await remix(stranger, original.id, uniqueSubdomain('late'))).status).toBe(403);
  });

  it('makes a guest a 24-hour site, as a guest deploy does', async () => {
    const original = await liveSite(owner, 'Guest favourite');
    await setRemix(owner, original.id, true);
    // Without any session there is nobody to own the copy: the remix page makes a guest first.
    expect((await remix(undefined, original.id, uniqueSubdomain('nobody'))).status).toBe(401);

    const guest = await guestSession(server);
    const before = Date.now();
    const copyName = uniqueSubdomain('guestcopy');
    const made = await remix(guest.token, original.id, copyName);
    expect(made.status).toBe(201);
    expect((await waitForDeployment(server, guest.token, made.body.deployment.id)).status).toBe(
      'SUCCESS',
    );
    const copy = await siteOf(guest.token, made.body.site.id);
    const expires = Date.parse(copy.expiresAt ?? '');
    expect(expires).toBeGreaterThanOrEqual(before + GUEST_SITE_TTL_MS - 1000);
    expect(expires).toBeLessThanOrEqual(Date.now() + GUEST_SITE_TTL_MS + 1000);
    expect(copy.remix.from?.siteId).toBe(original.id);
    expect((await fetchSite(server.port, copyName)).text).toContain('Guest favourite');
  });

  it('copies the source only: no AI settings, storage, domain, page settings or password', async () => {
    const original = await liveSite(owner, 'Fully dressed');
    // The original, dressed in everything a site row carries beside its source.
    expect(
      (
        await server.api('PUT', `/api/sites/${original.id}/ai`, {
          token: owner,
          body: { perDay: 7, enabled: false },
        })
      ).status,
    ).toBe(200);
    const stored = await fetchSite(server.port, original.subdomain, '/__storage/score', {
      method: 'PUT',
      body: JSON.stringify({ value: '42' }),
      headers: { 'content-type': 'application/json' },
    });
    expect(stored.status).toBeLessThan(300);
    expect(
      (
        await server.api('POST', `/api/sites/${original.id}/domain`, {
          token: owner,
          body: { domain: `${original.subdomain}.shop.example.com` },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await server.api('PUT', `/api/sites/${original.id}/branding`, {
          token: owner,
          body: { whiteLabel: true, title: 'Dressed title', description: 'Dressed' },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await server.api('PUT', `/api/sites/${original.id}/access`, {
          token: owner,
          body: { password: 'open sesame 123' },
        })
      ).status,
    ).toBe(200);
    expect((await setRemix(owner, original.id, true)).status).toBe(200);

    // A private site is nobody else's to remix: as good as missing, to the API and the page.
    expect((await remix(stranger, original.id, uniqueSubdomain('peek'))).status).toBe(404);
    expect((await server.api('GET', `/api/sites/${original.id}/remix`)).status).toBe(404);
    expect((await fetchSite(server.port, original.subdomain)).text).not.toContain(CONTROL);

    // Its owner may always remix it.
    const copyName = uniqueSubdomain('bare');
    const made = await remix(owner, original.id, copyName);
    expect(made.status).toBe(201);
    expect((await waitForDeployment(server, owner, made.body.deployment.id)).status).toBe(
      'SUCCESS',
    );
    const copy = await siteOf(owner, made.body.site.id);
    expect(copy).toMatchObject({
      private: false,
      customDomain: null,
      branding: { whiteLabel: false, title: null, description: null },
      remix: { allowed: false, from: { siteId: original.id } },
    });
    const ai = await server.api<SiteAiResponse>('GET', `/api/sites/${copy.id}/ai`, {
      token: owner,
    });
    expect(ai.body.settings).toMatchObject({ enabled: true, perDay: 500 });
    const page = await fetchSite(server.port, copyName);
    expect(page.status).toBe(200);
    expect(page.text).toContain('<h1>Fully dressed</h1>');
    const storage = await fetchSite(server.port, copyName, '/__storage/score');
    expect(storage.status).toBe(404);
    expect((await siteOf(owner, original.id)).remix.count).toBe(1);
  });

  it('answers 404 for a site that does not exist', async () => {
    expect((await remix(stranger, 'no-such-site', uniqueSubdomain('ghost'))).status).toBe(404);
    expect((await server.api('GET', '/api/sites/no-such-site/remix')).status).toBe(404);
  });

  it('writes the Remix control into the pages only while remixing is allowed, white-label or not', async () => {
    const original = await liveSite(owner, 'Controlled');
    const link = `${APP_ORIGIN}/remix/${original.id}`;
    const page = () => fetchSite(server.port, original.subdomain);
    expect((await page()).text).not.toContain(CONTROL);

    await setRemix(owner, original.id, true);
    const shown = (await page()).text;
    expect(shown).toContain(`<${CONTROL}>`);
    expect(shown).toContain(`href="${link}"`);
    // Last in the body, so it stays out of the way of the artifact's own markup.
    expect(shown.indexOf(CONTROL)).toBeGreaterThan(shown.indexOf('<h1>Controlled</h1>'));
    expect(shown.indexOf(CONTROL)).toBeLessThan(shown.lastIndexOf('</body>'));

    // White-label takes the platform off the pages; the control goes with it...
    await setRemix(owner, original.id, false);
    await server.api('PUT', `/api/sites/${original.id}/branding`, {
      token: owner,
      body: { whiteLabel: true },
    });
    expect((await page()).text).not.toContain(CONTROL);
    // ...unless the owner allows remixing, which is the choice to show it.
    await setRemix(owner, original.id, true);
    const whiteLabelled = (await page()).text;
    expect(whiteLabelled).toContain(`href="${link}"`);
    expect(whiteLabelled).not.toContain('name="generator"');
  });
});
