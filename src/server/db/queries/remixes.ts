import type { Database } from '../database';
import type { SiteRow } from '../schema';

/** Allows or stops remixing of a site; the updated row, or undefined when the site is gone. */
export async function setRemixAllowed(
  db: Database,
  siteId: string,
  allowed: boolean,
  now: string,
): Promise<SiteRow | undefined> {
  return db
    .updateTable('sites')
    .set({ remix_allowed: allowed ? 1 : 0, updated_at: now })
    .where('id', '=', siteId)
    .returningAll()
    .executeTakeFirst();
}

/** Counts one more remix of a site, in the statement itself (two remixes at once count two). */
export async function countRemixOf(db: Database, siteId: string): Promise<SiteRow | undefined> {
  return db
    .updateTable('sites')
    .set((eb) => ({ remix_count: eb('remix_count', '+', 1) }))
    .where('id', '=', siteId)
    .returningAll()
    .executeTakeFirst();
}
