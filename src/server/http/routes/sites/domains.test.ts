import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  AddDomainResponseSchema,
  RemoveDomainResponseSchema,
} from '../../../../shared/custom-domain';
import { ApiErrorSchema, PlanLimitDetailsSchema } from '../../../../shared/errors';
import { SiteResponseSchema } from '../../../../shared/site';
import { describeEachDatabase } from '../../../../../test/databases';
import { deployCode, htmlArtifact, uniqueSubdomain } from '../../../../../test/deploy';
import { startDnsServer, type TestDnsServer } from '../../../../../test/dns-server';
import {
  guestSession,
  registerUser,
  registerVerifiedUser,
  registerUserOnPlan,
  startTestServer,
  type TestServer,
} from '../../../../../test/server';
import {
  APP_ORIGIN,
  customDomainCalls,
  IPV4,
  IPV6,
  SITES_DOMAIN,
  uniqueDomain,
} from '../../../../../test/custom-domains';

// Adding and removing a custom domain, and what is refused.
// Verifying one through DNS and the re-check job are in domain-verification.test.ts.

describeEachDatabase('custom domains API', (dialect) => {
  let dns: TestDnsServer;
  let server: TestServer;
  let ann: string;
  let bob: string;
  let free: string;

  const { setPlan, siteOf, add, verify, remove, siteRow } = customDomainCalls(() => server);

  beforeAll(async () => {
    dns = await startDnsServer();
    server = await startTestServer(dialect, {
      SITES_DOMAIN,
      APP_ORIGIN,
      DNS_SERVERS: dns.address,
      PUBLIC_IPV4: IPV4,
      PUBLIC_IPV6: IPV6,
    });
    const annUser = await registerVerifiedUser(server);
    const bobUser = await registerVerifiedUser(server);
    await setPlan(annUser.user.id, 'STARTER');
    await setPlan(bobUser.user.id, 'PRO');
    ann = annUser.token;
    bob = bobUser.token;
    free = (await registerUser(server)).token;
  });
  afterAll(async () => {
    await server?.close();
    await dns?.close();
  });

  it('adds a subdomain as PENDING with the CNAME record to create, one domain per site', async () => {
    const site = await siteOf(ann);
    const domain = uniqueDomain();
    const res = await add(ann, site.id, `  ${domain.toUpperCase()} `);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const body = AddDomainResponseSchema.parse(res.body);
    expect(body.instructions).toEqual({
      type: 'CNAME',
      name: domain,
      value: `${site.subdomain}.${SITES_DOMAIN}`,
    });
    expect(body.site).toMatchObject({
      customDomain: domain,
      customDomainStatus: 'PENDING',
      sslStatus: 'PENDING',
      sslExpiresAt: null,
    });
    const shown = SiteResponseSchema.parse(
      (await server.api('GET', `/api/sites/${site.id}`, { token: ann })).body,
    );
    expect(shown.site.customDomain).toBe(domain);

    // the same domain again changes nothing; another one is refused until this one is removed
    expect((await add(ann, site.id, domain)).status).toBe(200);
    const second = await add(ann, site.id, uniqueDomain());
    expect(second.status).toBe(409);
    expect(second.body.error.message).toMatch(`already has the custom domain ${domain}`);
  });

  it('gives an apex domain the A record, and says the AAAA record too', async () => {
    const site = await siteOf(bob);
    const domain = uniqueDomain('');
    const res = await add(bob, site.id, domain);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const body = AddDomainResponseSchema.parse(res.body);
    expect(body.instructions).toEqual({ type: 'A', name: domain, value: IPV4 });
    expect(body.message).toContain(`AAAA record for ${domain} with the value ${IPV6}`);
  });

  it('refuses a domain another site holds (409), and frees it once removed', async () => {
    const annSite = await siteOf(ann);
    const bobSite = await siteOf(bob);
    const domain = uniqueDomain('blog');
    expect((await add(ann, annSite.id, domain)).status).toBe(200);
    const taken = await add(bob, bobSite.id, domain);
    expect(taken.status).toBe(409);
    // ann has not proven it, but bob's DNS does not point at bob's site either: still ann's
    expect(ApiErrorSchema.parse(taken.body).error).toMatchObject({
      code: 'CONFLICT',
      message: expect.stringContaining(
        `${domain} is already used by another site, which has not proven it yet. If the domain is yours: Add a CNAME record for ${domain} with the value ${bobSite.subdomain}.${SITES_DOMAIN}`,
      ),
    });
    // another of ann's own sites cannot take it either
    const annOther = await siteOf(ann);
    expect((await add(ann, annOther.id, domain)).status).toBe(409);

    const removed = await remove(ann, annSite.id);
    expect(removed.status).toBe(200);
    expect(RemoveDomainResponseSchema.parse(removed.body).site).toMatchObject({
      customDomain: null,
      customDomainStatus: null,
      sslStatus: null,
    });
    expect((await remove(ann, annSite.id)).status).toBe(200);
    expect((await add(bob, bobSite.id, domain)).status).toBe(200);
  });

  it("answers 404 for another user's site, 401 without a user", async () => {
    const site = await siteOf(ann);
    expect((await add(ann, site.id, uniqueDomain())).status).toBe(200);
    for (const res of [
      await add(bob, site.id, uniqueDomain()),
      await verify(bob, site.id),
      await remove(bob, site.id),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('NOT_FOUND');
    }
    expect((await siteRow(site.id)).custom_domain).not.toBeNull();
    for (const res of [
      await add(undefined, site.id, uniqueDomain()),
      await verify(undefined, site.id),
      await remove(undefined, site.id),
    ]) {
      expect(res.status).toBe(401);
    }
  });

  it('refuses custom domains to FREE users and guests with the plan-limit details', async () => {
    const site = await siteOf(free);
    for (const res of [await add(free, site.id, uniqueDomain()), await verify(free, site.id)]) {
      expect(res.status).toBe(403);
      const { error } = ApiErrorSchema.parse(res.body);
      expect(error.code).toBe('PLAN_LIMIT');
      expect(error.message).toMatch(/Starter or Pro/);
      expect(PlanLimitDetailsSchema.parse(error.details)).toEqual({
        upgradeRequired: true,
        plan: 'FREE',
        currentCount: 0,
        maxAllowed: 0,
      });
    }
    const guest = await guestSession(server);
    const guestSite = await siteOf(guest.token);
    const res = await add(guest.token, guestSite.id, uniqueDomain());
    expect(res.status).toBe(403);
    expect(res.body.error.message).toMatch(/need an account/);
    expect(PlanLimitDetailsSchema.parse(res.body.error.details)).toMatchObject({
      upgradeRequired: true,
      plan: 'FREE',
    });
    expect((await siteRow(site.id)).custom_domain).toBeNull();
    expect((await siteRow(guestSite.id)).custom_domain).toBeNull();
  });

  it('refuses hostile and mistaken input with a 400 saying what is wrong', async () => {
    const site = await siteOf(ann);
    const cases: Array<[unknown, RegExp]> = [
      ['', /Please enter a domain/],
      ['   ', /Please enter a domain/],
      ['93.184.216.34', /not an IP address/],
      ['[2001:db8::1]', /not an IP address/],
      ['www.example.com:8443', /without a port/],
      ['https://www.example.com/page', /without http/],
      ['localhost', /localhost/],
      ['shop.localhost', /localhost/],
      ['com', /public suffix/],
      ['co.uk', /public suffix/],
      ['example.test', /not a public top-level domain/],
      [SITES_DOMAIN, /belongs to this service/],
      [`evil.${SITES_DOMAIN}`, /belongs to this service/],
      ['app.artifacts.dev', /belongs to this service/],
      ['admin.APP.artifacts.dev', /belongs to this service/],
      ['www.xn--pple-43d.com\u0000', /control characters/],
      ['www.example.com\r\nX-Injected: 1', /control characters/],
      ['ехаmple.com', /xn--/],
      ['www.exa\u202emple.com', /control characters|only the letters/],
      ['xn--zz.com', /not a valid internationalized/],
      ['xn--.com', /not a valid|internationalized/],
      ['www..example.com', /not a valid domain/],
      ['<script>.example.com', /not a valid domain/],
      [`${'a.'.repeat(125)}co.com`, /at most 253 characters/],
      ['x'.repeat(5000), /at most 253 characters/],
      [42, /./],
      [null, /./],
    ];
    for (const [input, message] of cases) {
      const res = await add(ann, site.id, input);
      expect(res.status, JSON.stringify(input)).toBe(400);
      expect(ApiErrorSchema.parse(res.body).error.message, JSON.stringify(input)).toMatch(message);
    }
    const missing = await server.api('POST', `/api/sites/${site.id}/domain`, {
      token: ann,
      body: {},
    });
    expect(missing.status).toBe(400);
    expect((await siteRow(site.id)).custom_domain).toBeNull();
    // verifying a site without a domain says so
    const none = await verify(ann, site.id);
    expect(none.status).toBe(400);
    expect(none.body.error.message).toMatch(/no custom domain yet/);
  });

  it('accepts only subdomains when PUBLIC_IPV4 is not set', async () => {
    const other = await startTestServer(dialect, { SITES_DOMAIN, DNS_SERVERS: dns.address });
    try {
      const user = await registerUserOnPlan(other, 'STARTER');
      const res = await deployCode(other, user.token, uniqueSubdomain('apex'), htmlArtifact('a'));
      const siteId = res.body.site.id as string;
      const domain = uniqueDomain('');
      const apex = await other.api('POST', `/api/sites/${siteId}/domain`, {
        token: user.token,
        body: { domain },
      });
      expect(apex.status).toBe(400);
      expect(apex.body.error.message).toMatch(`accepts only subdomains such as www.${domain}`);
      const sub = await other.api('POST', `/api/sites/${siteId}/domain`, {
        token: user.token,
        body: { domain: `www.${domain}` },
      });
      expect(sub.status).toBe(200);
    } finally {
      await other.close();
    }
  });
});
