import type { AppContext } from '../../context';
import {
  activeAnnouncements,
  endAnnouncement,
  insertAnnouncement,
  recentAnnouncements,
} from '../../db/queries/announcements';
import type { AnnouncementRow, UserRow } from '../../db/schema';
import { badRequest, notFound } from '../../errors';
import { newId, nowIso } from '../../lib/ids';
import { audit } from './audit';

/** Announcements are for a maintenance window or an incident, not a standing notice. */
export const MAX_ANNOUNCEMENT_DAYS = 14;

export async function currentAnnouncements(
  ctx: Pick<AppContext, 'db'>,
): Promise<AnnouncementRow[]> {
  return activeAnnouncements(ctx.db, nowIso());
}

export async function announcementHistory(ctx: Pick<AppContext, 'db'>): Promise<AnnouncementRow[]> {
  return recentAnnouncements(ctx.db);
}

/** Stores it, then every node pushes it to every socket it holds (`system-update`). */
export async function postAnnouncement(
  ctx: AppContext,
  operator: UserRow,
  input: { message: string; level: 'info' | 'warning'; expiresAt: string },
): Promise<AnnouncementRow> {
  const now = Date.now();
  const expires = Date.parse(input.expiresAt);
  if (!(expires > now)) throw badRequest('An announcement must end in the future.');
  if (expires - now > MAX_ANNOUNCEMENT_DAYS * 24 * 60 * 60 * 1000) {
    throw badRequest(`An announcement can last at most ${MAX_ANNOUNCEMENT_DAYS} days.`);
  }
  const row: AnnouncementRow = {
    id: newId(),
    message: input.message,
    level: input.level,
    created_by: operator.id,
    created_at: nowIso(now),
    expires_at: nowIso(expires),
    ended_at: null,
  };
  await insertAnnouncement(ctx.db, row);
  await audit(ctx, operator, 'announcement.create', {
    type: 'announcement',
    id: row.id,
    label: row.message.slice(0, 80),
  });
  ctx.events.emit('announcement.published', { announcement: row });
  return row;
}

export async function endAnnouncementEarly(
  ctx: AppContext,
  operator: UserRow,
  id: string,
): Promise<AnnouncementRow> {
  const row = await endAnnouncement(ctx.db, id, nowIso());
  if (!row) throw notFound('No running announcement with this id');
  await audit(ctx, operator, 'announcement.end', {
    type: 'announcement',
    id: row.id,
    label: row.message.slice(0, 80),
  });
  ctx.events.emit('announcement.ended', { id: row.id });
  return row;
}
