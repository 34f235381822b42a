import { sql } from 'kysely';
import type { Database } from '../database';
import type { SiteRow, SiteShareLinkRow } from '../schema';

// Private sites: the password's hash on the site row, and its share links.

/**
 * Sets or clears a site's password hash and bumps its generation, so every cookie signed for
 * the old password stops counting; clearing it ends the share links too. The updated row, or
 * undefined when the site is gone.
 */
export async function setSitePassword(
  db: Database,
  siteId: string,
  passwordHash: string | null,
  now: string,
): Promise<SiteRow | undefined> {
  return db.transaction().execute(async (trx) => {
    if (passwordHash === null) {
      await trx.deleteFrom('site_share_links').where('site_id', '=', siteId).execute();
    }
    return trx
      .updateTable('sites')
      .set({
        access_password_hash: passwordHash,
        access_generation: sql<number>`access_generation + 1`,
        ...(passwordHash === null ? { access_share_ids: '' } : {}),
        updated_at: now,
      })
      .where('id', '=', siteId)
      .returningAll()
      .executeTakeFirst();
  });
}

export async function shareLinksOfSite(db: Database, siteId: string): Promise<SiteShareLinkRow[]> {
  return db
    .selectFrom('site_share_links')
    .selectAll()
    .where('site_id', '=', siteId)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
}

/** The share link a token's hash names, with the site it opens. */
export async function shareLinkByTokenHash(
  db: Database,
  tokenHash: string,
): Promise<SiteShareLinkRow | undefined> {
  return db
    .selectFrom('site_share_links')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** Writes the site's list of live share-link ids from the table, in the same transaction. */
async function refreshShareIds(db: Database, siteId: string, now: string) {
  const ids = await db
    .selectFrom('site_share_links')
    .select('id')
    .where('site_id', '=', siteId)
    .orderBy('id')
    .execute();
  return db
    .updateTable('sites')
    .set({ access_share_ids: ids.map((r) => r.id).join(' '), updated_at: now })
    .where('id', '=', siteId)
    .returningAll()
    .executeTakeFirst();
}

/**
 * Adds a share link under the site's row lock; undefined when the site is gone or already
 * holds `max` links.
 */
export async function insertShareLink(
  db: Database,
  link: SiteShareLinkRow,
  max: number,
): Promise<{ site: SiteRow; link: SiteShareLinkRow } | 'full' | undefined> {
  return db.transaction().execute(async (trx) => {
    // Touching the row first serialises concurrent adds on both databases.
    const site = await trx
      .updateTable('sites')
      .set({ updated_at: link.created_at })
      .where('id', '=', link.site_id)
      .returning('id')
      .executeTakeFirst();
    if (!site) return undefined;
    const { count } = await trx
      .selectFrom('site_share_links')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('site_id', '=', link.site_id)
      .executeTakeFirstOrThrow();
    if (Number(count) >= max) return 'full';
    await trx.insertInto('site_share_links').values(link).execute();
    const updated = await refreshShareIds(trx, link.site_id, link.created_at);
    return updated ? { site: updated, link } : undefined;
  });
}

/** Removes a share link of a site; the updated site row, or undefined when there was none. */
export async function deleteShareLink(
  db: Database,
  siteId: string,
  linkId: string,
  now: string,
): Promise<SiteRow | undefined> {
  return db.transaction().execute(async (trx) => {
    const gone = await trx
      .deleteFrom('site_share_links')
      .where('site_id', '=', siteId)
      .where('id', '=', linkId)
      .executeTakeFirst();
    if (Number(gone.numDeletedRows) === 0) return undefined;
    return refreshShareIds(trx, siteId, now);
  });
}
