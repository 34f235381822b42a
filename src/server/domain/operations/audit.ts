import type { AppContext } from '../../context';
import { insertAuditEntry } from '../../db/queries/audit-log';
import type { AuditLogRow, UserRow } from '../../db/schema';
import { newId, nowIso } from '../../lib/ids';

export type AuditAction =
  | 'site.disable'
  | 'site.enable'
  | 'user.suspend'
  | 'user.unsuspend'
  | 'report.resolve'
  | 'announcement.create'
  | 'announcement.end'
  | 'incident.create'
  | 'incident.update';

/** Writes one operator action; every operator call that changes something calls this once. */
export async function audit(
  ctx: Pick<AppContext, 'db'>,
  actor: Pick<UserRow, 'id' | 'email'>,
  action: AuditAction,
  target: { type: AuditLogRow['target_type']; id: string; label: string },
  reason: string | null = null,
): Promise<void> {
  await insertAuditEntry(ctx.db, {
    id: newId(),
    actor_id: actor.id,
    actor_email: actor.email,
    action,
    target_type: target.type,
    target_id: target.id,
    target_label: target.label,
    reason,
    created_at: nowIso(),
  });
}
