import type { Announcement } from '../../shared/admin';
import type { AnnouncementRow } from '../db/schema';

/** What every screen shows of an announcement; who posted it stays in the audit log. */
export function presentAnnouncement(row: AnnouncementRow): Announcement {
  return {
    id: row.id,
    message: row.message,
    level: row.level,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    endedAt: row.ended_at,
  };
}
