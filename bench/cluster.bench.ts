// npm run bench:cluster — two web nodes and a build worker over PostgreSQL, Redis and an
// S3 server (test/cluster.ts). Each round deploys a new version through web A and watches
// its socket on web B; from the moment B's socket says SUCCESS it measures how long until
// B and A serve the new version (both learn of it from the worker over Redis; the first
// request after a switch loads the new manifest from PostgreSQL and its files from S3).
// The baseline is the same page asked again on B once it is cached (the hot path).
import { io } from 'socket.io-client';
import type { DeploymentUpdateEvent } from '../src/shared/events';
import { clusterUnavailable, startCluster } from '../test/cluster';
import {
  deployCode,
  fetchSite,
  htmlArtifact,
  uniqueSubdomain,
  waitForDeploymentStatus,
} from '../test/deploy';
import { apiClient, registerUser } from '../test/server';
import { waitForEvent } from '../test/wait';
import { median } from './side-by-side';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);

/** Milliseconds from `since` until the node serves a page containing `text` (asked back to back). */
async function servedAfter(port: number, subdomain: string, text: string, since: number) {
  for (;;) {
    const page = await fetchSite(port, subdomain);
    if (page.text.includes(text)) return performance.now() - since;
    if (performance.now() - since > 10_000) throw new Error(`port ${port} never served ${text}`);
  }
}

async function main(): Promise<void> {
  const unavailable = await clusterUnavailable();
  if (unavailable) {
    console.error(`bench:cluster needs PostgreSQL and Redis: ${unavailable}`);
    process.exit(1);
  }
  // The rounds deploy back to back, faster than the product lets one account (20 a minute).
  const cluster = await startCluster(2, {
    DEPLOY_RATE_LIMIT: '10000',
    DEPLOY_BURST_LIMIT: '10000',
  });
  try {
    const [a, b] = cluster.webs;
    const apiA = { api: apiClient(a!.url) };
    const { token } = await registerUser(apiA);
    const socket = io(b!.url, { transports: ['websocket'], auth: { token }, reconnection: false });
    await waitForEvent(socket, 'connect');
    const subdomain = uniqueSubdomain('bench-cluster');
    // Every SUCCESS B's socket reports, heard from the moment the socket is in the site's room:
    // a fast build can finish before the deploy's HTTP answer reaches us, so nobody waits for
    // "the next event", only for "the event about this deployment, whenever it came".
    const succeeded = new Set<string>();
    const waiting = new Map<string, () => void>();
    socket.on('deployment-update', (e: DeploymentUpdateEvent) => {
      if (e.status !== 'SUCCESS') return;
      succeeded.add(e.deploymentId);
      waiting.get(e.deploymentId)?.();
    });
    const successOnB = (id: string) =>
      new Promise<void>((resolve, reject) => {
        if (succeeded.has(id)) return resolve();
        const timer = setTimeout(
          () => reject(new Error(`B's socket never said ${id} SUCCESS`)),
          30_000,
        );
        waiting.set(id, () => {
          clearTimeout(timer);
          waiting.delete(id);
          resolve();
        });
      });
    const other: number[] = [];
    const same: number[] = [];
    const hot: number[] = [];
    for (let round = 0; round <= ROUNDS; round++) {
      const marker = `version ${round}`;
      const res = await deployCode(apiA, token, subdomain, htmlArtifact(marker));
      if (!res.body.deployment) {
        throw new Error(`the deploy was refused: ${res.status} ${JSON.stringify(res.body)}`);
      }
      const id = res.body.deployment.id;
      let success: Promise<unknown>;
      if (round === 0) {
        // The site exists only once the first deploy answers, so the socket joins its room
        // after that deploy and reads the state instead of waiting for an event it may have
        // missed. Round 0 is the warm-up and is not measured.
        await socket.timeout(5000).emitWithAck('join-site', res.body.site.id);
        success = waitForDeploymentStatus(apiA, token, id, (s) => s === 'SUCCESS');
      } else {
        success = successOnB(id);
      }
      // Both nodes have the previous version cached, as they would under traffic.
      await Promise.all([fetchSite(a!.port, subdomain), fetchSite(b!.port, subdomain)]);
      await success;
      const since = performance.now();
      const [onB, onA] = await Promise.all([
        servedAfter(b!.port, subdomain, marker, since),
        servedAfter(a!.port, subdomain, marker, since),
      ]);
      const again = performance.now();
      await fetchSite(b!.port, subdomain);
      if (round === 0) continue; // warm-up
      hot.push(performance.now() - again);
      other.push(onB);
      same.push(onA);
    }
    socket.disconnect();
    const fmt = (ms: number) => `${ms.toFixed(2)} ms`;
    console.log(`new version served after SUCCESS, median of ${ROUNDS} deploys:`);
    const line = (label: string, values: number[]) =>
      console.log(
        `  ${label}: ${fmt(median(values))} (max ${fmt(Math.max(...values))}; ${(median(values) / median(hot)).toFixed(1)}× the hot request)`,
      );
    line('web B, whose socket said SUCCESS', other);
    line('web A, which took the deploy    ', same);
    console.log(`  baseline, a hot request on B:     ${fmt(median(hot))}`);
  } finally {
    await cluster.close();
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
