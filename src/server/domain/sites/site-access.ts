import {
  CreateShareLinkRequestSchema,
  MAX_SHARE_LINKS,
  SHARE_PARAM,
  type ShareLink,
  UpdateAccessRequestSchema,
} from '../../../shared/site-access';
import type { AppContext } from '../../context';
import {
  deleteShareLink,
  insertShareLink,
  setSitePassword,
  shareLinksOfSite,
} from '../../db/queries/site-access';
import { userById } from '../../db/queries/users';
import type { SiteRow, SiteShareLinkRow } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../errors';
import { newId, nowIso } from '../../lib/ids';
import { hashToken, newToken } from '../../lib/tokens';
import { siteUrl } from '../../lib/urls';
import { assertMayMakePrivate } from '../policy';
import { hashPassword } from '../accounts/passwords';
import { announceSiteChanged } from './site-changed';

// Private sites: the owner sets a password (hashed with scrypt, as account passwords are) and
// hands out share links; hosting asks visitors for the password (hosting/private-access.ts).
// Every change emits 'site.changed', so every web node reads the site row afresh at once.

/** Whether the site asks its visitors for a password. */
export function isPrivate(site: Pick<SiteRow, 'access_password_hash'>): boolean {
  return (site.access_password_hash ?? null) !== null;
}

async function assertOwnerMay(ctx: AppContext, site: SiteRow): Promise<void> {
  // A team site is judged by its team owner's plan: they pay for the team's sites.
  const owner = await userById(ctx.db, site.user_id);
  if (!owner) throw notFound('Site not found');
  assertMayMakePrivate(ctx.config, owner);
}

/**
 * Sets, changes or removes a site's password. Any change logs every visitor out (the cookies
 * name the old generation); removing it also ends the share links. Removing needs no plan, so
 * a downgraded owner can always open their site up.
 */
export async function changeAccess(
  ctx: AppContext,
  site: SiteRow,
  body: unknown,
): Promise<SiteRow> {
  const { password } = UpdateAccessRequestSchema.parse(body ?? {});
  if (password !== null) await assertOwnerMay(ctx, site);
  const hash = password === null ? null : await hashPassword(password);
  const updated = await setSitePassword(ctx.db, site.id, hash, nowIso());
  if (!updated) throw notFound('Site not found');
  return announceSiteChanged(ctx, updated);
}

export function presentShareLink(row: SiteShareLinkRow): ShareLink {
  return { id: row.id, label: row.label, createdAt: row.created_at };
}

export async function listShareLinks(ctx: AppContext, site: SiteRow): Promise<ShareLink[]> {
  return (await shareLinksOfSite(ctx.db, site.id)).map(presentShareLink);
}

/** A new share link of a private site; its URL, token and all, is answered this once. */
export async function createShareLink(
  ctx: AppContext,
  site: SiteRow,
  createdBy: string,
  body: unknown,
): Promise<{ site: SiteRow; shareLink: ShareLink & { url: string } }> {
  const { label } = CreateShareLinkRequestSchema.parse(body ?? {});
  await assertOwnerMay(ctx, site);
  if (!isPrivate(site)) {
    throw badRequest('Set a password first: a share link lets people into a private site.');
  }
  const token = newToken();
  const now = nowIso();
  const row: SiteShareLinkRow = {
    id: newId(),
    site_id: site.id,
    token_hash: hashToken(token),
    label: label || `Link of ${now.slice(0, 10)}`,
    created_by: createdBy,
    created_at: now,
  };
  const made = await insertShareLink(ctx.db, row, MAX_SHARE_LINKS);
  if (made === undefined) throw notFound('Site not found');
  if (made === 'full') {
    throw conflict(`A site keeps ${MAX_SHARE_LINKS} share links at most: revoke one first.`);
  }
  announceSiteChanged(ctx, made.site);
  const url = `${siteUrl(ctx.config, site.subdomain)}/?${SHARE_PARAM}=${token}`;
  return { site: made.site, shareLink: { ...presentShareLink(row), url } };
}

/** Revokes a share link: whoever came in by it is asked for the password again. */
export async function revokeShareLink(
  ctx: AppContext,
  site: SiteRow,
  linkId: string,
): Promise<SiteRow> {
  const updated = await deleteShareLink(ctx.db, site.id, linkId, nowIso());
  if (!updated) throw notFound('Share link not found');
  return announceSiteChanged(ctx, updated);
}
