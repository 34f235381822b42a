import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import https from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caddyMissing, startCaddy, type Caddy } from './caddy';
import { freePort } from './child-server';
import { describeEachDatabase } from './databases';
import { deployCode, htmlArtifact, uniqueSubdomain, waitForDeployment } from './deploy';
import { startDnsServer, type TestDnsServer } from './dns-server';
import { pebbleMissing, startPebble, type Pebble } from './pebble';
import { makeSelfSignedCertificate } from './self-signed';
import { waitUntil } from './wait';
import { registerUserOnPlan, startTestServer, type TestServer } from './server';

// deploy/Caddyfile as shipped, in front of a node: the app host's certificate from the CA at
// start, a custom domain's on demand once the product says it is verified, the sites domain's
// wildcard from files. pebble is the CA and validates through Caddy's own ports.
const SITES_DOMAIN = 'sites.front.test';
const APP_HOST = 'app.front.test';

const missing = caddyMissing() ?? pebbleMissing();
if (missing) console.log(`Caddy front tests skipped: ${missing}`);

interface Answer {
  status: number;
  text: string;
  headers: Record<string, string | string[] | undefined>;
  alpn: string | false | null;
}

/** GET over HTTPS through the front with SNI and Host `name`, trusting only `ca`. */
function get(port: number, name: string, ca: string, p = '/'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = https.request(
      {
        host: '127.0.0.1',
        port,
        path: p,
        servername: name,
        ca,
        headers: { host: name },
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            text: Buffer.concat(chunks).toString(),
            headers: res.headers,
            alpn: (res.socket as tls.TLSSocket).alpnProtocol,
          }),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** The protocol the front picks when a browser offers HTTP/2. */
function negotiated(port: number, name: string, ca: string): Promise<string | false | null> {
  return new Promise((resolve, reject) => {
    const socket = tls.connect(
      { host: '127.0.0.1', port, servername: name, ca, ALPNProtocols: ['h2', 'http/1.1'] },
      () => {
        resolve(socket.alpnProtocol);
        socket.end();
      },
    );
    socket.once('error', reject);
  });
}

describeEachDatabase('Caddy in front (deploy/Caddyfile)', (dialect) => {
  describe.skipIf(missing !== null)('with pebble as its CA', () => {
    let dir: string;
    let dns: TestDnsServer;
    let pebble: Pebble;
    let server: TestServer;
    let caddy: Caddy;
    let token: string;
    let root: string;
    let sitesCa: string;

    beforeAll(async () => {
      dir = mkdtempSync(path.join(tmpdir(), 'front-'));
      const wildcard = makeSelfSignedCertificate(dir, SITES_DOMAIN, [`*.${SITES_DOMAIN}`]);
      sitesCa = readFileSync(wildcard.cert, 'utf8');
      dns = await startDnsServer();
      dns.publish(APP_HOST, 'A', '127.0.0.1');
      const httpPort = await freePort();
      const httpsPort = await freePort();
      pebble = await startPebble({ httpPort, tlsPort: httpsPort, dnsServer: dns.address });
      root = await pebble.issuingRoot();
      server = await startTestServer(dialect, {
        SITES_DOMAIN,
        APP_ORIGIN: `https://${APP_HOST}`,
        TRUST_PROXY: 'true',
        DNS_SERVERS: dns.address,
      });
      token = (await registerUserOnPlan(server, 'STARTER')).token;
      caddy = await startCaddy({
        httpPort,
        httpsPort,
        env: {
          FRONT_APP_HOST: APP_HOST,
          SITES_DOMAIN,
          FRONT_SITES_CERT: wildcard.cert,
          FRONT_SITES_KEY: wildcard.key,
          FRONT_UPSTREAMS: `127.0.0.1:${server.port}`,
          FRONT_ASK_URL: `http://127.0.0.1:${server.port}/api/internal/tls-allowed`,
          ACME_EMAIL: 'ops@example.com',
        },
        globals: [`acme_ca ${pebble.directoryUrl}`, `acme_ca_root ${pebble.apiCaFile}`],
      });
    });
    const logs = () => `caddy:\n${caddy.output()}\npebble:\n${pebble.output()}`;
    afterAll(async () => {
      await caddy?.close();
      await server?.close();
      await pebble?.close();
      await dns?.close();
      if (dir) rmSync(dir, { recursive: true, force: true });
    });

    it("serves a verified custom domain's page over HTTPS with a certificate it got on demand", async () => {
      const subdomain = uniqueSubdomain('front');
      const deployed = await deployCode(server, token, subdomain, htmlArtifact('through-caddy'));
      expect(deployed.status, JSON.stringify(deployed.body)).toBe(201);
      const siteId = deployed.body.site.id as string;
      expect((await waitForDeployment(server, token, deployed.body.deployment.id)).status).toBe(
        'SUCCESS',
      );
      const domain = `www.shop-${Date.now().toString(36)}.com`;
      const added = await server.api('POST', `/api/sites/${siteId}/domain`, {
        token,
        body: { domain },
      });
      expect(added.status, JSON.stringify(added.body)).toBe(200);
      dns.publish(domain, 'CNAME', `${subdomain}.${SITES_DOMAIN}`);
      dns.publish(`${subdomain}.${SITES_DOMAIN}`, 'A', '127.0.0.1');

      // Not verified yet: the product says no, so Caddy gets no certificate and refuses.
      await expect(get(caddy.httpsPort, domain, root)).rejects.toThrow();

      const verified = await server.api('POST', `/api/sites/${siteId}/domain/verify`, { token });
      expect(verified.body.site.customDomainStatus).toBe('VERIFIED');
      // The first handshake waits while Caddy gets the certificate; a failed try is retried
      // by the next handshake, which is what a visitor's browser does too.
      const page = await waitUntil(() => get(caddy.httpsPort, domain, root).catch(() => null), {
        timeoutMs: 150_000,
        intervalMs: 500,
        what: () => `a certificate for ${domain}\n${logs()}`,
      });
      expect(page.status).toBe(200);
      expect(page.text).toContain('through-caddy');
      // The node's precompressed variant passes through as it is; HTTP/3 is offered.
      expect(page.headers.etag).toBeTruthy();
      expect(String(page.headers['alt-svc'])).toContain('h3=');
      expect(await negotiated(caddy.httpsPort, domain, root)).toBe('h2');

      // The same site under the sites domain, on the wildcard certificate from files.
      const own = await get(caddy.httpsPort, `${subdomain}.${SITES_DOMAIN}`, sitesCa);
      expect(own.status).toBe(200);
      expect(own.text).toContain('through-caddy');
    }, 200_000);

    it('serves the app host on the certificate Caddy got at start', async () => {
      // Caddy asks for it in the background at start; on a loaded machine that may still be
      // under way, or in its retry after a slow first try.
      const health = await waitUntil(
        () => get(caddy.httpsPort, APP_HOST, root, '/api/health').catch(() => null),
        {
          timeoutMs: 150_000,
          intervalMs: 500,
          what: () => `the app host's certificate\n${logs()}`,
        },
      );
      expect(health.status).toBe(200);
    }, 200_000);

    it('gives a name nobody verified no certificate', async () => {
      await expect(get(caddy.httpsPort, 'www.not-ours-at-all.com', root)).rejects.toThrow();
    });
  });
});
