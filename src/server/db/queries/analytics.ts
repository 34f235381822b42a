import type { DeploymentStatus } from '../../../shared/deployment';
import type { Database } from '../database';

// Reading page-view analytics and deployment figures for the analytics screens. Days are
// 'YYYY-MM-DD' (UTC) and compare as text; times are ISO strings.

export async function dailyOfSite(db: Database, siteId: string, fromDay: string) {
  return db
    .selectFrom('site_views_daily')
    .select(['day', 'views', 'visitors'])
    .where('site_id', '=', siteId)
    .where('day', '>=', fromDay)
    .orderBy('day')
    .execute();
}

export async function topPagesOfSite(db: Database, siteId: string, fromDay: string, limit: number) {
  return db
    .selectFrom('site_pages_daily')
    .select((eb) => ['path', eb.fn.sum<number>('views').as('views')])
    .where('site_id', '=', siteId)
    .where('day', '>=', fromDay)
    .groupBy('path')
    .orderBy('views', 'desc')
    .orderBy('path')
    .limit(limit)
    .execute();
}

export async function topReferrersOfSite(
  db: Database,
  siteId: string,
  fromDay: string,
  limit: number,
) {
  return db
    .selectFrom('site_referrers_daily')
    .select((eb) => ['referrer', eb.fn.sum<number>('views').as('views')])
    .where('site_id', '=', siteId)
    .where('day', '>=', fromDay)
    .groupBy('referrer')
    .orderBy('views', 'desc')
    .orderBy('referrer')
    .limit(limit)
    .execute();
}

/** Views per day of every site of a user from `fromDay` on; days without views have no row. */
export async function dailyViewsOfUserSites(db: Database, userId: string, fromDay: string) {
  return db
    .selectFrom('site_views_daily')
    .innerJoin('sites', 'sites.id', 'site_views_daily.site_id')
    .select(['site_views_daily.site_id', 'site_views_daily.day', 'site_views_daily.views'])
    .where('sites.user_id', '=', userId)
    .where('site_views_daily.day', '>=', fromDay)
    .execute();
}

/** A user's views per day across all their sites, days with views only, oldest first. */
export async function dailyViewsOfUser(db: Database, userId: string, fromDay: string) {
  const rows = await db
    .selectFrom('site_views_daily')
    .innerJoin('sites', 'sites.id', 'site_views_daily.site_id')
    .select((eb) => [
      'site_views_daily.day',
      eb.fn.sum<number>('site_views_daily.views').as('views'),
    ])
    .where('sites.user_id', '=', userId)
    .where('site_views_daily.day', '>=', fromDay)
    .groupBy('site_views_daily.day')
    .orderBy('site_views_daily.day')
    .execute();
  return rows.map((r) => ({ day: r.day, views: Number(r.views) }));
}

export async function siteTotalsOfUser(db: Database, userId: string) {
  const row = await db
    .selectFrom('sites')
    .select((eb) => [
      eb.fn.countAll<number>().as('total'),
      eb.fn.sum<number>(eb.case().when('status', '=', 'ACTIVE').then(1).else(0).end()).as('active'),
      eb.fn.sum<number>('views').as('views'),
    ])
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return {
    total: Number(row.total),
    active: Number(row.active ?? 0),
    views: Number(row.views ?? 0),
  };
}

export async function viewsOfUserSince(db: Database, userId: string, fromDay: string) {
  const row = await db
    .selectFrom('site_views_daily')
    .innerJoin('sites', 'sites.id', 'site_views_daily.site_id')
    .select((eb) => eb.fn.sum<number>('site_views_daily.views').as('views'))
    .where('sites.user_id', '=', userId)
    .where('site_views_daily.day', '>=', fromDay)
    .executeTakeFirstOrThrow();
  return Number(row.views ?? 0);
}

/** Deployments of a user's sites by status; `since` limits them to those created from then. */
export async function deploymentCountsOfUser(db: Database, userId: string, since?: string) {
  const rows = await db
    .selectFrom('deployments')
    .innerJoin('sites', 'sites.id', 'deployments.site_id')
    .select((eb) => ['deployments.status', eb.fn.countAll<number>().as('count')])
    .where('sites.user_id', '=', userId)
    .$if(since !== undefined, (q) => q.where('deployments.created_at', '>=', since!))
    .groupBy('deployments.status')
    .execute();
  return new Map<DeploymentStatus, number>(rows.map((r) => [r.status, Number(r.count)]));
}

/** Queued and live times of a user's successful deployments created since `since`. */
export async function successfulTimesOfUser(db: Database, userId: string, since: string) {
  return db
    .selectFrom('deployments')
    .innerJoin('sites', 'sites.id', 'deployments.site_id')
    .select(['deployments.created_at', 'deployments.finished_at'])
    .where('sites.user_id', '=', userId)
    .where('deployments.created_at', '>=', since)
    .where('deployments.status', '=', 'SUCCESS')
    .where('deployments.finished_at', 'is not', null)
    .execute();
}

/** A user's newest deployments created since `since`, with their sites' names. */
export async function recentDeploymentsOfUser(
  db: Database,
  userId: string,
  since: string,
  limit: number,
) {
  return db
    .selectFrom('deployments')
    .innerJoin('sites', 'sites.id', 'deployments.site_id')
    .select([
      'deployments.id',
      'deployments.status',
      'deployments.created_at',
      'deployments.finished_at',
      'sites.name as site_name',
      'sites.subdomain as site_subdomain',
    ])
    .where('sites.user_id', '=', userId)
    .where('deployments.created_at', '>=', since)
    .orderBy('deployments.created_at', 'desc')
    .orderBy('deployments.version', 'desc')
    .limit(limit)
    .execute();
}
