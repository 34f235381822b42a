import os from 'node:os';
import type { AppContext } from '../context';
import {
  buildingClaimedBy,
  buildingNotClaimedBy,
  updateIfStillClaimed,
} from '../db/queries/deployments';
import { siteById } from '../db/queries/sites';
import type { DeploymentRow } from '../db/schema';
import { nowIso } from '../lib/ids';
import { deploymentState, WAITING } from '../domain/deployments/deployments';
import { changeSiteStatus, statusAfterFailure } from '../domain/sites/site-status';

// The deployments table is the queue: PENDING rows wait; a worker claims one by turning it
// BUILDING with its id and a heartbeat; a claim whose heartbeat stops is taken back here.

export const RESTARTED = 'The server restarted during this build. Please redeploy.';
/** A claimed build whose worker has not beaten for this long is taken as abandoned. */
export const STALE_AFTER_MS = 60_000;
/** Builds started this many times are not tried again after a crash or a restart. */
const MAX_ATTEMPTS = 2;

/**
 * The small-builds lane: one build slot of each worker takes only sources this small, of owners
 * with nothing building. A paste from a chat builds in a fraction of a second; it should not
 * wait behind large uploads and long pastes, however many of them are queued.
 */
export const SMALL_BUILD_MAX_BYTES = 128 * 1024;

export function newWorkerId(): string {
  return `${os.hostname()}:${process.pid}:${Math.random().toString(36).slice(2, 8)}`;
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

/**
 * A build that did not finish on its worker: queued once more if it has attempts left,
 * otherwise failed with a message that says what happened. False when another node took it.
 */
async function takeBack(ctx: AppContext, row: DeploymentRow): Promise<boolean> {
  const requeued = row.attempts < MAX_ATTEMPTS;
  const note = requeued
    ? 'The server restarted during this build; building it again.'
    : `The server restarted during this build. ${RESTARTED}`;
  const build_logs = row.build_logs ? `${row.build_logs}\n${note}` : note;
  const updated = await updateIfStillClaimed(
    ctx.db,
    row,
    requeued
      ? {
          status: 'PENDING',
          progress: 0,
          message: WAITING,
          build_logs,
          claimed_by: null,
          heartbeat_at: null,
        }
      : {
          status: 'FAILED',
          message: 'Deployment failed',
          error_message: RESTARTED,
          build_logs,
          claimed_by: null,
          finished_at: nowIso(),
        },
  );
  if (!updated) return false;
  ctx.log.warn(
    { deploymentId: row.id, attempts: row.attempts, requeued },
    requeued
      ? 'an unfinished build is queued again'
      : 'an unfinished build failed: no attempts left',
  );
  const site = await siteById(ctx.db, row.site_id);
  if (!site) return true;
  const event = { deployment: deploymentState(updated), userId: site.user_id };
  if (requeued) {
    ctx.events.emit('deployment.queued', event);
  } else {
    ctx.events.emit('deployment.finished', event);
    await changeSiteStatus(ctx, site, statusAfterFailure(site));
  }
  return true;
}

/**
 * Ends builds left BUILDING by a worker that died (see takeBack). Returns how many it took back.
 */
export async function recoverAbandonedBuilds(ctx: AppContext, workerId: string): Promise<number> {
  const staleBefore = nowIso(Date.now() - STALE_AFTER_MS);
  let recovered = 0;
  for (const row of await buildingNotClaimedBy(ctx.db, workerId)) {
    const stale = !row.heartbeat_at || row.heartbeat_at < staleBefore;
    if (!stale && !isDeadLocalWorker(row.claimed_by)) continue;
    if (await takeBack(ctx, row)) recovered++;
  }
  return recovered;
}

/**
 * A stopping worker's builds that did not finish in time. Each counts as an attempt: a build
 * that keeps a worker from stopping would otherwise run first again after every restart.
 */
export async function putBackUnfinishedBuilds(
  ctx: AppContext,
  workerId: string,
  ids: string[],
): Promise<void> {
  for (const row of await buildingClaimedBy(ctx.db, workerId, ids)) await takeBack(ctx, row);
}
