import type { AppContext } from '../../context';
import { siteById } from '../../db/queries/sites';
import { userById } from '../../db/queries/users';
import {
  disableSitesOfUser,
  enableSitesOfUserDisabledFor,
  expireSessionsOfUser,
  setSiteDisabled,
  setUserSuspended,
} from '../../db/queries/operations';
import type { SiteRow, UserRow } from '../../db/schema';
import { badRequest, notFound } from '../../errors';
import { nowIso } from '../../lib/ids';
import { assertMaySuspend } from '../policy';
import { shownStatus } from '../sites/site-status';
import { audit } from './audit';
import { announceSiteChanged } from '../sites/site-changed';

/** The reason the sites of a suspended account carry: unsuspending enables exactly these. */
export const SUSPENDED_SITE_REASON = 'Account suspended';

/** Tells every node: hosting drops its copy at once (451 within the second), screens refresh. */
function announceSite(ctx: AppContext, site: SiteRow): void {
  announceSiteChanged(ctx, site, shownStatus(site));
}

export async function disableSite(
  ctx: AppContext,
  operator: UserRow,
  siteId: string,
  reason: string,
): Promise<SiteRow> {
  const site = await setSiteDisabled(ctx.db, siteId, { at: nowIso(), reason });
  if (!site) throw notFound('Site not found');
  await audit(
    ctx,
    operator,
    'site.disable',
    { type: 'site', id: site.id, label: site.subdomain },
    reason,
  );
  announceSite(ctx, site);
  return site;
}

export async function enableSite(
  ctx: AppContext,
  operator: UserRow,
  siteId: string,
  reason: string | null,
): Promise<SiteRow> {
  const before = await siteById(ctx.db, siteId);
  if (!before) throw notFound('Site not found');
  const owner = await userById(ctx.db, before.user_id);
  // A suspended account's sites come back with the account, not one by one.
  if (owner?.suspended_at) {
    throw badRequest('The owner of this site is suspended. Lift the suspension to enable it.');
  }
  const site = await setSiteDisabled(ctx.db, siteId, null);
  if (!site) throw notFound('Site not found');
  await audit(
    ctx,
    operator,
    'site.enable',
    { type: 'site', id: site.id, label: site.subdomain },
    reason,
  );
  announceSite(ctx, site);
  return site;
}

/**
 * Suspends an account: every session ends (its sockets drop on every node), every site is
 * disabled with SUSPENDED_SITE_REASON, and sign-in, the API and deploys are refused.
 */
export async function suspendUser(
  ctx: AppContext,
  operator: UserRow,
  userId: string,
  reason: string,
): Promise<UserRow> {
  const target = await userById(ctx.db, userId);
  if (!target) throw notFound('User not found');
  assertMaySuspend(ctx.config, target);
  const at = nowIso();
  const user = await setUserSuspended(ctx.db, userId, { at, reason });
  if (!user) throw notFound('User not found');
  const ended = await expireSessionsOfUser(ctx.db, userId, at);
  const sites = await disableSitesOfUser(ctx.db, userId, { at, reason: SUSPENDED_SITE_REASON });
  await audit(
    ctx,
    operator,
    'user.suspend',
    { type: 'user', id: user.id, label: user.email },
    reason,
  );
  // Sites and the reason first: ending the sessions drops the sockets that would carry them.
  for (const site of sites) announceSite(ctx, site);
  ctx.events.emit('user.moderated', { userId, email: user.email, suspended: true, reason });
  for (const sessionId of ended) ctx.events.emit('session.ended', { sessionId, userId });
  return user;
}

export async function unsuspendUser(
  ctx: AppContext,
  operator: UserRow,
  userId: string,
  reason: string | null,
): Promise<UserRow> {
  const user = await setUserSuspended(ctx.db, userId, null);
  if (!user) throw notFound('User not found');
  const sites = await enableSitesOfUserDisabledFor(ctx.db, userId, SUSPENDED_SITE_REASON);
  await audit(
    ctx,
    operator,
    'user.unsuspend',
    { type: 'user', id: user.id, label: user.email },
    reason,
  );
  for (const site of sites) announceSite(ctx, site);
  ctx.events.emit('user.moderated', { userId, email: user.email, suspended: false, reason });
  return user;
}
