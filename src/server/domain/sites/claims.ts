import type { PlanName } from '../../../shared/plans';
import { CLAIM_LINK_TTL_MS, CLAIM_MESSAGES } from '../../../shared/claim';
import { maxSitesFor } from '../../../shared/plans';
import type { AppContext } from '../../context';
import type { Database } from '../../db/database';
import {
  insertSiteClaim,
  markSiteClaimUsed,
  siteClaimByTokenHash,
} from '../../db/queries/site-claims';
import { deleteSessionsOfUser } from '../../db/queries/sessions';
import { lockUser } from '../../db/queries/users';
import {
  countUnexpiredSitesOfUser,
  moveSitesToUser,
  unexpiredGuestSites,
} from '../../db/queries/sites';
import type { SiteRow, UserRow } from '../../db/schema';
import { badRequest, conflict, gone, notFound, planLimitReached } from '../../errors';
import { nowIso } from '../../lib/ids';
import { planOf } from '../billing/plans';
import { authorize } from '../policy';
import { hashToken, newToken } from '../../lib/tokens';
import { announceSiteChanged } from './site-changed';

/** What became of a guest's sites; presenters/claim.ts shows it. */
export interface ClaimOutcome {
  moved: SiteRow[];
  /** Guest sites that did not move because the plan cannot take them all: the user picks. */
  claimable: SiteRow[];
  /** How many more sites the plan takes; null: no limit. */
  maxClaimable: number | null;
  plan: PlanName;
  /** The proof the pick call needs, when something is left to pick. */
  claimToken: string | null;
}

/** Room left in the plan at this moment; null when the plan has no limit. */
async function roomFor(
  ctx: Pick<AppContext, 'config'>,
  db: Database,
  user: UserRow,
  now: string,
): Promise<{ plan: PlanName; room: number | null }> {
  const plan = planOf(ctx.config, user);
  const max = maxSitesFor(plan);
  if (max === null) return { plan, room: null };
  return { plan, room: Math.max(0, max - (await countUnexpiredSitesOfUser(db, user.id, now))) };
}

/** After the move has committed: every dashboard and hosting node hears of it. */
function announce(ctx: Pick<AppContext, 'events'>, moved: SiteRow[], guestId: string): void {
  for (const site of moved) {
    // Hosting caches a site with its owner and expiry: it must forget the guest's copy.
    announceSiteChanged(ctx, site);
    ctx.events.emit('user.sites-changed', {
      userId: guestId,
      teamId: null,
      siteId: site.id,
      change: 'site-deleted',
    });
    ctx.events.emit('user.sites-changed', {
      userId: site.user_id,
      teamId: site.team_id,
      siteId: site.id,
      change: 'site-created',
    });
  }
}

async function newClaimToken(db: Database, guestId: string, expiresAt: string): Promise<string> {
  const token = newToken();
  await insertSiteClaim(db, {
    token_hash: hashToken(token),
    guest_user_id: guestId,
    created_at: nowIso(),
    expires_at: expiresAt,
    used_at: null,
    used_by: null,
  });
  return token;
}

/**
 * Sign-up or sign-in from a browser that holds a guest session (the guest's own token, never
 * an id): the guest's unexpired sites move to the account when they all fit the plan, in one
 * transaction; when they do not, none move and the answer carries a claim token for the pick
 * dialog while the sites keep expiring. Either way the guest session ends: the browser now
 * holds the account's. Undefined when there was no guest or nothing to keep.
 */
export async function adoptGuestSites(
  ctx: AppContext,
  user: UserRow,
  guest: UserRow | null,
): Promise<ClaimOutcome | undefined> {
  if (!guest?.is_guest || guest.id === user.id || user.is_guest) return undefined;
  const outcome = await ctx.db.transaction().execute(async (trx) => {
    const now = nowIso();
    const sites = await unexpiredGuestSites(trx, guest.id, now);
    if (sites.length === 0) return undefined;
    const { plan, room } = await roomFor(ctx, trx, user, now);
    if (room !== null && sites.length > room) {
      // The claim lasts as long as the longest-lived of the sites it may move.
      const lastExpiry =
        sites
          .map((s) => s.expires_at ?? now)
          .sort()
          .at(-1) ?? now;
      const claimToken = await newClaimToken(trx, guest.id, lastExpiry);
      return { moved: [], claimable: sites, maxClaimable: room, plan, claimToken };
    }
    const ids = sites.map((s) => s.id);
    const moved = await moveSitesToUser(trx, ids, guest.id, user.id, now);
    return { moved, claimable: [], maxClaimable: room, plan, claimToken: null };
  });
  if (outcome) announce(ctx, outcome.moved, guest.id);
  await endGuestSessions(ctx, guest.id);
  return outcome;
}

