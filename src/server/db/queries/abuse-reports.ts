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

/** An open report about the site of the same kind from the same address, if there is one. */
export async function openReportLike(
  db: Database,
  of: { siteId: string; category: AbuseReportRow['category']; reporterAddress: string },
): Promise<string | undefined> {
  const row = await db
    .selectFrom('abuse_reports')
    .select('id')
    .where('site_id', '=', of.siteId)
    .where('category', '=', of.category)
    .where('reporter_address', '=', of.reporterAddress)
    .where('status', '=', 'OPEN')
    .executeTakeFirst();
  return row?.id;
}

/** Reports about one site since `since`, from every address. */
export async function countReportsAboutSite(
  db: Database,
  siteId: string,
  since: string,
): Promise<number> {
  const { count } = await db
    .selectFrom('abuse_reports')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('site_id', '=', siteId)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(count);
}

/**
 * Opens the site's e-mail window unless one opened after `closedBefore` is still open: true
 * for the one caller that opened it. One statement, so two reports at once open it once.
 */
export async function openMailWindow(
  db: Database,
  siteId: string,
  now: string,
  closedBefore: string,
): Promise<boolean> {
  const opened = await db
    .insertInto('abuse_mail_windows')
    .values({ site_id: siteId, opened_at: now })
    .onConflict((oc) =>
      oc
        .column('site_id')
        .doUpdateSet({ opened_at: now })
        .where('abuse_mail_windows.opened_at', '<=', closedBefore),
    )
    .returning('site_id')
    .executeTakeFirst();
  return opened !== undefined;
}

/** Marks every report waiting for the digest as mailed and returns them, oldest first. */
export async function takeReportsForDigest(db: Database, now: string): Promise<AbuseReportRow[]> {
  const rows = await db
    .updateTable('abuse_reports')
    .set({ mailed_at: now })
    .where('mailed_at', 'is', null)
    .returningAll()
    .execute();
  return rows.sort((a, b) => a.created_at.localeCompare(b.created_at));
}

export async function deleteMailWindowsBefore(db: Database, before: string): Promise<number> {
  const gone = await db
    .deleteFrom('abuse_mail_windows')
    .where('opened_at', '<=', before)
    .executeTakeFirst();
  return Number(gone.numDeletedRows);
}
