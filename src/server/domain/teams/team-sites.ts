import type { AppContext } from '../../context';
import type { Database } from '../../db/database';
import { siteById } from '../../db/queries/sites';
import {
  setSiteTeam,
  sitesOfTeam,
  teamById,
  teamBySlug,
  versionsWithAuthors,
} from '../../db/queries/teams';
import { lockUser, userById } from '../../db/queries/users';
import type { SiteRow, TeamRow, UserRow } from '../../db/schema';
import { notFound } from '../../errors';
import { nowIso } from '../../lib/ids';
import { assertCanCreateSite } from '../billing/plans';
import { assertMayRunTeam, authorize, authorizeOnTeam, withMembership } from '../policy';
import { recordActivity, who } from './activity';
import { announceSiteChanged } from '../sites/site-changed';

// Sites that belong to a team: made there by a deploy, moved in and out, listed with authors.
// A team site's `user_id` is the team owner's, so the owner's plan counts it.

/** The account a team's sites are charged to: its owner. */
export async function payerOf(db: Database, team: TeamRow): Promise<UserRow> {
  const owner = await userById(db, team.owner_id);
  if (!owner) throw notFound('Team not found');
  return owner;
}

/** The team a new site is deployed into, when `user` may add one there and the owner's plan allows. */
export async function teamForNewSite(
  ctx: AppContext,
  user: UserRow,
  teamId: string,
): Promise<TeamRow> {
  // The CLI names a team by its slug; the screens and the API by its id.
  const team = (await teamById(ctx.db, teamId)) ?? (await teamBySlug(ctx.db, teamId));
  await authorizeOnTeam(ctx.db, user, 'teams.create-site', team);
  assertMayRunTeam(ctx.config, await payerOf(ctx.db, team!), 'grow');
  return team!;
}

/** A version of a team site was deployed: the team's log says who. */
export async function recordTeamDeploy(
  db: Database,
  site: SiteRow,
  user: UserRow,
  version: number,
): Promise<void> {
  if (!site.team_id) return;
  await recordActivity(
    db,
    site.team_id,
    user.id,
    'site.deployed',
    `${who(user)} deployed version ${version} of ${site.subdomain}`,
  );
}

/** The team's sites, each with its versions (newest first) and who deployed them. */
export async function listTeamSites(ctx: AppContext, user: UserRow, teamId: string) {
  await authorizeOnTeam(ctx.db, user, 'teams.view', await teamById(ctx.db, teamId));
  const sites = await sitesOfTeam(ctx.db, teamId);
  const versions = await versionsWithAuthors(
    ctx.db,
    sites.map((s) => s.id),
  );
  return sites.map((site) => ({
    site,
    versions: versions
      .filter((v) => v.site_id === site.id)
      .map((v) => ({
        id: v.id,
        version: v.version,
        status: v.status,
        createdAt: v.created_at,
        deployedBy: v.deployed_by ? { id: v.deployed_by, name: v.deployed_by_name ?? '' } : null,
      })),
  }));
}

/**
 * Moves a site into a team (from its owner's account) or out of it (to the person moving it):
 * whoever moves it must be allowed on both sides, and a site moving into a team must fit the
 * team owner's plan.
 */
export async function moveSite(
  ctx: AppContext,
  user: UserRow,
  siteId: string,
  teamId: string | null,
): Promise<SiteRow> {
  const found = await siteById(ctx.db, siteId);
  if (!found) throw notFound('Site not found');
  const site = await withMembership(ctx.db, user, found);
  authorize(user, 'sites.view', site);
  if (site.team_id === teamId) return site;
  let newOwner: UserRow = user;
  if (site.team_id) {
    await authorizeOnTeam(
      ctx.db,
      user,
      'teams.move-site-out',
      await teamById(ctx.db, site.team_id),
    );
  } else {
    // A personal site: only its owner may give it away.
    authorize(user, 'sites.change', site);
  }
  if (teamId) {
    const team = await teamForNewSite(ctx, user, teamId);
    teamId = team.id;
    newOwner = await payerOf(ctx.db, team);
  }
  const now = nowIso();
  await ctx.db.transaction().execute(async (trx) => {
    if (newOwner.id !== site.user_id) {
      await lockUser(trx, newOwner.id);
      await assertCanCreateSite(trx, ctx.config, newOwner);
    }
    await setSiteTeam(trx, site.id, teamId, newOwner.id, now);
  });
  if (site.team_id) {
    await recordActivity(
      ctx.db,
      site.team_id,
      user.id,
      'site.moved-out',
      `${who(user)} moved ${site.subdomain} out of the team`,
    );
  }
  if (teamId) {
    await recordActivity(
      ctx.db,
      teamId,
      user.id,
      'site.moved-in',
      `${who(user)} moved ${site.subdomain} into the team`,
    );
  }
  announceSiteChanged(ctx, { ...site, user_id: newOwner.id, team_id: teamId });
  // It leaves one list (a person's or a team's) and joins another, even with the same payer.
  ctx.events.emit('user.sites-changed', {
    userId: site.user_id,
    teamId: site.team_id,
    siteId: site.id,
    change: 'site-deleted',
  });
  ctx.events.emit('user.sites-changed', {
    userId: newOwner.id,
    teamId,
    siteId: site.id,
    change: 'site-created',
  });
  return (await siteById(ctx.db, site.id))!;
}

/**
 * Whose plan a site's paid features are judged by: a team site's owner (a member on a Free plan
 * may add a domain to a Pro owner's team site), else the person asking.
 */
export async function planHolderFor(
  db: Database,
  site: Pick<SiteRow, 'team_id' | 'user_id'>,
  user: UserRow,
): Promise<UserRow> {
  if (!site.team_id) return user;
  return (await userById(db, site.user_id)) ?? user;
}
