import { randomBytes } from 'node:crypto';
import type { PlanName } from '../../../shared/plans';
import type { DeploymentStatus } from '../../../shared/deployment';
import type { Database } from '../database';

// Every statement of page-view analytics and the analytics screen. Days are 'YYYY-MM-DD' (UTC)
// and compare as text; times are ISO strings.

/** One site's views of one day as the recorder batched them (hosting/views.ts). */
export interface SiteDayBatch {
  siteId: string;
  day: string;
  views: number;
  /** distinct keys: no two entries name the same path / referrer */
  pages: Map<string, number>;
  referrers: Map<string, number>;
  /** salted visitor hashes seen in the batch, distinct */
  visitorHashes: string[];
}

// Both engines accept well over this many bound values in one statement (3 per hash row).
const HASH_ROWS_PER_INSERT = 1000;

/**
 * Writes one site's batch: a few statements whatever the batch's size. Returns false when the
 * site is gone (deleted since its visits), writing nothing.
 */
export async function recordSiteDay(db: Database, batch: SiteDayBatch): Promise<boolean> {
  const { siteId, day } = batch;
  return db.transaction().execute(async (tx) => {
    const updated = await tx
      .updateTable('sites')
      .set((eb) => ({ views: eb('views', '+', batch.views) }))
      .where('id', '=', siteId)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) return false;
    // Only hashes not stored yet (by this node or another) are new visitors of the day.
    let visitors = 0;
    for (let i = 0; i < batch.visitorHashes.length; i += HASH_ROWS_PER_INSERT) {
      const rows = batch.visitorHashes
        .slice(i, i + HASH_ROWS_PER_INSERT)
        .map((hash) => ({ site_id: siteId, day, hash }));
      const inserted = await tx
        .insertInto('site_visitor_hashes')
        .values(rows)
        .onConflict((oc) => oc.doNothing())
        .executeTakeFirst();
      visitors += Number(inserted.numInsertedOrUpdatedRows ?? 0);
    }
    await tx
      .insertInto('site_views_daily')
      .values({ site_id: siteId, day, views: batch.views, visitors })
      .onConflict((oc) =>
        oc.columns(['site_id', 'day']).doUpdateSet((eb) => ({
          views: eb('site_views_daily.views', '+', eb.ref('excluded.views')),
          visitors: eb('site_views_daily.visitors', '+', eb.ref('excluded.visitors')),
        })),
      )
      .execute();
    if (batch.pages.size > 0) {
      await tx
        .insertInto('site_pages_daily')
        .values([...batch.pages].map(([path, views]) => ({ site_id: siteId, day, path, views })))
        .onConflict((oc) =>
          oc.columns(['site_id', 'day', 'path']).doUpdateSet((eb) => ({
            views: eb('site_pages_daily.views', '+', eb.ref('excluded.views')),
          })),
        )
        .execute();
    }
    if (batch.referrers.size > 0) {
      await tx
        .insertInto('site_referrers_daily')
        .values(
          [...batch.referrers].map(([referrer, views]) => ({
            site_id: siteId,
            day,
            referrer,
            views,
          })),
        )
        .onConflict((oc) =>
          oc.columns(['site_id', 'day', 'referrer']).doUpdateSet((eb) => ({
            views: eb('site_referrers_daily.views', '+', eb.ref('excluded.views')),
          })),
        )
        .execute();
    }
    return true;
  });
}

/** The pages and referrers a site already has rows for on a day (to keep the day's cap). */
export async function keysOfSiteDay(
  db: Database,
  siteId: string,
  day: string,
): Promise<{ pages: string[]; referrers: string[] }> {
  const [pages, referrers] = await Promise.all([
    db
      .selectFrom('site_pages_daily')
      .select('path')
      .where('site_id', '=', siteId)
      .where('day', '=', day)
      .execute(),
    db
      .selectFrom('site_referrers_daily')
      .select('referrer')
      .where('site_id', '=', siteId)
      .where('day', '=', day)
      .execute(),
  ]);
  return { pages: pages.map((r) => r.path), referrers: referrers.map((r) => r.referrer) };
}

/** The salt of a day: made by whichever node asks first, the same for all of them after. */
export async function saltOfDay(db: Database, day: string): Promise<string> {
  await db
    .insertInto('analytics_salts')
    .values({ day, salt: randomBytes(32).toString('base64') })
    .onConflict((oc) => oc.column('day').doNothing())
    .execute();
  const row = await db
    .selectFrom('analytics_salts')
    .select('salt')
    .where('day', '=', day)
    .executeTakeFirstOrThrow();
  return row.salt;
}

/** Forgets the hashes and salts of days before `day`: their visitors are counted already. */
export async function deleteVisitorHashesBefore(db: Database, day: string): Promise<number> {
  const hashes = await db
    .deleteFrom('site_visitor_hashes')
    .where('day', '<', day)
    .executeTakeFirst();
  await db.deleteFrom('analytics_salts').where('day', '<', day).execute();
  return Number(hashes.numDeletedRows);
}

/**
 * Deletes the daily analytics rows before `day` of sites whose owners have one of `plans`
 * (guests count as FREE), leaving out the owners named in `exceptEmails` (the admins).
 */
export async function deleteSiteAnalyticsBefore(
  db: Database,
  day: string,
  plans: PlanName[],
  exceptEmails: string[],
): Promise<number> {
  const sitesOfPlans = db
    .selectFrom('sites')
    .innerJoin('users', 'users.id', 'sites.user_id')
    .select('sites.id')
    .where((eb) =>
      eb.or([
        eb('users.plan', 'in', plans),
        ...(plans.includes('FREE') ? [eb('users.is_guest', '=', 1)] : []),
      ]),
    )
    .$if(exceptEmails.length > 0, (q) => q.where('users.email', 'not in', exceptEmails));
  let deleted = 0;
  for (const table of ['site_views_daily', 'site_pages_daily', 'site_referrers_daily'] as const) {
    const result = await db
      .deleteFrom(table)
      .where('day', '<', day)
      .where('site_id', 'in', sitesOfPlans)
      .executeTakeFirst();
    deleted += Number(result.numDeletedRows);
  }
  return deleted;
}

// --- reading -------------------------------------------------------------------------------

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
