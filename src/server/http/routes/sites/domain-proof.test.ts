import { afterAll, beforeAll, expect, it } from 'vitest';
import { AddDomainResponseSchema, DOMAIN_RELEASE_GRACE_MS } from '../../../../shared/custom-domain';
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
import { registerUserOnPlan, startTestServer, type TestServer } from '../../../../../test/server';
import { startTestSmtp, type TestSmtp } from '../../../../../test/smtp';
import { waitUntil } from '../../../../../test/wait';
import { recheckCustomDomains } from '../../../domain/domains/custom-domains';

// Domains go to whoever proves them: DNS pointing at a site beats a claim without it, and a
// verified domain whose DNS moved away is released after a grace period, its owner told.

const SITES_DOMAIN = 'sites.proof.dev';
const APP_ORIGIN = 'http://app.proof.dev';
const HOUR = 60 * 60 * 1000;

let names = 0;
function uniqueDomain(): string {
  names += 1;
  return `www.proof-${Date.now().toString(36)}-${names}.com`;
}

describeEachDatabase('custom domains go to whoever proves them', (dialect) => {
  let dns: TestDnsServer;
  let smtp: TestSmtp;
  let server: TestServer;

  beforeAll(async () => {
    dns = await startDnsServer();
    smtp = await startTestSmtp();
    server = await startTestServer(dialect, {
      SITES_DOMAIN,
      APP_ORIGIN,
      DNS_SERVERS: dns.address,
      SMTP_URL: smtp.url,
    });
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
    await dns?.close();
  });

  /** A paying user with one live site that shows `marker`. */
  async function ownerWithSite(marker: string) {
    const auth = await registerUserOnPlan(server, 'STARTER', { smtp });
    const subdomain = uniqueSubdomain('proof');
    const res = await deployCode(server, auth.token, subdomain, htmlArtifact(marker));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const done = await waitForDeployment(server, auth.token, res.body.deployment.id);
    expect(done.status, done.errorMessage ?? '').toBe('SUCCESS');
    return {
      token: auth.token,
      email: auth.user.email,
      siteId: res.body.site.id as string,
      target: `${subdomain}.${SITES_DOMAIN}`,
    };
  }
  const add = (token: string, siteId: string, domain: string) =>
    server.api('POST', `/api/sites/${siteId}/domain`, { token, body: { domain } });
  const verify = (token: string, siteId: string) =>
    server.api('POST', `/api/sites/${siteId}/domain/verify`, { token });
  const site = async (token: string, siteId: string) =>
    SiteResponseSchema.parse((await server.api('GET', `/api/sites/${siteId}`, { token })).body)
      .site;
  /** What the domain serves now (hosting drops its cache on the events the change emits). */
  const serves = (domain: string, marker: string | null) =>
    waitUntil(
      async () => {
        const res = await fetchHost(server.port, domain);
        return marker ? res.status === 200 && res.text.includes(marker) : res.status === 404;
      },
      { what: `${domain} to serve ${marker ?? 'no site'}` },
    );

  it('squatter vs real owner: DNS pointing at the owner wins over an unproven claim, and the squatter is told', async () => {
    const squatter = await ownerWithSite('squatter');
    const owner = await ownerWithSite('real owner');
    const domain = uniqueDomain();
    expect((await add(squatter.token, squatter.siteId, domain)).status).toBe(200);

    // Without proof the owner is told how to get it, not just "taken".
    const refused = await add(owner.token, owner.siteId, domain);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toContain('which has not proven it yet');
    expect(refused.body.error.message).toContain(
      `Add a CNAME record for ${domain} with the value ${owner.target}`,
    );

    dns.publish(domain, 'CNAME', owner.target);
    const taken = await add(owner.token, owner.siteId, domain);
    expect(taken.status, JSON.stringify(taken.body)).toBe(200);
    expect(AddDomainResponseSchema.parse(taken.body).site).toMatchObject({
      customDomain: domain,
      customDomainStatus: 'VERIFIED',
    });
    await serves(domain, 'real owner');

    const dropped = await site(squatter.token, squatter.siteId);
    expect(dropped.customDomain).toBeNull();
    const mail = await smtp.waitForMail(squatter.email, 1);
    expect(mail.subject).toBe(`${domain} was removed from your site`);
    expect(mail.text).toContain('its DNS record points at their site');

    // Removing and adding again gets the squatter nowhere: the owner has proven it.
    const again = await add(squatter.token, squatter.siteId, domain);
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(`${domain} is already used by another site.`);
  });

  it('a stale binding stops serving the old site after the grace and is released; the owner is told on the site page and by e-mail', async () => {
    const old = await ownerWithSite('old owner');
    const newcomer = await ownerWithSite('newcomer');
    const domain = uniqueDomain();
    dns.publish(domain, 'CNAME', old.target);
    expect((await add(old.token, old.siteId, domain)).status).toBe(200);
    expect((await verify(old.token, old.siteId)).body.verified).toBe(true);
    await serves(domain, 'old owner');

    // The DNS moves to a site elsewhere; the daily check finds it a day later.
    dns.publish(domain, 'CNAME', 'shop.another-host.example.net');
    const start = Date.now();
    await recheckCustomDomains(server.ctx, start + 25 * HOUR);
    const lost = await site(old.token, old.siteId);
    expect(lost.customDomainStatus).toBe('VERIFIED');
    const releaseAt = Date.parse(lost.domainReleaseAt!);
    expect(releaseAt - (start + 25 * HOUR)).toBeGreaterThanOrEqual(DOMAIN_RELEASE_GRACE_MS - 1000);
    expect(releaseAt - (start + 25 * HOUR)).toBeLessThanOrEqual(DOMAIN_RELEASE_GRACE_MS + 60_000);
    expect(lost.domainMessage).toContain('then it is released from this site');
    const warned = await smtp.waitForMail(old.email, 1);
    expect(warned.subject).toBe(`${domain} no longer points at your site`);
    expect(warned.text).toContain('keeps showing your site for 72 hours');
    expect(warned.text).toContain(`${APP_ORIGIN}/sites/${old.siteId}`);
    // During the grace the old site is still served, and a newcomer is told when it frees up.
    await serves(domain, 'old owner');
    const early = await add(newcomer.token, newcomer.siteId, domain);
    expect(early.status).toBe(409);
    expect(early.body.error.message).toMatch(/It is released on \d+ \w+ \d{4}, \d\d:\d\d UTC/);

    // An hour before the end nothing changes; at the end the domain goes.
    await recheckCustomDomains(server.ctx, releaseAt - HOUR);
    expect((await site(old.token, old.siteId)).customDomain).toBe(domain);
    await recheckCustomDomains(server.ctx, releaseAt + 1000);
    const released = await site(old.token, old.siteId);
    expect(released.customDomain).toBeNull();
    await serves(domain, null);
    const told = await smtp.waitForMail(old.email, 2);
    expect(told.subject).toBe(`${domain} was removed from your site`);
    expect(told.text).toContain('pointed elsewhere for 72 hours');

    // Released: whoever its DNS points at may add it now.
    dns.publish(domain, 'CNAME', newcomer.target);
    const mine = await add(newcomer.token, newcomer.siteId, domain);
    expect(mine.status, JSON.stringify(mine.body)).toBe(200);
    expect((await verify(newcomer.token, newcomer.siteId)).body.verified).toBe(true);
    await serves(domain, 'newcomer');
  });

  it('a newcomer whose DNS record points at their site takes a verified domain at once', async () => {
    const old = await ownerWithSite('sold domain');
    const buyer = await ownerWithSite('bought domain');
    const domain = uniqueDomain();
    dns.publish(domain, 'CNAME', old.target);
    expect((await add(old.token, old.siteId, domain)).status).toBe(200);
    expect((await verify(old.token, old.siteId)).body.verified).toBe(true);
    await serves(domain, 'sold domain');

    // Still pointing at the old site: the buyer cannot take it.
    const refused = await add(buyer.token, buyer.siteId, domain);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(`${domain} is already used by another site.`);

    dns.publish(domain, 'CNAME', buyer.target);
    const taken = await add(buyer.token, buyer.siteId, domain);
    expect(taken.status, JSON.stringify(taken.body)).toBe(200);
    expect(taken.body.site.customDomainStatus).toBe('VERIFIED');
    await serves(domain, 'bought domain');
    expect((await site(old.token, old.siteId)).customDomain).toBeNull();
    const mail = await smtp.waitForMail(old.email, 1);
    expect(mail.subject).toBe(`${domain} was removed from your site`);
  });

  it('a record that flaps back within the grace keeps the domain', async () => {
    const owner = await ownerWithSite('flapping');
    const domain = uniqueDomain();
    dns.publish(domain, 'CNAME', owner.target);
    expect((await add(owner.token, owner.siteId, domain)).status).toBe(200);
    expect((await verify(owner.token, owner.siteId)).body.verified).toBe(true);

    dns.withdraw(domain);
    const start = Date.now();
    await recheckCustomDomains(server.ctx, start + 25 * HOUR);
    const lost = await site(owner.token, owner.siteId);
    expect(lost.domainReleaseAt).not.toBeNull();
    expect(lost.domainMessage).toContain(`${domain} has no CNAME record`);

    dns.publish(domain, 'CNAME', owner.target);
    await recheckCustomDomains(server.ctx, start + 60 * HOUR);
    const back = await site(owner.token, owner.siteId);
    expect(back).toMatchObject({
      customDomain: domain,
      customDomainStatus: 'VERIFIED',
      domainReleaseAt: null,
    });
    // Past the old grace's end nothing is released: the clock stopped when the record came back.
    await recheckCustomDomains(server.ctx, start + 25 * HOUR + DOMAIN_RELEASE_GRACE_MS + HOUR);
    expect((await site(owner.token, owner.siteId)).customDomain).toBe(domain);
    await serves(domain, 'flapping');
  });
});
