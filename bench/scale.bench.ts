// npm run bench:scale — how hosting behaves with many sites, then how fast a queue of
// deployments drains. For each size (SCALE_SIZES, default 1000,10000,100000) the sites are
// written straight into the database (test/many-sites.ts: one deployment each, a few shared
// blobs) and a fresh server over them is visited:
//   first visits: distinct sites never asked for, so each request loads a manifest;
//   Zipf: every site, rank r in proportion to 1/r (wrk), so the tail keeps missing the cache;
//   hot: the same spread over the 1,000 most visited sites, which stay cached.
// Statements are counted on the server's database handle (db/database.ts statementsSent).
// Then bench/scale-deploys.ts queues SCALE_DEPLOYS deployments with one and two workers.
// SCALE_SECONDS per wrk phase (default 10); BENCH_DATABASE_URL for PostgreSQL (a schema of its own).
import { statementsSent } from '../src/server/db/database';
import { createLogger } from '../src/server/logger';
import { startServer, type RunningServer } from '../src/server/server';
import { createTestDatabaseTarget, type TestDatabaseTarget } from '../test/databases';
import { seedSites, seededSubdomain } from '../test/many-sites';
import { benchDeployQueue } from './scale-deploys';
import { BROWSER, ROBOT, percentile, visitOnce, writeZipfScript, wrk } from './zipf-visits';
import { benchConfig } from './bench-server';

const SIZES = (process.env.SCALE_SIZES ?? '1000,10000,100000').split(',').map(Number);
const SECONDS = Number(process.env.SCALE_SECONDS ?? 10);
const FIRST_VISITS = 1000;
const HOT_SITES = 1000;
const CACHE_MB = process.env.SITE_CACHE_MB ?? '64';
const PREFIX = 'scale';
const VIEWS_FLUSH_WAIT_MS = 6000; // hosting/views.ts flushes every 5 s

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const ms = (value: number) => `${value.toFixed(2)} ms`;

function collect(): NodeJS.MemoryUsage {
  // The npm script gives node --expose-gc: memory is read after a full collection.
  (globalThis as { gc?: () => void }).gc?.();
  return process.memoryUsage();
}

async function startNode(dataDir: string, databaseUrl: string | null): Promise<RunningServer> {
  const config = benchConfig(dataDir, {
    // Serving only: no worker polling the queue beside the visits.
    ROLES: 'web',
    SITE_CACHE_MB: CACHE_MB,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  return startServer(config, { log: createLogger('warn') });
}

async function measureSize(target: TestDatabaseTarget, size: number): Promise<void> {
  const server = await startNode(target.dataDir, target.databaseUrl);
  try {
    const domain = server.ctx.config.sitesDomain;
    const base = collect();
    // Distinct sites from the tail, none asked for before on this node.
    const step = Math.max(1, Math.floor(size / FIRST_VISITS));
    const first = Array.from(
      { length: Math.min(FIRST_VISITS, size) },
      (_, i) => `${seededSubdomain(PREFIX, size - 1 - i * step)}.${domain}`,
    );
    const sentBefore = statementsSent(server.ctx.db);
    const firstTimes = await visitOnce(server.port, first);
    const firstStatements = (statementsSent(server.ctx.db) - sentBefore) / first.length;

    const dir = target.dataDir;
    const script = (count: number, agent: string) =>
      writeZipfScript(dir, PREFIX, Math.min(count, size), domain, agent);
    const zipfAll = await wrk(server.url, script(size, BROWSER), SECONDS);
    await wrk(server.url, script(HOT_SITES, BROWSER), Math.min(3, SECONDS)); // the hot sites in
    const hotBefore = statementsSent(server.ctx.db);
    const hot = await wrk(server.url, script(HOT_SITES, BROWSER), SECONDS);
    // Page views are written in batches every 5 s: the robot phase starts after this
    // phase's batch, which is counted here.
    await new Promise((resolve) => setTimeout(resolve, VIEWS_FLUSH_WAIT_MS));
    const withViews = (statementsSent(server.ctx.db) - hotBefore) / Math.max(1, hot.requests);
    // The same visits as a robot: no page views to write, so what is left is hosting's own.
    const robotBefore = statementsSent(server.ctx.db);
    const robot = await wrk(server.url, script(HOT_SITES, ROBOT), SECONDS);
    const robotSent = statementsSent(server.ctx.db) - robotBefore;
    // What the node sends with nobody visiting, for as long: the cache's sweep of the sites
    // visited lately (one statement per 500 sites, twice a second) and scheduled jobs.
    const idleBefore = statementsSent(server.ctx.db);
    await new Promise((resolve) => setTimeout(resolve, SECONDS * 1000));
    const idleSent = statementsSent(server.ctx.db) - idleBefore;
    const hotStatements = Math.max(0, robotSent - idleSent) / Math.max(1, robot.requests);
    const after = collect();
    if (zipfAll.non2xx || hot.non2xx || robot.non2xx) {
      throw new Error(`${zipfAll.non2xx + hot.non2xx + robot.non2xx} visits were not answered 200`);
    }
    console.log(`${size.toLocaleString('en')} sites:`);
    console.log(
      `  first visit (manifest not cached): p99 ${ms(percentile(firstTimes, 99))}, median ${ms(percentile(firstTimes, 50))} over ${first.length}; ${firstStatements.toFixed(1)} statements each`,
    );
    console.log(
      `  Zipf over all ${size} sites:  ${zipfAll.rps.toFixed(0)} requests/s, p99 ${ms(zipfAll.p99Ms)}`,
    );
    console.log(
      `  hot (the ${Math.min(HOT_SITES, size)} most visited):   ${hot.rps.toFixed(0)} requests/s, p99 ${ms(hot.p99Ms)}, ${hotStatements.toFixed(4)} database statements per request (as a robot, less the ${idleSent} an idle node sent in as long; ${robotSent} in all over ${robot.requests} requests; ${withViews.toFixed(3)} per browser request with the page views' batched writes)`,
    );
    console.log(
      `  node memory: heap ${mb(after.heapUsed)} (${mb(after.heapUsed - base.heapUsed)} more than before the visits), rss ${mb(after.rss)}; SITE_CACHE_MB=${CACHE_MB}`,
    );
  } finally {
    await server.close();
  }
}

async function main(): Promise<void> {
  if (process.env.BENCH_DATABASE_URL)
    process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL;
  const target = await createTestDatabaseTarget(
    process.env.BENCH_DATABASE_URL ? 'postgres' : 'sqlite',
  );
  try {
    console.log(
      `bench:scale on ${target.databaseUrl ? 'PostgreSQL' : 'SQLite'}, ${SECONDS} s per wrk phase, one server process`,
    );
    let seeded = 0;
    let owner: string | undefined;
    for (const size of [...SIZES].sort((a, b) => a - b)) {
      // The sites are written through a server's own handle, then the server is started
      // afresh so each size begins with an empty cache.
      const seeder = await startNode(target.dataDir, target.databaseUrl);
      const started = performance.now();
      owner = await seedSites(seeder.ctx, PREFIX, seeded, size, owner);
      await seeder.close();
      console.log(
        `(seeded ${size - seeded} sites in ${((performance.now() - started) / 1000).toFixed(1)} s)`,
      );
      seeded = size;
      await measureSize(target, size);
    }
    await benchDeployQueue();
  } finally {
    await target.cleanup();
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
