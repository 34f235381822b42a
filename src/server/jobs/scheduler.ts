import { randomUUID } from 'node:crypto';
import type { AppContext, Part } from '../context';
import { claimDueJob, ensureJobRow, recordJobEnd } from '../db/queries/job-runs';
import { nowIso } from '../lib/ids';

export interface Job {
  /** Stable: it names the job's row in job_runs. */
  name: string;
  everyMs: number;
  /** Returns a short account of what it did, for the log, or nothing when there was nothing to do. */
  run(ctx: AppContext): Promise<string | void>;
}

/** How often a node asks whether a job is due; a job never runs more often than its own period. */
const MAX_CHECK_MS = 30_000;

/**
 * Runs scheduled jobs on every node that has this part, each tick of each job once across
 * the whole cluster: a node runs a job only after winning the conditional UPDATE that moves
 * its next run forward. A job still running on this node is never started again beside itself.
 */
export function createScheduler(
  ctx: AppContext,
  jobs: Job[],
): Part & { runNow(name: string): Promise<boolean> } {
  const nodeId = randomUUID();
  const timers: NodeJS.Timeout[] = [];
  const running = new Map<string, Promise<boolean>>();
  let stopped = false;

  const attempt = (job: Job): Promise<boolean> => {
    const already = running.get(job.name);
    if (already) return already;
    const run = (async () => {
      const now = Date.now();
      await ensureJobRow(ctx.db, job.name, nowIso(now));
      if (!(await claimDueJob(ctx.db, job.name, nowIso(now), nowIso(now + job.everyMs), nodeId))) {
        return false;
      }
      let error: string | null = null;
      try {
        const done = await job.run(ctx);
        if (done) ctx.log.info({ job: job.name }, done);
      } catch (err) {
        error = err instanceof Error ? err.message : String(err);
        ctx.log.error({ err, job: job.name }, `scheduled job ${job.name} failed`);
      }
      await recordJobEnd(ctx.db, job.name, nowIso(), error);
      return true;
    })()
      .catch((err) => {
        ctx.log.error({ err, job: job.name }, `could not schedule ${job.name}`);
        return false;
      })
      .finally(() => running.delete(job.name));
    running.set(job.name, run);
    return run;
  };

  return {
    async start() {
      for (const job of jobs) {
        if (stopped) return;
        // Jitter, so nodes started together don't all ask at the same instant.
        const every = Math.min(job.everyMs, MAX_CHECK_MS) * (0.9 + Math.random() * 0.2);
        const timer = setInterval(() => void attempt(job), every);
        timer.unref();
        timers.push(timer);
        void attempt(job);
      }
    },
    async stop() {
      stopped = true;
      for (const timer of timers) clearInterval(timer);
      await Promise.allSettled(running.values());
    },
    /** Runs a job now if it is due (tests and operators); true when this node ran it. */
    runNow(name: string) {
      const job = jobs.find((j) => j.name === name);
      if (!job) throw new Error(`no scheduled job named ${name}`);
      return attempt(job);
    },
  };
}
