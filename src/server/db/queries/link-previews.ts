import type { Database } from '../database';
import type { PreviewKind } from '../../../shared/link-previews';
import type { SiteRow } from '../schema';

/**
 * Takes the making of a deployment's preview for this node: one conditional UPDATE, so across
 * a cluster one node wins. A claim older than `staleBefore` was a node that died mid-way.
 */
export async function claimPreview(
  db: Database,
  deploymentId: string,
  now: string,
  staleBefore: string,
): Promise<boolean> {
  const result = await db
    .updateTable('deployments')
    .set({ preview_claimed_at: now })
    .where('id', '=', deploymentId)
    .where('status', '=', 'SUCCESS')
    .where('preview_sha256', 'is', null)
    .where((eb) =>
      eb.or([eb('preview_claimed_at', 'is', null), eb('preview_claimed_at', '<', staleBefore)]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Records a made preview on its deployment and, while that deployment is live, on its site;
 * the site row when it was live (its caches and screens are told), else undefined.
 */
export async function recordPreview(
  db: Database,
  deploymentId: string,
  sha256: string,
  kind: PreviewKind,
): Promise<SiteRow | undefined> {
  return db.transaction().execute(async (trx) => {
    await trx
      .updateTable('deployments')
      .set({ preview_sha256: sha256, preview_kind: kind })
      .where('id', '=', deploymentId)
      .execute();
    return trx
      .updateTable('sites')
      .set({ preview_sha256: sha256 })
      .where('current_deployment_id', '=', deploymentId)
      .returningAll()
      .executeTakeFirst();
  });
}

/** Successful deployments since `since` still without a preview nobody is making: the catch-up. */
export async function deploymentsWantingPreviews(
  db: Database,
  since: string,
  staleBefore: string,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .selectFrom('deployments')
    .select('id')
    .where('status', '=', 'SUCCESS')
    .where('preview_sha256', 'is', null)
    .where('deployed_at', '>=', since)
    .where((eb) =>
      eb.or([eb('preview_claimed_at', 'is', null), eb('preview_claimed_at', '<', staleBefore)]),
    )
    .orderBy('deployed_at', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}
