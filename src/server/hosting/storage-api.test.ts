import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/databases';
import {
  deployCode,
  fetchSite,
  htmlArtifact,
  uniqueSubdomain,
  waitForDeployment,
} from '../../../test/deploy';
import { registerUser, startTestServer, type TestServer } from '../../../test/server';

const QUOTA = 100 * 1024;

describeEachDatabase('window.storage under abuse', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    // Behind a proxy, so that tests can speak as several visitors.
    server = await startTestServer(dialect, {
      TRUST_PROXY: 'true',
      SITE_STORAGE_QUOTA_BYTES: String(QUOTA),
    });
  });
  afterAll(() => server.close());

  async function deployed(token: string) {
    const subdomain = uniqueSubdomain('storage');
    const res = await deployCode(server, token, subdomain, htmlArtifact(subdomain));
    expect((await waitForDeployment(server, token, res.body.deployment.id)).status).toBe('SUCCESS');
    return subdomain;
  }

  const put = (subdomain: string, key: string, value: string, visitor = '203.0.113.1') =>
    fetchSite(server.port, subdomain, `/__storage/${encodeURIComponent(key)}`, {
      method: 'PUT',
      body: JSON.stringify({ value }),
      headers: { 'content-type': 'application/json', 'x-forwarded-for': visitor },
    });

  it('limits the rate per visitor: one hammering visitor does not block the others', async () => {
    const { token } = await registerUser(server);
    const subdomain = await deployed(token);
    const read = (visitor: string) =>
      fetchSite(server.port, subdomain, '/__storage', {
        headers: { 'x-forwarded-for': visitor },
      });
    // Twice the burst at once: far more than the refill can cover while they arrive.
    const burst = await Promise.all(Array.from({ length: 200 }, () => read('198.51.100.7')));
    const refused = burst.find((r) => r.status === 429);
    expect(refused).toBeDefined();
    expect(JSON.parse(refused!.text)).toEqual({ error: 'Too many storage requests. Slow down.' });
    expect((await read('198.51.100.8')).status).toBe(200);
    // What the client writes before the proxy's own hop does not make it someone else: a burst
    // under ever-new forged addresses is still one visitor's, and is refused in part.
    const forged = await Promise.all(
      Array.from({ length: 200 }, (_, i) => read(`10.9.${i >> 8}.${i & 255}, 198.51.100.9`)),
    );
    expect(forged.some((r) => r.status === 429)).toBe(true);
  });

  it('counts an IPv6 visitor as its /64, as the API does: new addresses inside it share a budget', async () => {
    const { token } = await registerUser(server);
    const subdomain = await deployed(token);
    // 150 requests, each from its own address inside one /64: under the per-visitor budget of
    // 100 per address, over it for the /64.
    const burst = await Promise.all(
      Array.from({ length: 150 }, (_, i) =>
        fetchSite(server.port, subdomain, '/__storage', {
          headers: { 'x-forwarded-for': `2001:db8:7:7:${(i + 1).toString(16)}::1` },
        }),
      ),
    );
    expect(burst.filter((r) => r.status === 429).length).toBeGreaterThanOrEqual(50);
    // Another /64 is another visitor.
    const neighbour = await fetchSite(server.port, subdomain, '/__storage', {
      headers: { 'x-forwarded-for': '2001:db8:7:8::1' },
    });
    expect(neighbour.status).toBe(200);
  });

  it('keeps an account within its storage quota across all its sites', async () => {
    const { token } = await registerUser(server);
    const first = await deployed(token);
    const second = await deployed(token);
    const value = 'v'.repeat(30 * 1024);
    expect((await put(first, 'a', value)).status).toBe(200);
    expect((await put(first, 'b', value)).status).toBe(200);
    expect((await put(second, 'c', value)).status).toBe(200);
    // 4 × 30 KB is over 100 KB, whichever of the owner's sites asks.
    const full = await put(second, 'd', value);
    expect(full.status).toBe(507);
    expect(JSON.parse(full.text).error).toMatch(/Storage is full: .*0\.1 MB/);
    // Replacing a value counts the new one instead of the old; freeing space makes room.
    expect((await put(first, 'a', value.slice(1))).status).toBe(200);
    await fetchSite(server.port, first, '/__storage/b', {
      method: 'DELETE',
      headers: { 'x-forwarded-for': '203.0.113.1' },
    });
    expect((await put(second, 'd', value)).status).toBe(200);

    // Another account's quota is its own.
    const other = await registerUser(server);
    expect((await put(await deployed(other.token), 'a', value)).status).toBe(200);
  });
});
