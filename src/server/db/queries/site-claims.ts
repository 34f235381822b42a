import type { Database } from '../database';
import type { SiteClaimRow } from '../schema';

export async function insertSiteClaim(db: Database, row: SiteClaimRow): Promise<void> {
  await db.insertInto('site_claims').values(row).execute();
}

export async function siteClaimByTokenHash(
  db: Database,
  tokenHash: string,
): Promise<SiteClaimRow | undefined> {
  return db
    .selectFrom('site_claims')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/**
 * Takes a claim once: true only for the one caller that found it unused and unexpired. Inside
 * the claim's transaction, so a claim that fails later is not spent.
 */
export async function markSiteClaimUsed(
  db: Database,
  tokenHash: string,
  userId: string,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('site_claims')
    .set({ used_at: now, used_by: userId })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
