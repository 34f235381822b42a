import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../src/server/db/database';
import { clusterUnavailable, startCluster } from '../test/cluster';
import { deployCode, uniqueSubdomain, waitForDeployment } from '../test/deploy';
import { queueCopies } from '../test/many-sites';
import { apiClient, registerUser } from '../test/server';
import { waitUntil } from '../test/wait';

// The second half of bench:scale: SCALE_DEPLOYS deployments (default 1000) queued at once
// over PostgreSQL, Redis and an S3 server (test/cluster.ts), drained by one worker and then,
// in a fresh cluster, by two. Each is a copy of one small React component deployed through
// the API first, so every build does the real work: fetch the source, build, store, publish.

const DEPLOYS = Number(process.env.SCALE_DEPLOYS ?? 1000);

const COMPONENT = `import { useState } from 'react';

export default function Counter() {
  const [count, setCount] = useState(0);
  return (
    <button className="px-4 py-2 rounded bg-blue-600 text-white" onClick={() => setCount(count + 1)}>
      Clicked {count} times
    </button>
  );
}
`;

async function drain(workers: number): Promise<void> {
  const cluster = await startCluster(1);
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'ah-scale-deploys-'));
  const { db, close } = openDatabase({ url: cluster.databaseUrl, dataDir: scratch });
  try {
    while (cluster.workers.length < workers) await cluster.startWorker();
    const web = { api: apiClient(cluster.webs[0]!.url) };
    const { token } = await registerUser(web);
    const first = await deployCode(web, token, uniqueSubdomain('scale-template'), COMPONENT);
    await waitForDeployment(web, token, first.body.deployment.id);
    const template = await db
      .selectFrom('deployments')
      .selectAll()
      .where('id', '=', first.body.deployment.id)
      .executeTakeFirstOrThrow();

    const ids = await queueCopies(db, template, `queued-${workers}`, DEPLOYS);
    // Nothing announces rows written behind the API's back: the workers find them on their
    // next look at the queue (at most a second), which this figure includes.
    const queuedAt = performance.now();
    let firstDoneAt = 0;
    await waitUntil(
      async () => {
        const done = await db
          .selectFrom('deployments')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('id', 'in', ids)
          .where('status', 'in', ['SUCCESS', 'FAILED'])
          .executeTakeFirstOrThrow();
        if (!firstDoneAt && Number(done.n) > 0) firstDoneAt = performance.now();
        return Number(done.n) === ids.length;
      },
      { timeoutMs: DEPLOYS * 5000, intervalMs: 100, what: `${DEPLOYS} queued deployments` },
    );
    const lastLiveMs = performance.now() - queuedAt;
    const byWorker = await db
      .selectFrom('deployments')
      .select(['claimed_by', 'status', (eb) => eb.fn.countAll<number>().as('n')])
      .where('id', 'in', ids)
      .groupBy(['claimed_by', 'status'])
      .execute();
    const failed = byWorker
      .filter((r) => r.status !== 'SUCCESS')
      .reduce((s, r) => s + Number(r.n), 0);
    const seconds = (performance.now() - firstDoneAt) / 1000;
    const perWorker = byWorker
      .filter((r) => r.status === 'SUCCESS')
      .map((r) => (Number(r.n) / Math.max(seconds, 0.001)).toFixed(1));
    console.log(
      `  ${workers} worker${workers > 1 ? 's' : ' '}: the last of ${DEPLOYS} live ${(lastLiveMs / 1000).toFixed(1)} s after queueing; builds/s per worker ${perWorker.join(', ')} (${(DEPLOYS / (lastLiveMs / 1000)).toFixed(1)} in all)${failed ? `; ${failed} FAILED` : ''}`,
    );
  } finally {
    await close();
    rmSync(scratch, { recursive: true, force: true });
    await cluster.close();
  }
}

export async function benchDeployQueue(): Promise<void> {
  const unavailable = await clusterUnavailable();
  if (unavailable) {
    console.log(`deployment queue: skipped, it needs PostgreSQL and Redis (${unavailable})`);
    return;
  }
  console.log(
    `${DEPLOYS} deployments queued at once (a small React component each), PostgreSQL + Redis + S3:`,
  );
  await drain(1);
  await drain(2);
}