async function endGuestSessions(ctx: AppContext, guestId: string): Promise<void> {
  for (const sessionId of await deleteSessionsOfUser(ctx.db, guestId)) {
    ctx.events.emit('session.ended', { sessionId, userId: guestId });
  }
}

/** A claim by its token, or the clear refusal: unknown, used or expired. */
async function openClaim(db: Database, token: string) {
  const claim = await siteClaimByTokenHash(db, hashToken(token));
  if (!claim) throw notFound(CLAIM_MESSAGES.unknown);
  if (claim.used_at) throw gone(CLAIM_MESSAGES.used);
  if (claim.expires_at <= nowIso()) throw gone(CLAIM_MESSAGES.expired);
  return claim;
}

/** What the claim page shows before anyone signs in. */
export async function describeClaim(
  db: Database,
  token: string,
): Promise<{ sites: SiteRow[]; expiresAt: string }> {
  const claim = await openClaim(db, token);
  const sites = await unexpiredGuestSites(db, claim.guest_user_id, nowIso());
  if (sites.length === 0) throw gone(CLAIM_MESSAGES.nothingLeft);
  return { sites, expiresAt: claim.expires_at };
}

/**
 * A claim link opened by a signed-in account, or the pick dialog's choice. Without `siteIds`
 * every site of the claim moves when they fit, and nothing moves (the answer lists them to pick
 * from) when they do not. With `siteIds` exactly those move, refused beyond the plan. Moving
 * spends the claim, in the same transaction, so a failed claim can be tried again.
 */
export async function claimWithToken(
  ctx: AppContext,
  user: UserRow,
  token: string,
  siteIds: string[] | undefined,
): Promise<ClaimOutcome> {
  authorize(user, 'sites.claim');
  const claim = await openClaim(ctx.db, token);
  const outcome = await ctx.db.transaction().execute(async (trx): Promise<ClaimOutcome> => {
    const now = nowIso();
    const sites = await unexpiredGuestSites(trx, claim.guest_user_id, now);
    if (sites.length === 0) throw gone(CLAIM_MESSAGES.nothingLeft);
    // The room is counted under the account's lock, as a new site's deploy counts it.
    await lockUser(trx, user.id);
    const { plan, room } = await roomFor(ctx, trx, user, now);
    const chosen = siteIds ? pick(sites, siteIds) : sites;
    if (room !== null && chosen.length > room) {
      if (!siteIds)
        return { moved: [], claimable: sites, maxClaimable: room, plan, claimToken: token };
      const max = maxSitesFor(plan) ?? 0;
      throw planLimitReached({ plan, currentCount: max - room, maxAllowed: max });
    }
    if (!(await markSiteClaimUsed(trx, claim.token_hash, user.id, now))) {
      throw gone(CLAIM_MESSAGES.used);
    }
    const ids = chosen.map((s) => s.id);
    const moved = await moveSitesToUser(trx, ids, claim.guest_user_id, user.id, now);
    // Rolls the whole claim back: a site that changed hands meanwhile moves nobody's sites.
    if (moved.length !== ids.length) throw conflict(CLAIM_MESSAGES.notClaimable);
    return { moved, claimable: [], maxClaimable: room, plan, claimToken: null };
  });
  announce(ctx, outcome.moved, claim.guest_user_id);
  return outcome;
}

/** The chosen sites, each one of the claim's; another guest's id is refused, not skipped. */
function pick(sites: SiteRow[], siteIds: string[]): SiteRow[] {
  const unique = [...new Set(siteIds)];
  const chosen = sites.filter((s) => unique.includes(s.id));
  if (chosen.length !== unique.length) throw badRequest(CLAIM_MESSAGES.notClaimable);
  return chosen;
}

/** A claim link for a guest made behind a session-less API deploy: valid a day, single use. */
export async function claimLinkFor(
  ctx: Pick<AppContext, 'db' | 'config'>,
  guestId: string,
): Promise<{ url: string; expiresAt: string }> {
  const expiresAt = nowIso(Date.now() + CLAIM_LINK_TTL_MS);
  const token = await newClaimToken(ctx.db, guestId, expiresAt);
  return { url: `${ctx.config.appOrigin}/claim/${token}`, expiresAt };
}
