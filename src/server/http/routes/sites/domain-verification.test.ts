import { afterAll, beforeAll, expect, it } from 'vitest';
import { VerifyDomainResponseSchema } from '../../../../shared/custom-domain';
import { describeEachDatabase } from '../../../../../test/databases';
import { startDnsServer, type TestDnsServer } from '../../../../../test/dns-server';
import { fetchHost } from '../../../../../test/host-request';
import { registerVerifiedUser, startTestServer, type TestServer } from '../../../../../test/server';
import { waitUntil } from '../../../../../test/wait';
import {
  APP_ORIGIN,
  customDomainCalls,
  HOUR,
  IPV4,
  IPV6,
  SITES_DOMAIN,
  uniqueDomain,
} from '../../../../../test/custom-domains';
import { recheckCustomDomains } from '../../../domain/domains/custom-domains';

// Verifying a custom domain through DNS, serving the site on it, and the re-check job.

describeEachDatabase('custom domains API: verification', (dialect) => {
  let dns: TestDnsServer;
  let server: TestServer;
  let ann: string;
  let bob: string;

  const { setPlan, siteOf, add, verify, remove, siteChanged, siteRow } = customDomainCalls(
    () => server,
  );

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
  });
  afterAll(async () => {
    await server?.close();
    await dns?.close();
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
});
