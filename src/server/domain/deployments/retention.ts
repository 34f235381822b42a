import type { PlanName } from '../../../shared/plans';
import type { AppContext } from '../../context';
import { blobHashesOfDeployment } from '../../db/queries/deployment-files';
import {
  deleteFinishedDeployment,
  finishedDeploymentsWithOwners,
} from '../../db/queries/deployments';
import type { DeploymentRow } from '../../db/schema';
import { deleteOrphanBlobs, deleteUnreferencedBlobs } from '../blobs';
import { planOf, storageAllowanceOf } from '../billing/plans';

/** A failed build's log stays readable this long before its deployment is collected. */
export const FAILED_KEPT_MS = 24 * 60 * 60 * 1000;

export interface RetentionCandidate extends Pick<
  DeploymentRow,
  'id' | 'site_id' | 'version' | 'status' | 'started_at' | 'finished_at'
> {
  /** the site's live deployment, or null */
  live_id: string | null;
  /** the plan of the site's owner */
  plan: PlanName;
}

/**
 * Which deployments garbage collection removes, with their sources and files: those
 * replaced by a newer source before they built, those failed more than FAILED_KEPT_MS ago,
 * and successful ones older than the newest `keptVersions` of their site (by plan). The live
 * version, and anything still queued or building, is always kept.
 */
export function collectableDeployments(
  candidates: readonly RetentionCandidate[],
  now = Date.now(),
): string[] {
  const collect: string[] = [];
  const successes = new Map<string, RetentionCandidate[]>();
  for (const d of candidates) {
    if (d.id === d.live_id) continue;
    if (d.status === 'FAILED') {
      const replaced = d.started_at === null;
      const old = d.finished_at !== null && Date.parse(d.finished_at) <= now - FAILED_KEPT_MS;
      if (replaced || old) collect.push(d.id);
    } else if (d.status === 'SUCCESS') {
      const ofSite = successes.get(d.site_id) ?? [];
      ofSite.push(d);
      successes.set(d.site_id, ofSite);
    }
  }
  for (const ofSite of successes.values()) {
    const kept = storageAllowanceOf(ofSite[0]!.plan).keptVersions;
    const newestFirst = [...ofSite].sort((a, b) => b.version - a.version);
    for (const d of newestFirst.slice(kept)) collect.push(d.id);
  }
  return collect;
}

/**
 * One pass of garbage collection: removes the collectable deployments with the blobs only
 * they used, then blobs nothing references at all (left by a store that failed halfway or
 * a process that died between steps). Returns what it removed.
 */
export async function collectGarbage(
  ctx: AppContext,
  now = Date.now(),
): Promise<{ deployments: number; blobs: number }> {
  const finished = await finishedDeploymentsWithOwners(ctx.db);
  const candidates = finished.map((d) => ({ ...d, plan: planOf(ctx.config, d) }));
  let deployments = 0;
  let blobs = 0;
  for (const id of collectableDeployments(candidates, now)) {
    const hashes = await blobHashesOfDeployment(ctx.db, id);
    if (!(await deleteFinishedDeployment(ctx.db, id))) continue;
    deployments++;
    blobs += await deleteUnreferencedBlobs(ctx.db, ctx.blobs, hashes, now);
  }
  blobs += await deleteOrphanBlobs(ctx.db, ctx.blobs, ORPHANS_PER_PASS, now);
  return { deployments, blobs };
}

/** Bounds one pass's sweep of unreferenced blobs; the next pass takes the rest. */
const ORPHANS_PER_PASS = 1000;
