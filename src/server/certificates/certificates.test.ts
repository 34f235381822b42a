import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/databases';
import { deployCode, htmlArtifact, uniqueSubdomain, waitForDeployment } from '../../../test/deploy';
import { fetchHost, fetchTls } from '../../../test/host-request';
import { startDnsServer, type TestDnsServer } from '../../../test/dns-server';
import {
  pebbleMissing,
  startAcmeTestbed,
  type AcmeTestbed,
  type Pebble,
} from '../../../test/pebble';
import { registerUserOnPlan, startTestServer, type TestServer } from '../../../test/server';
import { waitForEvent, waitUntil, type Listenable } from '../../../test/wait';
import { putAcmeChallenge } from '../db/queries/certificates';
import {
  ORDERS_PER_HOUR,
  RENEW_BEFORE_MS,
  runCertificateWork,
} from '../domain/domains/certificates';
import type { AppEvents } from '../events/types';
import { nowIso } from '../lib/ids';

const SITES_DOMAIN = 'sites.artifacts.dev';
const APP_ORIGIN = 'http://app.artifacts.dev';
const DAY = 24 * 60 * 60 * 1000;

let names = 0;
function uniqueDomain(): string {
  names += 1;
  return `www.shop-${Date.now().toString(36)}-${names}.com`;
}

const missing = pebbleMissing();
if (missing) console.log(`certificate tests against pebble skipped: ${missing}`);

