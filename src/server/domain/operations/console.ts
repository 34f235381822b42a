import type { AppContext } from '../../context';
import { deploymentsOfSite } from '../../db/queries/deployments';
import {
  searchSites,
  searchUsers,
  siteWithOwner,
  type SiteWithOwner,
  type UserWithCount,
} from '../../db/queries/operations';
import { listAbuseReports, type AdminReportRow } from '../../db/queries/abuse-reports';
import { listAuditEntries } from '../../db/queries/audit-log';
import { userById } from '../../db/queries/users';
import { sitesOfUser } from '../../db/queries/sites';
import type { AuditLogRow, DeploymentRow } from '../../db/schema';
import { notFound } from '../../errors';

// What the operator's console reads: searches and one site's whole story.

export function findUsers(ctx: Pick<AppContext, 'db'>, q: string): Promise<UserWithCount[]> {
  return searchUsers(ctx.db, q);
}

export function findSites(ctx: Pick<AppContext, 'db'>, q: string): Promise<SiteWithOwner[]> {
  return searchSites(ctx.db, q);
}

export interface SiteStory {
  site: SiteWithOwner;
  owner: UserWithCount;
  deployments: DeploymentRow[];
  reports: AdminReportRow[];
}

export async function siteStory(ctx: Pick<AppContext, 'db'>, siteId: string): Promise<SiteStory> {
  const site = await siteWithOwner(ctx.db, siteId);
  const owner = site && (await userById(ctx.db, site.user_id));
  if (!site || !owner) throw notFound('Site not found');
  const [deployments, reports, ownedSites] = await Promise.all([
    deploymentsOfSite(ctx.db, site.id),
    listAbuseReports(ctx.db, { siteId: site.id }),
    sitesOfUser(ctx.db, owner.id),
  ]);
  return { site, owner: { ...owner, site_count: ownedSites.length }, deployments, reports };
}

export function auditLog(ctx: Pick<AppContext, 'db'>, targetId?: string): Promise<AuditLogRow[]> {
  return listAuditEntries(ctx.db, targetId ? { targetId } : {});
}
