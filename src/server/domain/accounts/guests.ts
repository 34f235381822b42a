import type { AppContext } from '../../context';
import { sitesOfUser } from '../../db/queries/sites';
import { deleteUserRow, expiredGuests } from '../../db/queries/users';
import { nowIso } from '../../lib/ids';
import { PURGE_GRACE_MS } from '../sites/expiry';
import { GUEST_SESSION_TTL_MS } from './sessions';
import { deleteSite } from '../sites/sites';

/**
 * Removes guest accounts past their life: the session a guest gets (their only way in: a
 * guest has no password) has ended, and every site they made is past its purge time, so
 * no promised day of a guest site is cut short. Sites go through deleteSite, so their blobs
 * are collected; sessions go with the account. Returns how many accounts went.
 */
export async function removeExpiredGuests(
  ctx: AppContext,
  limit: number,
  now = Date.now(),
): Promise<number> {
  const guests = await expiredGuests(
    ctx.db,
    nowIso(now - GUEST_SESSION_TTL_MS),
    nowIso(now - PURGE_GRACE_MS),
    limit,
  );
  for (const guest of guests) {
    for (const site of await sitesOfUser(ctx.db, guest.id)) await deleteSite(ctx, site);
    await deleteUserRow(ctx.db, guest.id);
  }
  return guests.length;
}
