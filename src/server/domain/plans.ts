import type { PlanName } from '../../shared/plans';
import {
  includesCustomDomains,
  includesWhiteLabel,
  isOverSiteLimit,
  maxSitesFor,
  PLANS,
} from '../../shared/plans';
import type { Config } from '../config';
import { storedBytesOfUser } from '../db/queries/blobs';
import { countCustomDomainsOfUser, countUnexpiredSitesOfUser } from '../db/queries/sites';
import type { Database } from '../db/database';
import type { UserRow } from '../db/schema';
import {
  customDomainsNotInPlan,
  payloadTooLarge,
  planLimitReached,
  storageQuotaReached,
} from '../errors';
import { nowIso } from '../lib/ids';

/**
 * The plan that governs a user: the installation's admin emails are ADMIN, guests count as
 * FREE, everyone else has the plan stored with their account. An address grants ADMIN only
 * once it is proven: anyone can type an admin's address at sign-up. A stored ADMIN (given by
 * the address at an earlier sign-in) counts as FREE while the address is unproven, for the
 * same reason.
 */
export function planOf(
  config: Config,
  user: Pick<UserRow, 'email' | 'plan' | 'is_guest' | 'email_verified'>,
): PlanName {
  if (user.is_guest) return 'FREE';
  const proven = user.email_verified === 1;
  if (proven && config.adminEmails.has(user.email)) return 'ADMIN';
  if (user.plan === 'ADMIN' && !proven) return 'FREE';
  return user.plan;
}

/** Refuses one more site beyond the plan, with what the upgrade dialog needs. */
export async function assertCanCreateSite(
  db: Database,
  config: Config,
  user: UserRow,
): Promise<void> {
  const plan = planOf(config, user);
  const maxAllowed = maxSitesFor(plan);
  if (maxAllowed === null) return;
  const currentCount = await countUnexpiredSitesOfUser(db, user.id, nowIso());
  if (isOverSiteLimit(plan, currentCount)) {
    throw planLimitReached({ plan, currentCount, maxAllowed });
  }
}

/** Refuses custom domains to FREE users and guests, with what the upgrade dialog needs. */
export async function assertMayUseCustomDomains(
  db: Database,
  config: Config,
  user: UserRow,
): Promise<void> {
  const plan = planOf(config, user);
  if (includesCustomDomains(plan)) return;
  const currentCount = await countCustomDomainsOfUser(db, user.id);
  throw customDomainsNotInPlan({ plan, currentCount, maxAllowed: 0 }, Boolean(user.is_guest));
}

/**
 * Whether the user's sites may be white-labelled: Pro and ADMIN. The one place this is decided;
 * hosting asks it at serve time too, so a downgraded owner's sites lose white-label at once.
 */
export function mayWhiteLabel(
  config: Config,
  user: Pick<UserRow, 'email' | 'plan' | 'is_guest' | 'email_verified'>,
): boolean {
  return includesWhiteLabel(planOf(config, user));
}

/** What a plan may keep stored: bytes across the account's deployments, and versions per site. */
export interface StorageAllowance {
  /** null means no quota */
  quotaBytes: number | null;
  /** successful versions kept per site for rollback (the live one is kept besides) */
  keptVersions: number;
}

const MB = 1024 * 1024;

// FREE (and guests) fits a handful of small sites with a few versions each; paid plans grow
// by about ten times a step; ADMIN answers to the operator alone.
export const STORAGE_ALLOWANCES: Record<PlanName, StorageAllowance> = {
  FREE: { quotaBytes: 100 * MB, keptVersions: 5 },
  STARTER: { quotaBytes: 1024 * MB, keptVersions: 10 },
  PRO: { quotaBytes: 10 * 1024 * MB, keptVersions: 25 },
  ADMIN: { quotaBytes: null, keptVersions: 50 },
};

export function storageAllowanceOf(plan: PlanName): StorageAllowance {
  return STORAGE_ALLOWANCES[plan];
}

/**
 * Days of page-view analytics a plan keeps (the daily rows of its sites); null keeps them all.
 * Guests count as FREE. The retention job (jobs/analytics.ts) deletes what is older.
 */
export const ANALYTICS_RETENTION_DAYS: Record<PlanName, number | null> = {
  FREE: 30,
  STARTER: 365,
  PRO: null,
  ADMIN: null,
};

/** "1.5 MB": sizes as the quota messages show them. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < MB) return `${(bytes / 1024).toFixed(1)} KB`;
  if (bytes < 1024 * MB) return `${(bytes / MB).toFixed(1)} MB`;
  return `${(bytes / 1024 / MB).toFixed(1)} GB`;
}

export type StorageVerdict =
  { ok: true } | { ok: false; reason: 'too-large' | 'quota'; message: string; quotaBytes: number };

/** Whether `incomingBytes` more fit beside `usedBytes` on the plan; pure, so it is tested alone. */
export function storageVerdict(
  plan: PlanName,
  usedBytes: number,
  incomingBytes: number,
): StorageVerdict {
  const { quotaBytes, keptVersions } = storageAllowanceOf(plan);
  if (quotaBytes === null) return { ok: true };
  const label = PLANS[plan].label;
  if (incomingBytes > quotaBytes) {
    return {
      ok: false,
      reason: 'too-large',
      quotaBytes,
      message: `This upload is ${formatBytes(incomingBytes)}, more than the ${formatBytes(quotaBytes)} of storage the ${label} plan has in all. Upload something smaller, or upgrade your plan.`,
    };
  }
  if (usedBytes + incomingBytes > quotaBytes) {
    return {
      ok: false,
      reason: 'quota',
      quotaBytes,
      message: `Your deployments use ${formatBytes(usedBytes)} of the ${formatBytes(quotaBytes)} storage quota of the ${label} plan, so this ${formatBytes(incomingBytes)} upload does not fit. Delete sites you no longer need to free space (each site keeps its latest ${keptVersions} versions; older and failed ones are removed automatically), or upgrade your plan.`,
    };
  }
  return { ok: true };
}

/** Refuses a deploy whose source would not fit the account's storage quota: 413 or 507. */
export async function assertWithinStorageQuota(
  db: Database,
  config: Config,
  user: UserRow,
  incomingBytes: number,
): Promise<void> {
  const plan = planOf(config, user);
  if (storageAllowanceOf(plan).quotaBytes === null) return;
  const verdict = storageVerdict(plan, await storedBytesOfUser(db, user.id), incomingBytes);
  if (verdict.ok) return;
  if (verdict.reason === 'too-large') throw payloadTooLarge(verdict.message);
  throw storageQuotaReached(verdict.message, { plan, quotaBytes: verdict.quotaBytes });
}
