import type { PlanName } from '../../shared/plans';
import { maxSitesFor } from '../../shared/plans';
import type { AppContext } from '../context';
import type { Database } from '../db/database';
import type { DeploymentRow, SiteRow, UserRow } from '../db/schema';
import { AppError, badRequest, notFound } from '../errors';
import { deleteUnreferencedBlobs } from '../storage/blobs';
import { nowIso } from './tokens';

export async function listSites(db: Database, user: UserRow): Promise<SiteRow[]> {
  return db
    .selectFrom('sites')
    .selectAll()
    .where('user_id', '=', user.id)
    .orderBy('created_at', 'desc')
    .execute();
}

/** The user's own site; anybody else's is as good as missing (no existence leak). */
export async function getOwnedSite(db: Database, user: UserRow, siteId: string): Promise<SiteRow> {
  const site = await db
    .selectFrom('sites')
    .selectAll()
    .where('id', '=', siteId)
    .where('user_id', '=', user.id)
    .executeTakeFirst();
  if (!site) throw notFound('Site not found');
  return site;
}

export async function listDeployments(db: Database, siteId: string): Promise<DeploymentRow[]> {
  return db
    .selectFrom('deployments')
    .selectAll()
    .where('site_id', '=', siteId)
    .orderBy('version', 'desc')
    .execute();
}

/** Guests count as FREE (SPEC.md section 6). */
export function planOf(user: UserRow): PlanName {
  return user.is_guest ? 'FREE' : (user.plan as PlanName);
}

/** Refuses one more site beyond the plan, with what the upgrade dialog needs. */
export async function assertCanCreateSite(db: Database, user: UserRow): Promise<void> {
  const plan = planOf(user);
  const max = maxSitesFor(plan);
  if (max === null) return;
  const { count } = await db
    .selectFrom('sites')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', user.id)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', nowIso())]))
    .executeTakeFirstOrThrow();
  const currentCount = Number(count);
  if (currentCount >= max) {
    throw new AppError(
      403,
      'PLAN_LIMIT',
      `You've reached the limit of ${max} sites on the ${plan} plan.`,
      { upgradeRequired: true, plan, currentCount, maxAllowed: max },
    );
  }
}

/**
 * Deletes a site with its deployments, views and stored data, then the blobs nothing
 * else references. A build still running for it fails quietly when it tries to publish.
 */
export async function deleteSite(ctx: AppContext, site: SiteRow): Promise<void> {
  const files = await ctx.db
    .selectFrom('deployment_files as f')
    .innerJoin('deployments as d', 'd.id', 'f.deployment_id')
    .select(['f.sha256', 'f.gzip_sha256', 'f.br_sha256'])
    .where('d.site_id', '=', site.id)
    .execute();
  const sources = await ctx.db
    .selectFrom('deployments')
    .select('source_sha256')
    .where('site_id', '=', site.id)
    .execute();
  const hashes = new Set<string>(sources.map((s) => s.source_sha256));
  for (const f of files) {
    hashes.add(f.sha256);
    if (f.gzip_sha256) hashes.add(f.gzip_sha256);
    if (f.br_sha256) hashes.add(f.br_sha256);
  }
  await ctx.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('sites').where('id', '=', site.id).execute();
  });
  ctx.invalidateSite?.(site.id);
  if (ctx.blobs) await deleteUnreferencedBlobs(ctx.db, ctx.blobs, hashes);
  ctx.realtime?.user({ type: 'site-deleted', siteId: site.id }, site.user_id);
}

/** Switches the live version to an earlier successful deployment, in one statement. */
export async function rollbackSite(
  ctx: AppContext,
  site: SiteRow,
  deploymentId: string,
): Promise<{ site: SiteRow; deployment: DeploymentRow }> {
  const deployment = await ctx.db
    .selectFrom('deployments')
    .selectAll()
    .where('id', '=', deploymentId)
    .where('site_id', '=', site.id)
    .executeTakeFirst();
  if (!deployment) throw notFound('Deployment not found');
  if (deployment.status !== 'SUCCESS') {
    throw badRequest('Only a successful deployment can be made live again.');
  }
  const updated = await ctx.db
    .updateTable('sites')
    .set({ current_deployment_id: deployment.id, status: 'ACTIVE', updated_at: nowIso() })
    .where('id', '=', site.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  ctx.invalidateSite?.(site.id);
  ctx.realtime?.site(
    { siteId: site.id, status: 'ACTIVE' },
    { userId: site.user_id, siteId: site.id },
  );
  return { site: updated, deployment };
}
