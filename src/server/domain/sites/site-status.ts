import type { SiteStatus } from '../../../shared/site';
import { setSiteStatus } from '../../db/queries/sites';
import type { AppContext } from '../../context';
import type { SiteRow } from '../../db/schema';
import { isExpired } from './expiry';
import { announceSiteChanged } from './site-changed';

/** A site with a live version serves it: publishing or rolling back makes it ACTIVE. */
export const STATUS_WITH_LIVE_VERSION = 'ACTIVE' satisfies SiteStatus;

/** After a failed build a site keeps serving its live version (ACTIVE), or has none (ERROR). */
export function statusAfterFailure(site: Pick<SiteRow, 'current_deployment_id'>): SiteStatus {
  return site.current_deployment_id ? 'ACTIVE' : 'ERROR';
}

/** Writes a site's new status and tells every part. */
export async function changeSiteStatus(
  ctx: AppContext,
  site: Pick<SiteRow, 'id' | 'user_id' | 'team_id'>,
  status: SiteStatus,
): Promise<void> {
  await setSiteStatus(ctx.db, site.id, status);
  announceSiteChanged(ctx, { ...site, status });
}

/**
 * The status a site shows: an expired guest site, or one the operators disabled, no longer
 * serves, whatever its last build said.
 */
export function shownStatus(
  row: Pick<SiteRow, 'status' | 'expires_at'> & Partial<Pick<SiteRow, 'disabled_at'>>,
): SiteStatus {
  return isExpired(row) || row.disabled_at ? 'INACTIVE' : row.status;
}
