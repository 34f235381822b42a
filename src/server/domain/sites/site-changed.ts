import type { AppContext } from '../../context';
import type { SiteRow } from '../../db/schema';

type Announced = Pick<SiteRow, 'id' | 'user_id' | 'team_id' | 'status'>;

/**
 * Tells every node that a site's row changed: hosting drops its cached copy, dashboards and
 * site pages refresh. `status` is what visitors and owners are shown, when not the row's own.
 */
export function announceSiteChanged<S extends Announced>(
  ctx: Pick<AppContext, 'events'>,
  site: S,
  status: SiteRow['status'] = site.status,
): S {
  ctx.events.emit('site.changed', {
    siteId: site.id,
    userId: site.user_id,
    teamId: site.team_id,
    status,
  });
  return site;
}
