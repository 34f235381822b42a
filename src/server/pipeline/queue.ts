import os from 'node:os';
import { sql } from 'kysely';
import type { Database, Dialect } from '../db/database';
import type { DeploymentRow } from '../db/schema';
import { nowIso } from '../domain/tokens';

// The deployments table is the queue: PENDING rows wait, a worker claims one by turning it
// BUILDING with its id and a heartbeat in a single statement, so two workers never share one.

export const RESTARTED = 'The server restarted during this build. Please redeploy.';
/** A claimed build whose worker has not beaten for this long is taken as abandoned. */
export const STALE_AFTER_MS = 60_000;
/** Builds started this many times are not tried again after a crash. */
const MAX_ATTEMPTS = 2;

export function newWorkerId(): string {
  return `${os.hostname()}:${process.pid}:${Math.random().toString(36).slice(2, 8)}`;
}

/**
 * Oldest PENDING deployment of a site with no build running, turned BUILDING for this
 * worker; null when there is nothing to do.
 */
export async function claimNext(
  db: Database,
  dialect: Dialect,
  workerId: string,
): Promise<DeploymentRow | null> {
  let next = db
    .selectFrom('deployments as d')
    .select('d.id')
    .where('d.status', '=', 'PENDING')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('deployments as b')
            .select(sql.lit(1).as('one'))
            .whereRef('b.site_id', '=', 'd.site_id')
            .where('b.status', '=', 'BUILDING'),
        ),
      ),
    )
    .orderBy('d.created_at')
    .limit(1);
  // SQLite serialises writers; PostgreSQL needs the row lock so nodes skip each other's pick.
  if (dialect === 'postgres') next = next.forUpdate().skipLocked();
  const now = nowIso();
  const row = await db
    .updateTable('deployments')
    .set((eb) => ({
      status: 'BUILDING',
      claimed_by: workerId,
      heartbeat_at: now,
      started_at: now,
      attempts: eb('attempts', '+', 1),
      progress: 5,
      message: 'Starting build...',
    }))
    .where('id', '=', next)
    .where('status', '=', 'PENDING')
    .returningAll()
    .executeTakeFirst();
  return row ?? null;
}

export async function heartbeat(db: Database, workerId: string, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('deployments')
    .set({ heartbeat_at: nowIso() })
    .where('id', 'in', ids)
    .where('claimed_by', '=', workerId)
    .execute();
}

/** A worker on this machine whose process is gone: its builds are certainly abandoned. */
function isDeadLocalWorker(claimedBy: string | null): boolean {
  if (!claimedBy) return true;
  const [host, pidText] = claimedBy.split(':');
  const pid = Number(pidText);
  if (host !== os.hostname() || !Number.isInteger(pid) || pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return false;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

export interface Recovered {
  row: DeploymentRow;
  requeued: boolean;
}

/**
 * Ends builds left BUILDING by a worker that died: built once more if this was their first
 * try, otherwise failed with a message that says what happened.
 */
export async function recoverAbandoned(db: Database, workerId: string): Promise<Recovered[]> {
  const staleBefore = nowIso(Date.now() - STALE_AFTER_MS);
  const building = await db
    .selectFrom('deployments')
    .selectAll()
    .where('status', '=', 'BUILDING')
    .where((eb) => eb.or([eb('claimed_by', 'is', null), eb('claimed_by', '!=', workerId)]))
    .execute();
  const recovered: Recovered[] = [];
  for (const row of building) {
    const stale = !row.heartbeat_at || row.heartbeat_at < staleBefore;
    if (!stale && !isDeadLocalWorker(row.claimed_by)) continue;
    const requeued = row.attempts < MAX_ATTEMPTS;
    const note = requeued
      ? 'The server restarted during this build; building it again.'
      : `The server restarted during this build. ${RESTARTED}`;
    const logs = row.build_logs ? `${row.build_logs}\n${note}` : note;
    const changes = requeued
      ? {
          status: 'PENDING',
          progress: 0,
          message: 'Waiting for deployment to start...',
          build_logs: logs,
          claimed_by: null,
          heartbeat_at: null,
        }
      : {
          status: 'FAILED',
          message: 'Deployment failed',
          error_message: RESTARTED,
          build_logs: logs,
          claimed_by: null,
          finished_at: nowIso(),
        };
    const updated = await db
      .updateTable('deployments')
      .set(changes)
      .where('id', '=', row.id)
      .where('status', '=', 'BUILDING')
      .where((eb) =>
        row.claimed_by === null
          ? eb('claimed_by', 'is', null)
          : eb('claimed_by', '=', row.claimed_by),
      )
      .returningAll()
      .executeTakeFirst();
    if (updated) recovered.push({ row: updated, requeued });
  }
  return recovered;
}

/** Puts this worker's unfinished builds back in the queue (graceful shutdown). */
export async function releaseClaims(db: Database, workerId: string, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('deployments')
    .set({ status: 'PENDING', progress: 0, claimed_by: null, heartbeat_at: null })
    .set((eb) => ({ attempts: eb('attempts', '-', 1) }))
    .where('id', 'in', ids)
    .where('claimed_by', '=', workerId)
    .where('status', '=', 'BUILDING')
    .execute();
}
