import type { Database } from '../database';
import type { SiteRow } from '../schema';

/** Writes who may frame a site; the updated row, or undefined when the site is gone. */
export async function updateSiteEmbedding(
  db: Database,
  siteId: string,
  embedOrigins: string | null,
  now: string,
): Promise<SiteRow | undefined> {
  return db
    .updateTable('sites')
    .set({ embed_origins: embedOrigins, updated_at: now })
    .where('id', '=', siteId)
    .returningAll()
    .executeTakeFirst();
}
