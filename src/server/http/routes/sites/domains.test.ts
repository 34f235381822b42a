import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  AddDomainResponseSchema,
  RemoveDomainResponseSchema,
  VerifyDomainResponseSchema,
} from '../../../../shared/custom-domain';
import { ApiErrorSchema, PlanLimitDetailsSchema } from '../../../../shared/errors';
import { SiteResponseSchema } from '../../../../shared/site';
import { describeEachDatabase } from '../../../../../test/databases';
import {
  deployCode,
  htmlArtifact,
  uniqueSubdomain,
  waitForDeployment,
} from '../../../../../test/deploy';
import { startDnsServer, type TestDnsServer } from '../../../../../test/dns-server';
import { fetchHost } from '../../../../../test/host-request';
import {
  guestSession,
  registerUser,
  registerVerifiedUser,
  registerUserOnPlan,
  startTestServer,
  type TestServer,
} from '../../../../../test/server';
import { waitForEvent, waitUntil, type Listenable } from '../../../../../test/wait';
import { recheckCustomDomains } from '../../../domain/custom-domains';

const SITES_DOMAIN = 'sites.artifacts.dev';
const APP_ORIGIN = 'http://app.artifacts.dev';
const IPV4 = '203.0.113.10';
const IPV6 = '2001:db8::10';
const HOUR = 60 * 60 * 1000;

let names = 0;
/** A domain no other test of this run uses, under a real public suffix. */
function uniqueDomain(prefix = 'www'): string {
  names += 1;
  const apex = `shop-${Date.now().toString(36)}-${names}.com`;
  return prefix ? `${prefix}.${apex}` : apex;
}

