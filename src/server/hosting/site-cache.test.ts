import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { describeEachDatabase } from '../../../test/databases';
import { fetchSite } from '../../../test/deploy';
import { seedSites, seededSubdomain } from '../../../test/many-sites';
import { startTestServer, type TestServer } from '../../../test/server';
import { statementsSent } from '../db/database';
import { BlobCache } from './blob-cache';
import { REVALIDATE_AFTER_MS, SITE_BYTES, SiteCache, siteBytes } from './site-cache';

// The site cache holds manifests within a memory budget, dropping the site asked for least
// recently; and a site it holds is served without a word to the database.
describeEachDatabase('site cache', (dialect) => {
  let server: TestServer;
  const prefix = `cache-${Date.now().toString(36)}`;
  beforeAll(async () => {
    // Only the web role: no worker polling the queue, so every statement counted is hosting's.
    server = await startTestServer(dialect, { ROLES: 'web', ENABLE_ANALYTICS: 'false' });
    await seedSites(server.ctx, prefix, 0, 8);
  });
  afterAll(() => server.close());

  const cacheOf = (sites: number) =>
    new SiteCache(server.ctx.db, new BlobCache(server.ctx.blobs), {
      // Every seeded site has the same three files, so each is reckoned the same size.
      maxBytes: sites * oneSite,
    });
  let oneSite = 0;

  it('keeps what fits in its budget and drops the site asked for least recently', async () => {
    const probe = cacheOf(100);
    const first = await probe.get(seededSubdomain(prefix, 0));
    expect(first?.files.size).toBe(3);
    oneSite = siteBytes(first);
    expect(oneSite).toBeGreaterThan(SITE_BYTES);
    expect(probe.size).toEqual({ sites: 1, bytes: oneSite });

    const cache = cacheOf(3);
    for (const n of [0, 1, 2]) await cache.get(seededSubdomain(prefix, n));
    expect(cache.size).toEqual({ sites: 3, bytes: 3 * oneSite });
    // Site 0 is asked for again, so site 1 is now the least recently used.
    expect(cache.peek(seededSubdomain(prefix, 0))).toBeTruthy();
    await cache.get(seededSubdomain(prefix, 3));
    expect(cache.size).toEqual({ sites: 3, bytes: 3 * oneSite });
    expect(cache.peek(seededSubdomain(prefix, 1))).toBeUndefined();
    for (const n of [0, 2, 3]) expect(cache.peek(seededSubdomain(prefix, n))).toBeTruthy();

    // A dropped site is read again on its next visit, and pushes out the next oldest.
    const before = statementsSent(server.ctx.db);
    const again = await cache.get(seededSubdomain(prefix, 1));
    expect(again?.site.subdomain).toBe(seededSubdomain(prefix, 1));
    expect(statementsSent(server.ctx.db)).toBeGreaterThan(before);
    expect(cache.peek(seededSubdomain(prefix, 0))).toBeUndefined();
    expect(cache.size.bytes).toBeLessThanOrEqual(3 * oneSite);
  });

  it('reckons at least what its sites take on the heap, so the budget bounds memory', async () => {
    // A full collection on demand, for this process only.
    v8.setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const heap = () => {
      gc();
      gc();
      return process.memoryUsage().heapUsed;
    };
    const SITES = 3000;
    const many = `${prefix}-heap`;
    await seedSites(server.ctx, many, 0, SITES);
    // As builds leave text files: with a brotli and a gzip variant each.
    await server.ctx.db
      .updateTable('deployment_files')
      .set((eb) => ({ br_sha256: eb.ref('sha256'), gzip_sha256: eb.ref('sha256') }))
      .where(
        'deployment_id',
        'in',
        server.ctx.db
          .selectFrom('sites')
          .select('current_deployment_id')
          .where('subdomain', 'like', `${many}-%`),
      )
      .execute();
    let cache: SiteCache | null = new SiteCache(server.ctx.db, new BlobCache(server.ctx.blobs), {
      maxBytes: 1024 ** 3,
    });
    // Loaded in a function of its own, so no answer it awaited stays in this frame.
    const fill = async (into: SiteCache) => {
      for (let n = 0; n < SITES; n += 100) {
        await Promise.all(
          Array.from({ length: 100 }, (_, i) => into.get(seededSubdomain(many, n + i))),
        );
      }
    };
    await fill(cache);
    expect(cache.size.sites).toBe(SITES);
    const reckoned = cache.size.bytes;
    // What the cache holds is what its release frees: measured across two adjacent
    // collections, so whatever else this process (other files' leftovers) frees or keeps
    // meanwhile does not count.
    const holding = heap();
    cache = null;
    const held = holding - heap();
    // Files held as closures over the database driver's whole row took about 1.1 times what
    // the cache reckoned; held as fields, about half.
    expect(held).toBeLessThan(reckoned);
    expect(held).toBeGreaterThan(reckoned / 3);
  });

  it('counts "no such site" answers and forgets them when a site changes', async () => {
    const cache = cacheOf(2);
    expect(await cache.get('no-such-site-here')).toBeNull();
    expect(cache.size).toEqual({ sites: 1, bytes: SITE_BYTES });
    const site = await cache.get(seededSubdomain(prefix, 4));
    cache.invalidate(site!.site.id);
    expect(cache.size).toEqual({ sites: 0, bytes: 0 });
  });

  it('checks the sites visited lately in one statement, dropping the one that changed', async () => {
    const cache = cacheOf(10);
    const [six, seven] = [seededSubdomain(prefix, 6), seededSubdomain(prefix, 7)];
    await cache.get(six);
    const site = await cache.get(seven);
    const later = () => Date.now() + REVALIDATE_AFTER_MS;
    let before = statementsSent(server.ctx.db);
    await cache.sweep(later());
    expect(statementsSent(server.ctx.db) - before).toBe(1);
    // Nobody has visited them for a long while: the sweep leaves them to their next visit.
    before = statementsSent(server.ctx.db);
    await cache.sweep(Date.now() + 60_000);
    expect(statementsSent(server.ctx.db) - before).toBe(0);

    expect(cache.peek(six)).toBeTruthy();
    expect(cache.peek(seven)).toBeTruthy();
    // Changed behind the cache's back: no event.
    await server.ctx.db
      .updateTable('sites')
      .set({ expires_at: '2999-01-01T00:00:00.000Z' })
      .where('id', '=', site!.site.id)
      .execute();
    before = statementsSent(server.ctx.db);
    await cache.sweep(later());
    expect(statementsSent(server.ctx.db) - before).toBe(1);
    expect(cache.peek(six)).toBeTruthy();
    expect(cache.peek(seven)).toBeUndefined();
    expect((await cache.get(seven))?.site.expires_at).toBe('2999-01-01T00:00:00.000Z');
  });

  it('checks a site visited all along at every sweep, so no visit waits when the timer runs late', async () => {
    const cache = cacheOf(10);
    const subdomain = seededSubdomain(prefix, 2);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const start = Date.now();
      await cache.get(subdomain);
      // The sweep's timer, every half period, late by 3 ms every other time (a busy node).
      for (let n = 1; n <= 8; n++) {
        const at = start + n * (REVALIDATE_AFTER_MS / 2) + (n % 2 ? 3 : 0);
        vi.setSystemTime(at);
        // A visitor's request as the timer fires is answered from the cache, not after a query.
        expect(cache.peek(subdomain, at)).toBeTruthy();
        await cache.sweep(at);
      }
    } finally {
      vi.useRealTimers();
    }
  });

  it("keeps a site's row with shape-based properties, read afresh or not", async () => {
    // V8's own test, enabled for this process: a row as drivers hand it over is a dictionary,
    // whose every column read on a request is a hash probe.
    v8.setFlagsFromString('--allow-natives-syntax');
    const fast = new Function('o', 'return %HasFastProperties(o)') as (o: object) => boolean;
    const cache = cacheOf(10);
    const subdomain = seededSubdomain(prefix, 3);
    const loaded = await cache.get(subdomain);
    expect(fast(loaded!.site)).toBe(true);
    // A changed row of the same files replaces the cached row on the next check.
    await server.ctx.db
      .updateTable('sites')
      .set({ name: 'renamed behind the cache' })
      .where('id', '=', loaded!.site.id)
      .execute();
    await cache.sweep(Date.now() + REVALIDATE_AFTER_MS);
    const fresh = cache.peek(subdomain);
    expect(fresh?.site.name).toBe('renamed behind the cache');
    expect(fast(fresh!.site)).toBe(true);
  });

  it('answers a hot request without asking the database', async () => {
    const subdomain = seededSubdomain(prefix, 5);
    const first = await fetchSite(server.port, subdomain);
    expect(first.status).toBe(200);
    expect(first.text).toContain('seeded');
    // In the background the cache checks its visited sites, one statement per half period
    // whatever the traffic, and scheduled jobs share this handle; a hot request that asked
    // the database itself would add one statement or more per request.
    const requests = 40;
    const before = statementsSent(server.ctx.db);
    const started = performance.now();
    for (let i = 0; i < requests; i++) {
      const hot = await fetchSite(server.port, subdomain, i % 2 ? '/style.css' : '/');
      expect(hot.status).toBe(200);
    }
    const sent = statementsSent(server.ctx.db) - before;
    const background = Math.ceil((performance.now() - started) / (REVALIDATE_AFTER_MS / 2)) + 2;
    expect(sent).toBeLessThanOrEqual(Math.min(background, requests / 4));
  });
});
