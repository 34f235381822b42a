import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, openTestDatabase } from '../../../test/databases';
import { loadConfig } from '../config';
import type { AppContext } from '../context';
import { jobRun } from '../db/queries/job-runs';
import { LocalEventBus } from '../events/bus';
import { createLogger } from '../logger';
import { MemoryRateCounter } from '../limits/rate-counter';
import { createMailer } from '../mailer/mailer';
import { LocalBlobStore } from '../storage/local-blob-store';
import { createScheduler, type Job } from './scheduler';

describeEachDatabase('scheduled jobs', (dialect) => {
  let open: Awaited<ReturnType<typeof openTestDatabase>>;
  let ctx: AppContext;
  beforeAll(async () => {
    open = await openTestDatabase(dialect);
    const log = createLogger('silent');
    const config = loadConfig({ DATA_DIR: open.target.dataDir });
    ctx = {
      config,
      db: open.db,
      dialect: open.dialect,
      log,
      events: new LocalEventBus(log),
      blobs: new LocalBlobStore(path.join(open.target.dataDir, 'blobs')),
      mailer: createMailer(config, log),
      rates: new MemoryRateCounter(),
    };
  });
  afterAll(() => open.close());

  it('runs each tick once across nodes, and not again before it is due', async () => {
    let runs = 0;
    const job: Job = {
      name: `count-${dialect}`,
      everyMs: 60 * 60 * 1000,
      run: async () => {
        runs++;
      },
    };
    // Three nodes of a cluster, each with its own scheduler over the one database.
    const nodes = [1, 2, 3].map(() => createScheduler(ctx, [job]));
    const ran = await Promise.all(nodes.map((n) => n.runNow(job.name)));
    expect(ran.filter(Boolean)).toHaveLength(1);
    expect(runs).toBe(1);
    expect(await Promise.all(nodes.map((n) => n.runNow(job.name)))).toEqual([false, false, false]);
    expect(runs).toBe(1);
    const row = await jobRun(ctx.db, job.name);
    expect(Date.parse(row!.next_run_at)).toBeGreaterThan(Date.now() + 59 * 60 * 1000);
    expect(row!.last_error).toBeNull();
  });

  it('records a failing job and keeps its schedule', async () => {
    const job: Job = {
      name: `broken-${dialect}`,
      everyMs: 1000,
      run: async () => {
        throw new Error('the disk is full');
      },
    };
    const node = createScheduler(ctx, [job]);
    expect(await node.runNow(job.name)).toBe(true);
    const row = await jobRun(ctx.db, job.name);
    expect(row).toMatchObject({ last_error: 'the disk is full' });
    expect(row!.last_finished_at).not.toBeNull();
  });
});
