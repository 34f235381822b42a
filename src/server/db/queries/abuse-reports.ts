import type { Database } from '../database';
import type { AbuseReportRow } from '../schema';

export type AdminReportRow = AbuseReportRow & {
  subdomain: string | null;
  disabled_at: string | null | undefined;
};

export async function insertAbuseReport(db: Database, row: AbuseReportRow): Promise<void> {
  await db.insertInto('abuse_reports').values(row).execute();
}

/** Reports one client address filed since `since`: the limit holds across every node. */
export async function countReportsFromAddress(
  db: Database,
  address: string,
  since: string,
): Promise<number> {
  const { count } = await db
    .selectFrom('abuse_reports')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('reporter_address', '=', address)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** Newest first, with the site's subdomain and whether it is disabled now. */
export async function listAbuseReports(
  db: Database,
  filter: { status?: 'OPEN' | 'RESOLVED'; siteId?: string },
  limit = 200,
): Promise<AdminReportRow[]> {
  let query = db
    .selectFrom('abuse_reports')
    .leftJoin('sites', 'sites.id', 'abuse_reports.site_id')
    .selectAll('abuse_reports')
    .select(['sites.subdomain as subdomain', 'sites.disabled_at as disabled_at'])
    .orderBy('abuse_reports.created_at', 'desc')
    .limit(limit);
  if (filter.status) query = query.where('abuse_reports.status', '=', filter.status);
  if (filter.siteId) query = query.where('abuse_reports.site_id', '=', filter.siteId);
  return query.execute();
}

export async function abuseReportById(
  db: Database,
  id: string,
): Promise<AbuseReportRow | undefined> {
  return db.selectFrom('abuse_reports').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Marks a report resolved; false when it was resolved already (or is missing). */
export async function resolveAbuseReport(
  db: Database,
  id: string,
  by: string,
  resolution: string | null,
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable('abuse_reports')
    .set({ status: 'RESOLVED', resolved_at: at, resolved_by: by, resolution })
    .where('id', '=', id)
    .where('status', '=', 'OPEN')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
