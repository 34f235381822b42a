import type { AppContext } from '../context';
import { presentDeploymentEvent } from '../presenters/deployment';
import type { BuildPool } from './build-pool';
import { claimNext, heartbeat, newWorkerId, recoverAbandoned, releaseClaims } from './queue';
import { runDeployment } from './run-deployment';

const POLL_MS = 1000; // other nodes' deployments; our own wake the loop at once
const HEARTBEAT_MS = 5000;
const RECOVER_MS = 15_000;
const DRAIN_MS = 10_000;

/** Claims queued deployments up to the concurrency and runs them. */
export class DeploymentWorker {
  readonly id = newWorkerId();
  private readonly running = new Map<string, { done: Promise<void>; abort: AbortController }>();
  private readonly timers: NodeJS.Timeout[] = [];
  private pumping = false;
  private again = false;
  private stopping = false;

  constructor(
    private readonly ctx: AppContext,
    private readonly pool: BuildPool,
  ) {}

  async start(): Promise<void> {
    await this.recover();
    this.timers.push(
      setInterval(() => this.wake(), POLL_MS),
      setInterval(() => {
        heartbeat(this.ctx.db, this.id, [...this.running.keys()]).catch((err) =>
          this.ctx.log.warn({ err }, 'heartbeat failed'),
        );
      }, HEARTBEAT_MS),
      setInterval(() => void this.recover(), RECOVER_MS),
    );
    for (const t of this.timers) t.unref();
    this.wake();
  }

  /** Ends builds a dead process left behind, honestly (again, or failed with a reason). */
  private async recover(): Promise<void> {
    try {
      const recovered = await recoverAbandoned(this.ctx.db, this.id);
      for (const { row, requeued } of recovered) {
        this.ctx.log.warn({ deploymentId: row.id, requeued }, 'recovered an abandoned build');
        const site = await this.ctx.db
          .selectFrom('sites')
          .selectAll()
          .where('id', '=', row.site_id)
          .executeTakeFirst();
        if (!site) continue;
        const audience = { userId: site.user_id, siteId: site.id };
        this.ctx.realtime?.deployment(presentDeploymentEvent(row), audience);
        if (!requeued) {
          const status = site.current_deployment_id ? 'ACTIVE' : 'ERROR';
          await this.ctx.db
            .updateTable('sites')
            .set({ status })
            .where('id', '=', site.id)
            .execute();
          this.ctx.realtime?.site({ siteId: site.id, status }, audience);
        }
      }
      if (recovered.length) this.wake();
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
    void this.pump().finally(() => {
      this.pumping = false;
      if (this.again) {
        this.again = false;
        this.wake();
      }
    });
  }

  private async pump(): Promise<void> {
    while (!this.stopping && this.running.size < this.ctx.config.buildConcurrency) {
      let row;
      try {
        row = await claimNext(this.ctx.db, this.ctx.dialect, this.id);
      } catch (err) {
        this.ctx.log.error({ err }, 'claiming a deployment failed');
        return;
      }
      if (!row || this.stopping) {
        if (row) await releaseClaims(this.ctx.db, this.id, [row.id]);
        return;
      }
      const abort = new AbortController();
      const id = row.id;
      const done = runDeployment(this.ctx, this.pool, row, abort.signal)
        .catch((err) => {
          if (!abort.signal.aborted) this.ctx.log.error({ err, id }, 'build run failed');
        })
        .finally(() => {
          this.running.delete(id);
          this.wake();
        });
      this.running.set(id, { done, abort });
    }
  }

  /** Lets running builds finish for a while, then puts the rest back in the queue. */
  async stop(): Promise<void> {
    this.stopping = true;
    for (const t of this.timers) clearInterval(t);
    const all = Promise.all([...this.running.values()].map((r) => r.done));
    await Promise.race([all, new Promise((r) => setTimeout(r, DRAIN_MS))]);
    const left = [...this.running.keys()];
    for (const r of this.running.values()) r.abort.abort();
    await releaseClaims(this.ctx.db, this.id, left).catch(() => undefined);
    await this.pool.close();
  }
}
