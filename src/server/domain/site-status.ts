import type { SiteStatus } from '../../shared/site';
import { setSiteStatus } from '../db/queries/sites';
import type { AppContext } from '../context';
import type { SiteRow } from '../db/schema';

/** After a failed build a site keeps serving its live version (ACTIVE), or has none (ERROR). */
export function statusAfterFailure(site: Pick<SiteRow, 'current_deployment_id'>): SiteStatus {
  return site.current_deployment_id ? 'ACTIVE' : 'ERROR';
}

/** Writes a site's new status and tells every part. */
export async function changeSiteStatus(
  ctx: AppContext,
  site: Pick<SiteRow, 'id' | 'user_id'>,
  status: SiteStatus,
): Promise<void> {
  await setSiteStatus(ctx.db, site.id, status);
  ctx.events.emit('site.changed', { siteId: site.id, userId: site.user_id, status });
}
