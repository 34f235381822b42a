import { deploymentById, type DeploymentWithAuthor } from '../../db/queries/deployments';
import { siteById } from '../../db/queries/sites';
import type { Database } from '../../db/database';
import type { SiteRow, UserRow } from '../../db/schema';
import { AppError, accountSuspended, notFound, siteDisabled } from '../../errors';
import type { TeamRole } from '../../../shared/team';
import { roleInTeam, teamById } from '../../db/queries/teams';
import { actorOf, type Asker } from './actor';
import { authorize, can } from './decide';
import type { SiteAction } from './rules';
import { authorizeOnTeam } from './teams';

// Sites and deployments as their subjects: loaded here, then judged by the rules. Anybody
// else's site or deployment is as good as missing (no existence leak).

/**
 * A team site with the asking person's role in its team loaded on it, so the synchronous rules
 * can judge it; a personal site as it is.
 */
export async function withMembership<T extends SiteRow>(
  db: Database,
  asker: Asker,
  site: T,
): Promise<T & { membership?: { userId: string; role: TeamRole } | null }> {
  if (!site.team_id) return site;
  const userId = actorOf(asker).user.id;
  const role = await roleInTeam(db, site.team_id, userId);
  return { ...site, membership: role ? { userId, role } : null };
}

/**
 * The site, when `asker` may do `action` to it; 404 when they have no role on it, 403 when
 * their team role does not include the action.
 */
export async function ownedSite(
  db: Database,
  asker: Asker,
  siteId: string,
  action: SiteAction = 'sites.view',
): Promise<SiteRow> {
  const found = await siteById(db, siteId);
  if (!found) throw notFound('Site not found');
  const site = await withMembership(db, asker, found);
  authorize(asker, action, site);
  return site;
}

/** The deployment and its site, when `asker` may do `action` to the site; 404 otherwise. */
export async function ownedDeployment(
  db: Database,
  asker: Asker,
  deploymentId: string,
  action: SiteAction = 'sites.view',
): Promise<{ deployment: DeploymentWithAuthor; site: SiteRow }> {
  const deployment = await deploymentById(db, deploymentId);
  const found = deployment && (await siteById(db, deployment.site_id));
  const site = found && (await withMembership(db, asker, found));
  if (!deployment || !site || !can(asker, 'sites.view', site)) {
    throw notFound('Deployment not found');
  }
  authorize(asker, action, site);
  return { deployment, site };
}

export type RoomKind = 'user' | 'team' | 'site' | 'deployment';

/**
 * Whether the user may listen to a realtime room: their own account, their teams (any role
 * sees a team), and the sites and deployments they may view.
 */
export async function mayWatch(
  db: Database,
  user: UserRow,
  kind: RoomKind,
  id: string,
): Promise<boolean> {
  if (kind === 'user') return id === user.id;
  const check =
    kind === 'team'
      ? authorizeOnTeam(db, user, 'teams.view', await teamById(db, id))
      : kind === 'site'
        ? ownedSite(db, user, id)
        : ownedDeployment(db, user, id);
  return check.then(
    () => true,
    (err: unknown) => {
      if (err instanceof AppError && (err.status === 404 || err.status === 403)) return false;
      throw err;
    },
  );
}

/** Refuses a deploy by a suspended account, or to a disabled site, saying why. */
export function assertMayDeploy(
  user: Pick<UserRow, 'suspended_at' | 'suspended_reason'>,
  site?: Pick<SiteRow, 'disabled_at' | 'disabled_reason'>,
): void {
  if (user.suspended_at) throw accountSuspended(user.suspended_reason);
  if (site?.disabled_at) throw siteDisabled(site.disabled_reason);
}
