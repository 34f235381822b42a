import { deploymentById } from '../db/queries/deployments';
import { siteOfUser } from '../db/queries/sites';
import type { Database } from '../db/database';
import type { DeploymentRow, SiteRow, UserRow } from '../db/schema';
import { AppError, notFound } from '../errors';

// The one home of "may this user see or act on this?": routes, socket joins and /debug all
// ask here. Anybody else's site or deployment is as good as missing (no existence leak).

export async function ownedSite(db: Database, user: UserRow, siteId: string): Promise<SiteRow> {
  const site = await siteOfUser(db, user.id, siteId);
  if (!site) throw notFound('Site not found');
  return site;
}

export async function ownedDeployment(
  db: Database,
  user: UserRow,
  deploymentId: string,
): Promise<{ deployment: DeploymentRow; site: SiteRow }> {
  const deployment = await deploymentById(db, deploymentId);
  const site = deployment && (await siteOfUser(db, user.id, deployment.site_id));
  if (!deployment || !site) throw notFound('Deployment not found');
  return { deployment, site };
}

export type RoomKind = 'user' | 'site' | 'deployment';

/** Whether the user may listen to a realtime room: only their own account, sites and deployments. */
export async function mayWatch(
  db: Database,
  user: UserRow,
  kind: RoomKind,
  id: string,
): Promise<boolean> {
  if (kind === 'user') return id === user.id;
  const check = kind === 'site' ? ownedSite(db, user, id) : ownedDeployment(db, user, id);
  return check.then(
    () => true,
    (err: unknown) => {
      if (err instanceof AppError && err.status === 404) return false;
      throw err;
    },
  );
}
