import type { Database } from '../database';
import type {
  StatusCheckRow,
  StatusDayRow,
  StatusIncidentRow,
  StatusIncidentUpdateRow,
} from '../schema';

// The status page's rows (domain/status/): last checks, per-day counts, incidents.

/**
 * The account the synthetic canary deploys as: nobody signs in to it, and the operators'
 * lists leave it out (queries/operations.ts), so its short-lived sites never count as content.
 */
export const STATUS_CANARY_EMAIL = 'status-canary@artifact-host.invalid';

/** Keeps the newer of the stored check and this one: a late writer never turns the clock back. */
export async function saveCheck(db: Database, row: StatusCheckRow): Promise<void> {
  await db
    .insertInto('status_checks')
    .values(row)
    .onConflict((oc) =>
      oc
        .column('part')
        .doUpdateSet({ status: row.status, detail: row.detail, checked_at: row.checked_at })
        .where('status_checks.checked_at', '<', row.checked_at),
    )
    .execute();
}

/**
 * One round of checks as a whole: its last checks, its day counts and the trimming of old days
 * commit together, so the page never shows one part from this round beside another from the
 * round before (builds back up while hosting still says the canary could not be built).
 */
export async function saveRound(
  db: Database,
  checks: StatusCheckRow[],
  counts: StatusDayRow[],
  keepFromDay: string,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const count of counts) await countChecks(trx, count);
    for (const check of checks) await saveCheck(trx, check);
    await deleteDaysBefore(trx, keepFromDay);
  });
}

export async function latestChecks(db: Database): Promise<StatusCheckRow[]> {
  return db.selectFrom('status_checks').selectAll().execute();
}

/** Adds checks to a part's day; the increments make concurrent writers safe. */
export async function countChecks(db: Database, row: StatusDayRow): Promise<void> {
  await db
    .insertInto('status_days')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['part', 'day']).doUpdateSet((eb) => ({
        checks: eb('status_days.checks', '+', eb.ref('excluded.checks')),
        down_checks: eb('status_days.down_checks', '+', eb.ref('excluded.down_checks')),
        degraded_checks: eb('status_days.degraded_checks', '+', eb.ref('excluded.degraded_checks')),
      })),
    )
    .execute();
}

/** Every part's days from `fromDay` on (inclusive), oldest first. */
export async function daysSince(db: Database, fromDay: string): Promise<StatusDayRow[]> {
  return db
    .selectFrom('status_days')
    .selectAll()
    .where('day', '>=', fromDay)
    .orderBy('day', 'asc')
    .execute();
}

/** Days older than `beforeDay` are past anything the page shows. */
export async function deleteDaysBefore(db: Database, beforeDay: string): Promise<void> {
  await db.deleteFrom('status_days').where('day', '<', beforeDay).execute();
}

export async function insertIncident(
  db: Database,
  incident: StatusIncidentRow,
  update: StatusIncidentUpdateRow,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('status_incidents').values(incident).execute();
    await trx.insertInto('status_incident_updates').values(update).execute();
  });
}

export async function incidentById(
  db: Database,
  id: string,
): Promise<StatusIncidentRow | undefined> {
  return db.selectFrom('status_incidents').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The update and the incident's state (and its end, when resolved) in one transaction. */
export async function addIncidentUpdate(
  db: Database,
  update: StatusIncidentUpdateRow,
  resolvedAt: string | null,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('status_incident_updates').values(update).execute();
    await trx
      .updateTable('status_incidents')
      .set({ state: update.state, resolved_at: resolvedAt })
      .where('id', '=', update.incident_id)
      .execute();
  });
}

export async function setIncidentAnnouncement(
  db: Database,
  id: string,
  announcementId: string,
): Promise<void> {
  await db
    .updateTable('status_incidents')
    .set({ announcement_id: announcementId })
    .where('id', '=', id)
    .execute();
}

/** Open incidents and those resolved since `resolvedSince`, newest first. */
export async function recentIncidents(
  db: Database,
  resolvedSince: string,
  limit = 50,
): Promise<StatusIncidentRow[]> {
  return db
    .selectFrom('status_incidents')
    .selectAll()
    .where((eb) => eb.or([eb('resolved_at', 'is', null), eb('resolved_at', '>=', resolvedSince)]))
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
}

export async function updatesOfIncidents(
  db: Database,
  ids: string[],
): Promise<StatusIncidentUpdateRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('status_incident_updates')
    .selectAll()
    .where('incident_id', 'in', ids)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}