describeEachDatabase('custom domains API', (dialect) => {
  let dns: TestDnsServer;
  let server: TestServer;
  let ann: string;
  let bob: string;
  let free: string;

  const setPlan = (userId: string, plan: 'STARTER' | 'PRO') =>
    server.ctx.db.updateTable('users').set({ plan }).where('id', '=', userId).execute();

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

  /** A deployed site of the user; `live` waits until its build is served. */
  async function siteOf(token: string, marker = 'custom', live = false) {
    const subdomain = uniqueSubdomain('dom');
    const res = await deployCode(server, token, subdomain, htmlArtifact(marker));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    if (live) {
      const done = await waitForDeployment(server, token, res.body.deployment.id);
      expect(done.status, done.errorMessage ?? '').toBe('SUCCESS');
    }
    return { id: res.body.site.id as string, subdomain };
  }

  const add = (token: string | undefined, siteId: string, domain: unknown) =>
    server.api('POST', `/api/sites/${siteId}/domain`, {
      ...(token ? { token } : {}),
      body: { domain },
    });
  const verify = (token: string | undefined, siteId: string) =>
    server.api('POST', `/api/sites/${siteId}/domain/verify`, token ? { token } : {});
  const remove = (token: string | undefined, siteId: string) =>
    server.api('DELETE', `/api/sites/${siteId}/domain`, token ? { token } : {});
  /** Resolves at the next 'site.changed' of the site on the server's event bus. */
  const siteChanged = (siteId: string) => {
    const offs = new Map<unknown, () => void>();
    const bus: Listenable = {
      on: (_name, listener) => offs.set(listener, server.ctx.events.on('site.changed', listener)),
      off: (_name, listener) => offs.get(listener)?.(),
    };
    return waitForEvent<{ siteId: string }>(bus, 'site.changed', (e) => e.siteId === siteId);
  };
  const siteRow = (id: string) =>
    server.ctx.db.selectFrom('sites').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

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

  it('verifies a CNAME through DNS, then serves the site on the domain', async () => {
    const site = await siteOf(ann, 'served on my own domain', true);
    const domain = uniqueDomain();
    const target = `${site.subdomain}.${SITES_DOMAIN}`;
    expect((await add(ann, site.id, domain)).status).toBe(200);

    // unverified: the domain is no site yet
    const before = await fetchHost(server.port, domain);
    expect(before.status).toBe(404);
    expect(before.text).toContain('This site does not exist');

    const missing = VerifyDomainResponseSchema.parse((await verify(ann, site.id)).body);
    expect(missing).toMatchObject({
      verified: false,
      message: expect.stringContaining(`${domain} has no CNAME record yet`),
      instructions: { type: 'CNAME', name: domain, value: target },
    });
    // the site carries the record to create and what the check found, for the panel
    expect(missing.site).toMatchObject({
      customDomainStatus: 'PENDING',
      domainInstructions: { type: 'CNAME', name: domain, value: target },
      domainMessage: missing.message,
      customDomainUrl: null,
    });

    dns.publish(domain, 'CNAME', 'somewhere-else.example.net.');
    const wrong = VerifyDomainResponseSchema.parse((await verify(ann, site.id)).body);
    expect(wrong.verified).toBe(false);
    expect(wrong.message).toContain(
      `${domain} points to somewhere-else.example.net, not ${target}`,
    );
    expect((await siteRow(site.id)).custom_domain_status).toBe('PENDING');

    // case and the root's trailing dot do not matter
    dns.publish(domain, 'CNAME', `${target.toUpperCase()}.`);
    const changed = siteChanged(site.id);
    const ok = await verify(ann, site.id);
    expect(ok.status).toBe(200);
    expect(VerifyDomainResponseSchema.parse(ok.body)).toMatchObject({
      verified: true,
      site: {
        customDomain: domain,
        customDomainStatus: 'VERIFIED',
        domainInstructions: null,
        // no certificate yet: plain http, on the port the sites domain uses (none here)
        customDomainUrl: `http://${domain}`,
      },
    });
    await changed;

    const served = await waitUntil(
      async () => {
        const res = await fetchHost(server.port, `${domain.toUpperCase()}:${server.port}`);
        return res.status === 200 ? res : false;
      },
      { what: `${domain} to serve its site` },
    );
    expect(served.text).toContain('served on my own domain');
    // the subdomain still answers the same
    const bySubdomain = await fetchHost(server.port, target);
    expect(bySubdomain.status).toBe(200);
    expect(bySubdomain.text).toBe(served.text);

    // removed: the domain answers no site again
    const gone = siteChanged(site.id);
    expect((await remove(ann, site.id)).status).toBe(200);
    await gone;
    const after = await fetchHost(server.port, domain);
    expect(after.status).toBe(404);
    expect(after.text).toContain('This site does not exist');
  });

  it('verifies an apex domain by its A and AAAA records', async () => {
    const site = await siteOf(bob);
    const domain = uniqueDomain('');
    expect((await add(bob, site.id, domain)).status).toBe(200);
    dns.publish(domain, 'A', IPV4);
    const noV6 = VerifyDomainResponseSchema.parse((await verify(bob, site.id)).body);
    expect(noV6.verified).toBe(false);
    expect(noV6.message).toContain(`${domain} has no AAAA record yet`);
    expect(noV6.instructions).toEqual({ type: 'A', name: domain, value: IPV4 });
    dns.publish(domain, 'AAAA', '2001:db8::99');
    const wrong = VerifyDomainResponseSchema.parse((await verify(bob, site.id)).body);
    expect(wrong.message).toContain(`has the AAAA record 2001:db8::99, not ${IPV6}`);
    dns.publish(domain, 'AAAA', IPV6);
    const ok = VerifyDomainResponseSchema.parse((await verify(bob, site.id)).body);
    expect(ok.verified).toBe(true);
    expect(ok.site.customDomainStatus).toBe('VERIFIED');
  });

  it('answers the no-site page for an unknown domain, and the app on its own hosts', async () => {
    const unknown = await fetchHost(server.port, uniqueDomain());
    expect(unknown.status).toBe(404);
    expect(unknown.text).toContain('This site does not exist');
    const health = await fetchHost(server.port, `127.0.0.1:${server.port}`, '/api/health');
    expect(health.status).toBe(200);
    const app = await fetchHost(server.port, 'app.artifacts.dev', '/api/health');
    expect(app.status).toBe(200);
  });

  it('the re-check job keeps a PENDING domain with backoff, fails it after 48 hours, and flags a verified one whose record is gone', async () => {
    const site = await siteOf(ann);
    const domain = uniqueDomain();
    expect((await add(ann, site.id, domain)).status).toBe(200);

    await recheckCustomDomains(server.ctx, Date.now() + 2 * 60 * 1000);
    const waiting = await siteRow(site.id);
    expect(waiting.custom_domain_status).toBe('PENDING');
    expect(waiting.domain_failures).toBe(1);
    expect(waiting.domain_message).toContain(`${domain} has no CNAME record yet`);
    expect(Date.parse(waiting.domain_next_check_at!)).toBeGreaterThan(Date.now() + 2 * 60 * 1000);

    const failed = siteChanged(site.id);
    await recheckCustomDomains(server.ctx, Date.now() + 49 * HOUR);
    await failed;
    const row = await siteRow(site.id);
    expect(row.custom_domain_status).toBe('FAILED');
    expect(row.domain_message).toMatch(/within 48 hours/);
    const shown = await server.api('GET', `/api/sites/${site.id}`, { token: ann });
    expect(shown.body.site.customDomainStatus).toBe('FAILED');
    // a domain that never got its record is not held against someone else
    const bobSite = await siteOf(bob);
    expect((await add(bob, bobSite.id, domain)).status).toBe(200);
    expect((await siteRow(site.id)).custom_domain).toBeNull();

    // verified, then its record disappears: still served, but flagged for no renewals
    const target = `${bobSite.subdomain}.${SITES_DOMAIN}`;
    dns.publish(domain, 'CNAME', target);
    expect((await verify(bob, bobSite.id)).body.verified).toBe(true);
    dns.withdraw(domain);
    await recheckCustomDomains(server.ctx, Date.now() + 25 * HOUR);
    const lost = await siteRow(bobSite.id);
    expect(lost.custom_domain_status).toBe('VERIFIED');
    expect(lost.domain_lost_at).not.toBeNull();
    expect(lost.domain_message).toMatch(/will not be renewed/);
    dns.publish(domain, 'CNAME', target);
    await recheckCustomDomains(server.ctx, Date.now() + 50 * HOUR);
    expect((await siteRow(bobSite.id)).domain_lost_at).toBeNull();
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
