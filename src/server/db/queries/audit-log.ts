import type { Database } from '../database';
import type { AuditLogRow } from '../schema';

export async function insertAuditEntry(db: Database, row: AuditLogRow): Promise<void> {
  await db.insertInto('audit_log').values(row).execute();
}

/** Newest first; with `targetId`, only what was done to that one thing. */
export async function listAuditEntries(
  db: Database,
  filter: { targetId?: string } = {},
  limit = 200,
): Promise<AuditLogRow[]> {
  let query = db.selectFrom('audit_log').selectAll().orderBy('created_at', 'desc').limit(limit);
  if (filter.targetId) query = query.where('target_id', '=', filter.targetId);
  return query.execute();
}