describeEachDatabase('certificates', (dialect) => {
  describe.skipIf(missing !== null)('against pebble', () => {
    let dns: TestDnsServer;
    let pebble: Pebble;
    let server: TestServer;
    let token: string;
    let root: string;
    let httpsPort: number;
    let testbed: AcmeTestbed;

    const bus = <K extends keyof AppEvents>(name: K): Listenable => {
      const offs = new Map<unknown, () => void>();
      return {
        on: (_n, listener) => offs.set(listener, server.ctx.events.on(name, listener)),
        off: (_n, listener) => offs.get(listener)?.(),
      };
    };
    const siteRow = (id: string) =>
      server.ctx.db.selectFrom('sites').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

    beforeAll(async () => {
      testbed = await startAcmeTestbed();
      ({ dns, pebble, httpsPort } = testbed);
      server = await startTestServer(dialect, { ...testbed.env, SITES_DOMAIN, APP_ORIGIN });
      root = await pebble.issuingRoot();
      const user = await registerUserOnPlan(server, 'STARTER');
      token = user.token;
    });
    afterAll(async () => {
      await server?.close();
      await testbed?.close();
    });

    async function liveSite(marker: string) {
      const subdomain = uniqueSubdomain('tls');
      const res = await deployCode(server, token, subdomain, htmlArtifact(marker));
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      const done = await waitForDeployment(server, token, res.body.deployment.id);
      expect(done.status).toBe('SUCCESS');
      return { id: res.body.site.id as string, subdomain };
    }
    const addDomain = async (siteId: string, domain: string) => {
      const res = await server.api('POST', `/api/sites/${siteId}/domain`, {
        token,
        body: { domain },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    };
    const publish = (domain: string, subdomain: string) => {
      const target = `${subdomain}.${SITES_DOMAIN}`;
      dns.publish(domain, 'CNAME', target);
      dns.publish(target, 'A', '127.0.0.1');
    };

    it('orders a certificate once the domain is VERIFIED, serves it per SNI, and renews it without a restart', async () => {
      const site = await liveSite('pebble-served');
      const domain = uniqueDomain();
      await addDomain(site.id, domain);
      publish(domain, site.subdomain);

      const issued = waitForEvent<AppEvents['certificate.issued']>(
        bus('certificate.issued'),
        'certificate.issued',
        (e) => e.domain === domain,
      );
      const started = Date.now();
      const verified = await server.api('POST', `/api/sites/${site.id}/domain/verify`, { token });
      expect(verified.status, JSON.stringify(verified.body)).toBe(200);
      expect(verified.body.site.customDomainStatus).toBe('VERIFIED');
      const first = await issued;
      const elapsed = Date.now() - started;
      console.log(`[${dialect}] Verify → SSL ACTIVE against pebble: ${elapsed} ms`);

      const row = await siteRow(site.id);
      expect(row.ssl_status).toBe('ACTIVE');
      expect(row.ssl_expires_at).toBe(first.expiresAt);
      expect(Date.parse(first.expiresAt)).toBeGreaterThan(Date.now() + 30 * DAY);
      const shown = await server.api('GET', `/api/sites/${site.id}`, { token });
      expect(shown.body.site).toMatchObject({
        sslStatus: 'ACTIVE',
        sslExpiresAt: first.expiresAt,
        customDomainUrl: `https://${domain}:${httpsPort}`,
      });
      // the private key is kept encrypted
      const stored = await server.ctx.db
        .selectFrom('certificates')
        .selectAll()
        .where('domain', '=', domain)
        .executeTakeFirstOrThrow();
      expect(stored.key_pem).not.toContain('PRIVATE KEY');

      const before = await fetchTls(httpsPort, domain, root);
      expect(before.status).toBe(200);
      expect(before.text).toContain('pebble-served');

      // plain HTTP now points at HTTPS, except for ACME's own path
      const plain = await fetchHost(server.port, domain, '/page?x=1');
      expect(plain.status).toBe(308);
      expect(plain.location).toBe(`https://${domain}:${httpsPort}/page?x=1`);
      await putAcmeChallenge(
        server.ctx.db,
        'still-plain',
        'still-plain.key',
        nowIso(Date.now() + DAY),
      );
      const challenge = await fetchHost(
        server.port,
        domain,
        '/.well-known/acme-challenge/still-plain',
      );
      expect(challenge).toMatchObject({ status: 200, text: 'still-plain.key' });

      // The renewal job with its clock past expiry − 30 days orders again.
      const renewed = waitForEvent<AppEvents['certificate.issued']>(
        bus('certificate.issued'),
        'certificate.issued',
        (e) => e.domain === domain,
      );
      const clock = Date.parse(first.expiresAt) - RENEW_BEFORE_MS + DAY;
      const tally = await runCertificateWork(server.ctx, clock);
      expect(tally.issued).toBe(1);
      await renewed;
      const after = await fetchTls(httpsPort, domain, root);
      expect(after.status).toBe(200);
      expect(after.text).toContain('pebble-served');
      expect(after.serial).not.toBe(before.serial);
      expect((await siteRow(site.id)).ssl_status).toBe('ACTIVE');

      // a removed domain's certificate is no longer served (no TLS_CERT_FILE to fall back on)
      const removed = await server.api('DELETE', `/api/sites/${site.id}/domain`, { token });
      expect(removed.status).toBe(200);
      await expect(fetchTls(httpsPort, domain, root)).rejects.toThrow();
    });

    it('marks the certificate FAILED with the reason when the CA cannot validate, and retries later', async () => {
      const site = await liveSite('pebble-unreachable');
      const domain = uniqueDomain();
      await addDomain(site.id, domain);
      // the CNAME verifies, but its target has no address, so pebble cannot reach us
      dns.publish(domain, 'CNAME', `${site.subdomain}.${SITES_DOMAIN}`);
      const verified = await server.api('POST', `/api/sites/${site.id}/domain/verify`, { token });
      expect(verified.body.site.customDomainStatus).toBe('VERIFIED');
      const failed = await waitUntil(
        async () => {
          const row = await siteRow(site.id);
          return row.ssl_status === 'FAILED' ? row : null;
        },
        { what: `ssl_status FAILED for ${domain}` },
      );
      expect(failed.ssl_message).toContain(`Getting the certificate of ${domain} failed`);
      expect(failed.ssl_failures).toBe(1);
      expect(Date.parse(failed.ssl_next_attempt_at!)).toBeGreaterThan(Date.now() + 60_000);
      expect((await fetchHost(server.port, domain)).status).toBe(200);
    });

    it('stops ordering at the hourly cap, leaving the domain due', async () => {
      const site = await liveSite('pebble-capped');
      const domain = uniqueDomain();
      await addDomain(site.id, domain);
      publish(domain, site.subdomain);
      const now = new Date().toISOString();
      await server.ctx.db
        .insertInto('acme_orders')
        .values(
          Array.from({ length: ORDERS_PER_HOUR }, (_, i) => ({
            id: `cap-${dialect}-${i}`,
            domain: `cap${i}.example.com`,
            started_at: now,
          })),
        )
        .execute();
      const verified = await server.api('POST', `/api/sites/${site.id}/domain/verify`, { token });
      expect(verified.body.site.customDomainStatus).toBe('VERIFIED');
      const tally = await runCertificateWork(server.ctx);
      expect(tally.issued).toBe(0);
      const row = await siteRow(site.id);
      expect(row.ssl_status).toBe('PENDING');
      expect(Date.parse(row.ssl_next_attempt_at!)).toBeLessThanOrEqual(Date.now());
      await server.ctx.db.deleteFrom('acme_orders').where('id', 'like', 'cap-%').execute();
    });

    it('orders nothing for a domain that is not VERIFIED, nor renews a lost one', async () => {
      const site = await liveSite('pebble-unverified');
      const domain = uniqueDomain();
      await addDomain(site.id, domain);
      // no DNS record: verify leaves it PENDING
      const res = await server.api('POST', `/api/sites/${site.id}/domain/verify`, { token });
      expect(res.body.site.customDomainStatus).toBe('PENDING');
      await runCertificateWork(server.ctx, Date.now() + 365 * DAY);
      const orders = await server.ctx.db
        .selectFrom('acme_orders')
        .selectAll()
        .where('domain', '=', domain)
        .execute();
      expect(orders).toEqual([]);
      expect((await siteRow(site.id)).ssl_status).toBe('PENDING');

      // a VERIFIED domain whose record went away (domain_lost_at) is not renewed either
      await server.ctx.db
        .updateTable('sites')
        .set({
          custom_domain_status: 'VERIFIED',
          domain_lost_at: nowIso(),
          ssl_next_attempt_at: nowIso(Date.now() - DAY),
        })
        .where('id', '=', site.id)
        .execute();
      await runCertificateWork(server.ctx, Date.now() + 365 * DAY);
      const still = await server.ctx.db
        .selectFrom('acme_orders')
        .selectAll()
        .where('domain', '=', domain)
        .execute();
      expect(still).toEqual([]);
    });
  });
});

describeEachDatabase('certificates without ACME', (dialect) => {
  let dns: TestDnsServer;
  let server: TestServer;
  let token: string;

  beforeAll(async () => {
    dns = await startDnsServer();
    server = await startTestServer(dialect, {
      SITES_DOMAIN,
      APP_ORIGIN,
      DNS_SERVERS: dns.address,
    });
    const user = await registerUserOnPlan(server, 'STARTER');
    token = user.token;
  });
  afterAll(async () => {
    await server?.close();
    await dns?.close();
  });

  const siteWithDomain = async () => {
    const subdomain = uniqueSubdomain('noacme');
    const res = await deployCode(server, token, subdomain, htmlArtifact('no-acme'));
    expect(res.status).toBe(201);
    const domain = uniqueDomain();
    const added = await server.api('POST', `/api/sites/${res.body.site.id}/domain`, {
      token,
      body: { domain },
    });
    expect(added.status).toBe(200);
    return { id: res.body.site.id as string, subdomain, domain };
  };

  it('tls-allowed answers 200 only for a VERIFIED custom domain', async () => {
    const site = await siteWithDomain();
    const ask = (domain: string) =>
      server.api('GET', `/api/internal/tls-allowed?domain=${encodeURIComponent(domain)}`);
    expect((await ask(site.domain)).status).toBe(404);
    expect((await ask('unknown.example.com')).status).toBe(404);
    expect((await server.api('GET', '/api/internal/tls-allowed')).status).toBe(404);
    dns.publish(site.domain, 'CNAME', `${site.subdomain}.${SITES_DOMAIN}`);
    const verified = await server.api('POST', `/api/sites/${site.id}/domain/verify`, { token });
    expect(verified.body.site.customDomainStatus).toBe('VERIFIED');
    expect((await ask(site.domain)).status).toBe(200);
    expect((await ask(site.domain.toUpperCase())).status).toBe(200);
  });

  it('keeps ssl_status PENDING with a message when ACME_DIRECTORY_URL is unset', async () => {
    const site = await siteWithDomain();
    dns.publish(site.domain, 'CNAME', `${site.subdomain}.${SITES_DOMAIN}`);
    await server.api('POST', `/api/sites/${site.id}/domain/verify`, { token });
    await runCertificateWork(server.ctx);
    const row = await server.ctx.db
      .selectFrom('sites')
      .selectAll()
      .where('id', '=', site.id)
      .executeTakeFirstOrThrow();
    expect(row.ssl_status).toBe('PENDING');
    expect(row.ssl_message).toContain('ACME_DIRECTORY_URL');
    // no HTTPS listener, no redirect
    expect(server.httpsServer).toBeNull();
  });

  it('answers the ACME challenge path for any custom host, verified or not', async () => {
    const site = await siteWithDomain();
    await putAcmeChallenge(server.ctx.db, 'tok_en-1', 'tok_en-1.thumb', nowIso(Date.now() + DAY));
    const res = await fetchHost(server.port, site.domain, '/.well-known/acme-challenge/tok_en-1');
    expect(res).toMatchObject({ status: 200, text: 'tok_en-1.thumb' });
    const unknown = await fetchHost(
      server.port,
      'www.nobody-here.com',
      '/.well-known/acme-challenge/tok_en-1',
    );
    expect(unknown.status).toBe(200);
    const other = await fetchHost(server.port, site.domain, '/.well-known/acme-challenge/nope');
    expect(other.status).toBe(404);
    // an expired one is gone
    await putAcmeChallenge(server.ctx.db, 'old', 'old.thumb', nowIso(Date.now() - 1000));
    expect(
      (await fetchHost(server.port, site.domain, '/.well-known/acme-challenge/old')).status,
    ).toBe(404);
  });
});
