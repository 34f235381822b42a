import type { SiteRow } from '../../db/schema';

/** Expired guest sites show their 'expired' page this long before they are purged. */
export const PURGE_GRACE_MS = 24 * 60 * 60 * 1000;

/** The one rule for guest expiry: a site with an expiry time at or before now is expired. */
export function isExpired(site: Pick<SiteRow, 'expires_at'>, now = Date.now()): boolean {
  return site.expires_at !== null && Date.parse(site.expires_at) <= now;
}
