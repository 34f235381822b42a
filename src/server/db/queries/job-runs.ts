import type { Database } from '../database';

/** Adds the job's row, due at once, unless another node already did. */
export async function ensureJobRow(db: Database, name: string, dueAt: string): Promise<void> {
  await db
    .insertInto('job_runs')
    .values({ name, next_run_at: dueAt })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
}

/**
 * Takes this tick of a job for one node: moves next_run_at forward only if it was due.
 * The condition makes it a compare-and-set, so exactly one node of a cluster wins.
 */
export async function claimDueJob(
  db: Database,
  name: string,
  now: string,
  nextRunAt: string,
  nodeId: string,
): Promise<boolean> {
  const result = await db
    .updateTable('job_runs')
    .set({ next_run_at: nextRunAt, last_started_at: now, last_run_by: nodeId })
    .where('name', '=', name)
    .where('next_run_at', '<=', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function recordJobEnd(
  db: Database,
  name: string,
  finishedAt: string,
  error: string | null,
): Promise<void> {
  await db
    .updateTable('job_runs')
    .set({ last_finished_at: finishedAt, last_error: error })
    .where('name', '=', name)
    .execute();
}

export async function jobRun(db: Database, name: string) {
  return db.selectFrom('job_runs').selectAll().where('name', '=', name).executeTakeFirst();
}
