import type { Database } from '../database';
import type { AnnouncementRow } from '../schema';

export async function insertAnnouncement(db: Database, row: AnnouncementRow): Promise<void> {
  await db.insertInto('announcements').values(row).execute();
}

/** Not expired and not ended at `now`, newest first. */
export async function activeAnnouncements(db: Database, now: string): Promise<AnnouncementRow[]> {
  return db
    .selectFrom('announcements')
    .selectAll()
    .where('expires_at', '>', now)
    .where('ended_at', 'is', null)
    .orderBy('created_at', 'desc')
    .limit(10)
    .execute();
}

export async function recentAnnouncements(db: Database, limit = 50): Promise<AnnouncementRow[]> {
  return db
    .selectFrom('announcements')
    .selectAll()
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
}

/** Ends an announcement early; undefined when it was ended already or is missing. */
export async function endAnnouncement(
  db: Database,
  id: string,
  at: string,
): Promise<AnnouncementRow | undefined> {
  return db
    .updateTable('announcements')
    .set({ ended_at: at })
    .where('id', '=', id)
    .where('ended_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
}
