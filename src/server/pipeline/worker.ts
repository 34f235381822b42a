import type { AppContext } from '../context';
import {
  claimNextDeployment,
  heartbeatDeployments,
  releaseClaims,
} from '../db/queries/deployments';
import {
  newWorkerId,
  putBackUnfinishedBuilds,
  recoverAbandonedBuilds,
  SMALL_BUILD_MAX_BYTES,
} from './build-queue';
import type { BuildPool } from './build-pool';
import type { SmallBuilds } from '../db/queries/deployments';
import type { Recompression } from './recompression';
import { runDeployment, type StopReason } from './run-deployment';

const POLL_MS = 1000; // a safety net: queued deployments wake the loop through the event bus
const HEARTBEAT_MS = 5000;
const RECOVER_MS = 15_000;
const DRAIN_MS = 10_000;

/** A share of the worker's build slots, with the pool its builds run in. */
export interface BuildLane {
  name: string;
  slots: number;
  pool: BuildPool;
  /** Set for the small-builds lane: which deployments it may take. */
  only?: SmallBuilds;
}

/**
 * The lanes of BUILD_CONCURRENCY slots: with two or more, one is kept for small builds
 * (SMALL_BUILD_MAX_BYTES) of owners with nothing building, and the rest take any build.
 */
export function buildLanes(
  concurrency: number,
  pools: { small: () => BuildPool; any: (threads: number) => BuildPool },
): BuildLane[] {
  if (concurrency < 2) return [{ name: 'any', slots: concurrency, pool: pools.any(concurrency) }];
  return [
    {
      name: 'small',
      slots: 1,
      pool: pools.small(),
      only: { maxSourceBytes: SMALL_BUILD_MAX_BYTES },
    },
    { name: 'any', slots: concurrency - 1, pool: pools.any(concurrency - 1) },
  ];
}

/** Claims queued deployments up to each lane's slots and runs them. */
export class DeploymentWorker {
  readonly id = newWorkerId();
  private readonly running = new Map<
    string,
    { siteId: string; lane: BuildLane; done: Promise<void>; abort: AbortController }
  >();
  private readonly timers: NodeJS.Timeout[] = [];
  private pumping = false;
  private again = false;
  private stopping = false;
  /**
   * The pump under way, or the last one. Stopping waits for it: a claim answered after the
   * stop began is handed back, and that write must land before the database is closed.
   */
  private pumped: Promise<void> = Promise.resolve();

  constructor(
    private readonly ctx: AppContext,
    private readonly lanes: BuildLane[],
    /** Published `fast` deployments go there to be compressed again at `best`. */
    private readonly recompression: Recompression,
  ) {}

  async start(): Promise<void> {
    await this.recover();
    this.timers.push(
      setInterval(() => this.wake(), POLL_MS),
      setInterval(() => {
        heartbeatDeployments(this.ctx.db, this.id, [...this.running.keys()]).catch((err) =>
          this.ctx.log.warn({ err }, 'heartbeat failed'),
        );
      }, HEARTBEAT_MS),
      setInterval(() => void this.recover(), RECOVER_MS),
    );
    for (const t of this.timers) t.unref();
    this.wake();
  }

  private async recover(): Promise<void> {
    try {
      if ((await recoverAbandonedBuilds(this.ctx, this.id)) > 0) this.wake();
    } catch (err) {
      this.ctx.log.error({ err }, 'recovering abandoned builds failed');
    }
  }

  wake(): void {
    if (this.stopping) return;
    if (this.pumping) {
      this.again = true;
      return;
    }
    this.pumping = true;
    this.pumped = this.pump()
      .catch((err) => this.ctx.log.error({ err }, 'claiming deployments failed'))
      .finally(() => {
        this.pumping = false;
        if (this.again) {
          this.again = false;
          this.wake();
        }
      });
  }

  private busy(lane: BuildLane): number {
    let n = 0;
    for (const run of this.running.values()) if (run.lane === lane) n++;
    return n;
  }

  private async pump(): Promise<void> {
    // The small lane claims first, so a small build never takes a slot a large one needs.
    for (const lane of this.lanes) {
      while (!this.stopping && this.busy(lane) < lane.slots) {
        let row;
        try {
          row = await claimNextDeployment(this.ctx.db, this.ctx.dialect, this.id, lane.only);
        } catch (err) {
          this.ctx.log.error({ err }, 'claiming a deployment failed');
          return;
        }
        if (!row || this.stopping) {
          if (row) await releaseClaims(this.ctx.db, this.id, [row.id]);
          break;
        }
        const abort = new AbortController();
        const id = row.id;
        const siteId = row.site_id;
        const done = runDeployment(this.ctx, lane.pool, row, abort.signal)
          .then((published) => {
            if (published?.compression === 'fast')
              this.recompression.add(id, siteId, published.files);
          })
          .catch((err) => {
            if (!abort.signal.aborted) this.ctx.log.error({ err, id }, 'build run failed');
          })
          .finally(() => {
            this.running.delete(id);
            this.recompression.buildsRunning(this.running.size);
            this.wake();
          });
        this.running.set(id, { siteId: row.site_id, lane, done, abort });
        this.recompression.buildsRunning(this.running.size);
      }
    }
  }

  /**
   * Stops this worker's build of the site, if it runs one: the site is gone, or a newer
   * version (`keep`) is queued and the running one would only be replaced.
   */
  cancelSite(siteId: string, reason: Exclude<StopReason, 'shutdown'>, keep?: string): void {
    for (const [id, run] of this.running) {
      if (run.siteId === siteId && id !== keep) run.abort.abort(reason);
    }
  }

  /** Lets running builds finish for a while, then puts the rest back in the queue. */
  async stop(): Promise<void> {
    this.stopping = true;
    for (const t of this.timers) clearInterval(t);
    await this.pumped;
    const all = Promise.all([...this.running.values()].map((r) => r.done));
    await Promise.race([all, new Promise((r) => setTimeout(r, DRAIN_MS).unref())]);
    const left = [...this.running.keys()];
    for (const r of this.running.values()) r.abort.abort('shutdown' satisfies StopReason);
    await putBackUnfinishedBuilds(this.ctx, this.id, left).catch((err) =>
      this.ctx.log.warn({ err, left }, 'could not put unfinished builds back in the queue'),
    );
    await Promise.all([...this.lanes.map((lane) => lane.pool.close()), this.recompression.stop()]);
  }
}
