import { UpdateRemixRequestSchema, type RemixRequest } from '../../../shared/remix';
import type { AppContext } from '../../context';
import { countRemixOf, setRemixAllowed } from '../../db/queries/remixes';
import type { SiteRow, UserRow } from '../../db/schema';
import { notFound } from '../../errors';
import { nowIso } from '../../lib/ids';
import { startDeployment, type Started } from '../deployments/deployments';
import { liveSourceOf } from '../deployments/source-edits';
import { assertMayDeploy } from '../policy';
import { announceSiteChanged } from './site-changed';

// Remix: a copy of a site's live source becomes a new site of the person asking, under a
// subdomain of their choosing, through the same door as any deploy (startDeployment: plan
// limits, the build queue's caps, a guest's 24-hour expiry). Only the source travels: the new
// site starts with none of the original's keys, AI settings, storage, domain, page settings,
// password or share links, which all hang off the original's site row, not its source.

/**
 * Allows or stops remixing. Hosting hears 'site.changed', drops the cached site and shows (or
 * stops showing) the Remix control from the next request on.
 */
export async function changeRemixing(
  ctx: AppContext,
  site: SiteRow,
  body: unknown,
): Promise<SiteRow> {
  const { allowed } = UpdateRemixRequestSchema.parse(body ?? {});
  const updated = await setRemixAllowed(ctx.db, site.id, allowed, nowIso());
  if (!updated) throw notFound('Site not found');
  announceSiteChanged(ctx, updated);
  return updated;
}

/**
 * Copies the live source of `original` (judged remixable by the policy) into a new site of
 * `user` at `request.subdomain`, and counts the remix on the original.
 */
export async function remixSite(
  ctx: AppContext,
  user: UserRow,
  original: SiteRow,
  request: RemixRequest,
  clientAddress: string,
): Promise<Started> {
  // Owners may remix their own sites, but not one the operators disabled.
  assertMayDeploy(user, original);
  const { deployment, source } = await liveSourceOf(ctx, original);
  const started = await startDeployment(ctx, user, {
    subdomain: request.subdomain,
    source,
    // Which provider the artifact was written for is part of its source; the keys are not.
    aiProvider: deployment.ai_provider,
    clientAddress,
    remixOf: { siteId: original.id, subdomain: original.subdomain },
  });
  const counted = await countRemixOf(ctx.db, original.id);
  if (counted) announceSiteChanged(ctx, counted);
  return started;
}
