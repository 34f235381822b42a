import type { Insertable, Updateable } from 'kysely';
import type { SiteStatus } from '../../../shared/site';
import { nowIso } from '../../lib/ids';
import type { Database } from '../database';
import type { SiteRow, SitesTable } from '../schema';
import { hostedSites } from './site-branding';

export async function siteById(db: Database, id: string): Promise<SiteRow | undefined> {
  return db.selectFrom('sites').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function siteBySubdomain(
  db: Database,
  subdomain: string,
): Promise<SiteRow | undefined> {
  return db.selectFrom('sites').selectAll().where('subdomain', '=', subdomain).executeTakeFirst();
}

export async function sitesOfUser(db: Database, userId: string): Promise<SiteRow[]> {
  return db
    .selectFrom('sites')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .execute();
}

/** The person's own sites: those of their account that belong to no team. */
export async function personalSitesOfUser(db: Database, userId: string): Promise<SiteRow[]> {
  return db
    .selectFrom('sites')
    .selectAll()
    .where('user_id', '=', userId)
    .where('team_id', 'is', null)
    .orderBy('created_at', 'desc')
    .execute();
}

/** Sites that count against the plan: every site but expired guest ones. */
export async function countUnexpiredSitesOfUser(
  db: Database,
  userId: string,
  now: string,
): Promise<number> {
  const { count } = await db
    .selectFrom('sites')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .executeTakeFirstOrThrow();
  return Number(count);
}

export async function subdomainsTaken(db: Database, subdomains: string[]): Promise<string[]> {
  const rows = await db
    .selectFrom('sites')
    .select('subdomain')
    .where('subdomain', 'in', subdomains)
    .execute();
  return rows.map((r) => r.subdomain);
}

export async function insertSite(db: Database, site: Insertable<SitesTable>): Promise<void> {
  await db.insertInto('sites').values(site).execute();
}

export async function setSiteStatus(db: Database, id: string, status: SiteStatus): Promise<void> {
  await db
    .updateTable('sites')
    .set({ status, updated_at: nowIso() })
    .where('id', '=', id)
    .execute();
}

/**
 * Makes a deployment the live version, with the status the caller decided it brings: the
 * whole switch is this one statement.
 */
export async function setLiveDeployment(
  db: Database,
  id: string,
  deploymentId: string,
  status: SiteStatus,
): Promise<SiteRow | undefined> {
  return db
    .updateTable('sites')
    .set((eb) => ({
      current_deployment_id: deploymentId,
      status,
      updated_at: nowIso(),
      // the new live version's preview, when it has one yet (a rollback's old version does)
      preview_sha256: eb
        .selectFrom('deployments')
        .select('deployments.preview_sha256')
        .where('deployments.id', '=', deploymentId),
    }))
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteSiteRow(db: Database, id: string): Promise<void> {
  await db.deleteFrom('sites').where('id', '=', id).execute();
}

export async function sitesExpiredBefore(
  db: Database,
  before: string,
  limit: number,
): Promise<SiteRow[]> {
  return db
    .selectFrom('sites')
    .selectAll()
    .where('expires_at', 'is not', null)
    .where('expires_at', '<=', before)
    .limit(limit)
    .execute();
}

/** What hosting needs to serve a site, by its subdomain. */
export async function hostedSiteBySubdomain(db: Database, subdomain: string) {
  return hostedSites(db).where('sites.subdomain', '=', subdomain).executeTakeFirst();
}

/** hostedSiteBySubdomain for many at once: the cached sites hosting checks in one statement. */
export async function hostedSitesBySubdomains(db: Database, subdomains: string[]) {
  const rows = await hostedSites(db).where('sites.subdomain', 'in', subdomains).execute();
  return new Map(rows.map((row) => [row.subdomain, row]));
}

/** The custom-domain columns of a site (domain/domains/custom-domains.ts decides their values). */
export type DomainState = Pick<
  Updateable<SitesTable>,
  | 'custom_domain'
  | 'custom_domain_status'
  | 'domain_message'
  | 'domain_added_at'
  | 'domain_pending_since'
  | 'domain_checked_at'
  | 'domain_next_check_at'
  | 'domain_failures'
  | 'domain_lost_at'
  | 'ssl_status'
  | 'ssl_expires_at'
  | 'ssl_message'
  | 'ssl_next_attempt_at'
  | 'ssl_failures'
>;

/**
 * Writes a site's custom-domain state. With `whileDomain`, only while the site still has that
 * domain (a check finishing after the domain was removed or replaced changes nothing).
 * Throws a unique violation when another site holds the domain.
 */
export async function setDomainState(
  db: Database,
  id: string,
  state: DomainState,
  whileDomain?: string,
): Promise<SiteRow | undefined> {
  let update = db
    .updateTable('sites')
    .set({ ...state, updated_at: nowIso() })
    .where('id', '=', id);
  if (whileDomain !== undefined) update = update.where('custom_domain', '=', whileDomain);
  return update.returningAll().executeTakeFirst();
}

export async function siteByCustomDomain(
  db: Database,
  domain: string,
): Promise<SiteRow | undefined> {
  return db.selectFrom('sites').selectAll().where('custom_domain', '=', domain).executeTakeFirst();
}

export async function countCustomDomainsOfUser(db: Database, userId: string): Promise<number> {
  const { count } = await db
    .selectFrom('sites')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .where('custom_domain', 'is not', null)
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** Sites whose custom domain the re-check job should look at now, oldest due first. */
export async function sitesWithDomainCheckDue(
  db: Database,
  now: string,
  limit: number,
): Promise<SiteRow[]> {
  return db
    .selectFrom('sites')
    .selectAll()
    .where('custom_domain', 'is not', null)
    .where('custom_domain_status', 'in', ['PENDING', 'VERIFYING', 'VERIFIED'])
    .where('domain_next_check_at', '<=', now)
    .orderBy('domain_next_check_at')
    .limit(limit)
    .execute();
}

/** What hosting needs to serve a site, by its verified custom domain. */
export async function hostedSiteByCustomDomain(db: Database, domain: string) {
  return hostedSites(db)
    .where('sites.custom_domain', '=', domain)
    .where('sites.custom_domain_status', '=', 'VERIFIED')
    .executeTakeFirst();
}

/** hostedSiteByCustomDomain for many verified domains at once. */
export async function hostedSitesByCustomDomains(db: Database, domains: string[]) {
  const rows = await hostedSites(db)
    .where('sites.custom_domain', 'in', domains)
    .where('sites.custom_domain_status', '=', 'VERIFIED')
    .execute();
  return new Map(rows.map((row) => [row.custom_domain ?? '', row]));
}

/** A guest's sites still within their day, oldest first: what a claim may move. */
export async function unexpiredGuestSites(
  db: Database,
  guestId: string,
  now: string,
): Promise<SiteRow[]> {
  return db
    .selectFrom('sites')
    .selectAll()
    .where('user_id', '=', guestId)
    .where('expires_at', '>', now)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/**
 * Moves guest sites to an account: they stop expiring and keep their subdomains. Only sites
 * still the guest's and still unexpired move; returns the ones that did.
 */
export async function moveSitesToUser(
  db: Database,
  siteIds: string[],
  fromGuestId: string,
  toUserId: string,
  now: string,
): Promise<SiteRow[]> {
  if (siteIds.length === 0) return [];
  return db
    .updateTable('sites')
    .set({ user_id: toUserId, expires_at: null, updated_at: now })
    .where('id', 'in', siteIds)
    .where('user_id', '=', fromGuestId)
    .where('expires_at', '>', now)
    .returningAll()
    .execute();
}
