import type { AppContext } from '../../context';
import { blobHashesOfSite } from '../../db/queries/deployment-files';
import { deleteSiteRow, personalSitesOfUser, setLiveDeployment } from '../../db/queries/sites';
import {
  deploymentById,
  deploymentsOfSite,
  type DeploymentWithAuthor,
} from '../../db/queries/deployments';
import type { Database } from '../../db/database';
import type { SiteRow, UserRow } from '../../db/schema';
import { badRequest, notFound } from '../../errors';
import { deleteUnreferencedBlobs } from '../blobs';
import { STATUS_WITH_LIVE_VERSION } from './site-status';
import { announceSiteChanged } from './site-changed';

/**
 * The person's personal sites. A team site carries its owner's `user_id` (so the owner's plan
 * counts it) but is listed with its team (GET /api/teams/:id/sites), the owner's included.
 */
export async function listSites(db: Database, user: UserRow): Promise<SiteRow[]> {
  return personalSitesOfUser(db, user.id);
}

export async function listDeployments(
  db: Database,
  site: SiteRow,
): Promise<DeploymentWithAuthor[]> {
  return deploymentsOfSite(db, site.id);
}

/**
 * Deletes a site with its deployments, views and stored data, then the blobs nothing
 * else references. A build still running for it fails quietly when it tries to publish.
 */
export async function deleteSite(ctx: AppContext, site: SiteRow): Promise<void> {
  const hashes = await blobHashesOfSite(ctx.db, site.id);
  await deleteSiteRow(ctx.db, site.id);
  ctx.events.emit('site.deleted', { siteId: site.id, userId: site.user_id });
  ctx.events.emit('user.sites-changed', {
    userId: site.user_id,
    teamId: site.team_id,
    siteId: site.id,
    change: 'site-deleted',
  });
  await deleteUnreferencedBlobs(ctx.db, ctx.blobs, hashes);
}

/** Switches the live version to an earlier successful deployment, in one statement. */
export async function rollbackSite(
  ctx: AppContext,
  site: SiteRow,
  deploymentId: string,
): Promise<{ site: SiteRow; deployment: DeploymentWithAuthor }> {
  const deployment = await deploymentById(ctx.db, deploymentId);
  if (!deployment || deployment.site_id !== site.id) throw notFound('Deployment not found');
  if (deployment.status !== 'SUCCESS') {
    throw badRequest('Only a successful deployment can be made live again.');
  }
  const updated = await setLiveDeployment(ctx.db, site.id, deployment.id, STATUS_WITH_LIVE_VERSION);
  if (!updated) throw notFound('Site not found');
  announceSiteChanged(ctx, site, STATUS_WITH_LIVE_VERSION);
  return { site: updated, deployment };
}
