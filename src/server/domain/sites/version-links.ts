import { UpdateVersionLinksRequestSchema } from '../../../shared/version-links';
import type { AppContext } from '../../context';
import { setVersionLinks } from '../../db/queries/version-links';
import type { SiteRow } from '../../db/schema';
import { notFound } from '../../errors';
import { nowIso } from '../../lib/ids';
import { announceSiteChanged } from './site-changed';

/**
 * Turns a site's version links on or off. Every web node hears 'site.changed' and drops the
 * site's cached versions, so a link turned off stops answering at once.
 */
export async function changeVersionLinks(
  ctx: AppContext,
  site: SiteRow,
  body: unknown,
): Promise<SiteRow> {
  const { enabled } = UpdateVersionLinksRequestSchema.parse(body ?? {});
  const updated = await setVersionLinks(ctx.db, site.id, enabled, nowIso());
  if (!updated) throw notFound('Site not found');
  announceSiteChanged(ctx, updated);
  return updated;
}
