import { randomBytes } from 'node:crypto';
import type { PlanName } from '../../../shared/plans';
import type { Database } from '../database';

// Writing page-view analytics (hosting/views.ts) and deleting it (the retention job). Days are
// 'YYYY-MM-DD' (UTC) and compare as text.

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
 * (guests count as FREE), leaving out the owners named in `exceptEmails` (the admins) who
 * have proven that address: an unproven one is no admin.
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
    .$if(exceptEmails.length > 0, (q) =>
      q.where((eb) =>
        eb.or([eb('users.email', 'not in', exceptEmails), eb('users.email_verified', '=', 0)]),
      ),
    );
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
