import { REMIX_MESSAGES } from '../../../shared/remix';
import { siteById } from '../../db/queries/sites';
import type { Database } from '../../db/database';
import type { SiteRow } from '../../db/schema';
import { forbidden, notFound } from '../../errors';
import { isExpired } from '../sites/expiry';
import type { Asker } from './actor';
import { can } from './decide';
import { withMembership } from './sites';

/**
 * The site `asker` may remix, and whether it is already theirs to view (their own or their
 * team's: they may always remix those). Anyone else may remix a live, public site whose owner
 * allows it: a private, disabled, expired or unbuilt site is as good as missing (404), a
 * public one that does not allow it is refused (403), the control is not shown on it anyway.
 * `asker` null: someone with no session yet, asking what they would remix. (A token's scope
 * is judged at the door by the route's action, 'sites.remix'.)
 */
export async function remixableSite(
  db: Database,
  asker: Asker | null,
  siteId: string,
): Promise<{ site: SiteRow; own: boolean }> {
  const found = await siteById(db, siteId);
  if (!found) throw notFound(REMIX_MESSAGES.notFound);
  const site = asker ? await withMembership(db, asker, found) : found;
  if (asker && can(asker, 'sites.view', site)) return { site, own: true };
  if (
    site.disabled_at ||
    site.access_password_hash ||
    isExpired(site) ||
    !site.current_deployment_id
  ) {
    throw notFound(REMIX_MESSAGES.notFound);
  }
  if (site.remix_allowed !== 1) throw forbidden(REMIX_MESSAGES.notAllowed);
  return { site, own: false };
}
