import type { AppContext } from '../context';
import { deleteSite } from '../domain/sites';
import { nowIso } from '../domain/tokens';

/** Expired guest sites show their 'expired' page this long before they are purged. */
export const PURGE_GRACE_MS = 24 * 60 * 60 * 1000;

/** Deletes guest sites (and the files only they used) a day after they expired. */
export async function purgeExpiredSites(ctx: AppContext, now = Date.now()): Promise<number> {
  const expired = await ctx.db
    .selectFrom('sites')
    .selectAll()
    .where('expires_at', 'is not', null)
    .where('expires_at', '<=', nowIso(now - PURGE_GRACE_MS))
    .limit(500)
    .execute();
  for (const site of expired) await deleteSite(ctx, site);
  if (expired.length) ctx.log.info({ count: expired.length }, 'purged expired guest sites');
  return expired.length;
}
