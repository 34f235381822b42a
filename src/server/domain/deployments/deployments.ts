import type { AiProvider } from '../../../shared/deployment';
import { GUEST_SITE_TTL_MS } from '../../../shared/plans';
import { checkSubdomain } from '../../../shared/subdomain';
import type { SourceKind } from '../../../builder/types';
import type { AppContext } from '../../context';
import { NO_BRANDING } from '../../db/schema/site-branding';
import {
  deploymentById,
  failPendingOfSite,
  insertDeployment,
  latestDeploymentOfSite,
  countQueued,
  nextVersionOfSite,
  updateDeployment,
  type DeploymentWithAuthor,
} from '../../db/queries/deployments';
import { insertSite, setLiveDeployment, siteById, siteBySubdomain } from '../../db/queries/sites';
import { lockUser } from '../../db/queries/users';
import { isUniqueViolation } from '../../db/errors';
import type { DeploymentRow, SiteRow, TeamRow, UserRow } from '../../db/schema';
import { badRequest, conflict, tooManyRequests } from '../../errors';
import type { DeploymentState } from '../../events';
import { newId, nowIso } from '../../lib/ids';
import { releaseBlobHold, storeHeldBlob } from '../blobs';
import { NO_CUSTOM_DOMAIN } from '../domains/custom-domain-checks';
import { isExpired } from '../sites/expiry';
import { assertCanCreateSite, assertWithinStorageQuota } from '../billing/plans';
import { assertMayDeploy, authorize, can, withMembership } from '../policy';
import { payerOf, recordTeamDeploy, teamForNewSite } from '../teams/team-sites';
import {
  changeSiteStatus,
  STATUS_WITH_LIVE_VERSION,
  statusAfterFailure,
} from '../sites/site-status';
import { deleteSite } from '../sites/sites';
import { announceSiteChanged } from '../sites/site-changed';

export interface DeploySource {
  kind: SourceKind;
  bytes: Uint8Array;
  name: string | null;
}

/** The site a remix is copied from (domain/sites/remixes.ts). */
export interface RemixOrigin {
  siteId: string;
  subdomain: string;
}

export interface Started {
  site: SiteRow;
  deployment: DeploymentWithAuthor;
}

export const TAKEN = 'This subdomain is already taken. Please choose another.';
export const REPLACED = 'Replaced by a newer deployment';
export const WAITING = 'Waiting for deployment to start...';
/**
 * Deployments one owner may have waiting at once (each site waits with one at most). More
 * than anyone deploys by hand, and the demo seed's eight fit; beyond it, the queue is flooded.
 */
export const MAX_QUEUED_PER_OWNER = 10;
/**
 * Deployments one client address may have waiting across all the accounts it holds (guests
 * are accounts too): a household or an office of a few people, not a crowd of new guests.
 */
export const MAX_QUEUED_PER_ADDRESS = 3 * MAX_QUEUED_PER_OWNER;

/** What a deployment's watchers are told; the realtime part presents it. */
export function deploymentState(row: DeploymentRow): DeploymentState {
  return {
    id: row.id,
    site_id: row.site_id,
    status: row.status,
    progress: row.progress,
    message: row.message,
    build_logs: row.build_logs,
    error_message: row.error_message,
    deployed_at: row.deployed_at,
  };
}

/**
 * Finds the site a deploy goes to: the user's own (a new version) or a new one within the
 * plan. An expired guest site frees its subdomain for whoever asks next.
 */
async function siteForDeploy(
  ctx: AppContext,
  user: UserRow,
  subdomain: string,
  team: TeamRow | null,
  remixOf: RemixOrigin | null,
): Promise<{ site: SiteRow; created: boolean }> {
  const found = await siteBySubdomain(ctx.db, subdomain);
  // A remix is always a new site: it never becomes the next version of one of the asker's.
  if (found && !isExpired(found) && remixOf) throw conflict(TAKEN);
  if (found && !isExpired(found)) {
    const existing = await withMembership(ctx.db, user, found);
    if (!can(user, 'sites.view', existing)) throw conflict(TAKEN);
    authorize(user, 'sites.deploy', existing);
    return { site: existing, created: false };
  }
  const existing = found;
  if (existing) await deleteSite(ctx, existing);
  const now = Date.now();
  const site: SiteRow = {
    id: newId(),
    // A team site is its owner's to pay for: every count of a plan reads `user_id`.
    user_id: team ? team.owner_id : user.id,
    team_id: team ? team.id : null,
    name: subdomain,
    subdomain,
    status: 'PENDING',
    views: 0,
    current_deployment_id: null,
    expires_at: user.is_guest ? nowIso(now + GUEST_SITE_TTL_MS) : null,
    created_at: nowIso(now),
    updated_at: nowIso(now),
    disabled_at: null,
    disabled_reason: null,
    version_links_enabled: 1,
    access_password_hash: null,
    access_generation: 0,
    access_share_ids: '',
    preview_sha256: null,
    ...NO_CUSTOM_DOMAIN,
    ...NO_BRANDING,
    // Framing is allowed until the owner lists who may.
    embed_origins: null,
    // Remixing is the owner's choice, never inherited from the site a remix came from.
    remix_allowed: 0,
    remix_count: 0,
    remixed_from_site_id: remixOf?.siteId ?? null,
    remixed_from_subdomain: remixOf?.subdomain ?? null,
  };
  try {
    // Count and insert under the account's lock: concurrent deploys of new sites take the
    // plan's last place once.
    await ctx.db.transaction().execute(async (trx) => {
      await lockUser(trx, site.user_id);
      await assertCanCreateSite(trx, ctx.config, team ? await payerOf(trx, team) : user);
      await insertSite(trx, site);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(TAKEN);
    throw err;
  }
  return { site, created: true };
}

/**
 * Refuses a deploy that would put one more build beyond the owner's cap, or beyond the cap of
 * the address it comes from (null: the demo seed, asked by nobody).
 */
async function assertMayQueueBuild(
  ctx: AppContext,
  userId: string,
  subdomain: string,
  clientAddress: string | null,
): Promise<void> {
  const retryAfter = Math.ceil(ctx.config.buildTimeoutMs / 1000);
  // The site's own waiting build does not count: a new version replaces it.
  const queued = await countQueued(ctx.db, { userId }, subdomain);
  if (queued >= MAX_QUEUED_PER_OWNER) {
    throw tooManyRequests(
      `You already have ${queued} deployments waiting to build. Please wait until one has finished, then deploy again.`,
      retryAfter,
    );
  }
  if (clientAddress === null) return;
  const fromAddress = await countQueued(ctx.db, { clientAddress }, subdomain);
  if (fromAddress >= MAX_QUEUED_PER_ADDRESS) {
    throw tooManyRequests(
      `Your network already has ${fromAddress} deployments waiting to build. Please wait until some have finished, then deploy again.`,
      retryAfter,
    );
  }
}

/** Queues a build: the deployments table is the queue; every worker hears 'deployment.queued'. */
export async function enqueueDeployment(
  ctx: AppContext,
  site: SiteRow,
  source: {
    kind: SourceKind;
    sha256: string;
    name: string | null;
    aiProvider: AiProvider | null;
    clientAddress: string | null;
    /** Who asked for this version; null for the seed and the machinery. */
    deployedBy: Pick<UserRow, 'id' | 'name' | 'email'> | null;
  },
): Promise<DeploymentWithAuthor> {
  const { deployment, replaced } = await ctx.db.transaction().execute(async (trx) => {
    const row: DeploymentRow = {
      id: newId(),
      site_id: site.id,
      version: await nextVersionOfSite(trx, site.id),
      status: 'PENDING',
      progress: 0,
      message: WAITING,
      error_message: null,
      build_logs: '',
      source_kind: source.kind,
      source_name: source.name,
      source_sha256: source.sha256,
      ai_provider: source.aiProvider,
      build_info: null,
      claimed_by: null,
      heartbeat_at: null,
      attempts: 0,
      client_address: source.clientAddress,
      deployed_by: source.deployedBy?.id ?? null,
      preview_sha256: null,
      preview_kind: null,
      preview_claimed_at: null,
      created_at: nowIso(),
      started_at: null,
      deployed_at: null,
      finished_at: null,
    };
    // A newer source for the same site makes an older queued one pointless.
    const replaced = await failPendingOfSite(trx, site.id, REPLACED);
    await insertDeployment(trx, row);
    return { deployment: row, replaced };
  });
  for (const old of replaced) {
    ctx.events.emit('deployment.finished', {
      deployment: deploymentState(old),
      userId: site.user_id,
    });
  }
  ctx.events.emit('deployment.queued', {
    deployment: deploymentState(deployment),
    userId: site.user_id,
  });
  const by = source.deployedBy;
  return { ...deployment, deployed_by_name: by ? (by.name ?? by.email) : null };
}

/** POST deploy/code and deploy/file: subdomain → site → source blob → queued deployment. */
export async function startDeployment(
  ctx: AppContext,
  user: UserRow,
  input: {
    subdomain: string;
    source: DeploySource;
    aiProvider: AiProvider | null;
    /** Where the deploy comes from; null for the demo seed. */
    clientAddress: string | null;
    /** The team a new site goes to; a site that exists stays where it is. */
    teamId?: string | null;
    /** Set for a remix: the deploy must make a new site, which records where it came from. */
    remixOf?: RemixOrigin;
  },
): Promise<Started> {
  const check = checkSubdomain(input.subdomain);
  if (!check.ok) throw badRequest(check.message);
  assertMayDeploy(user);
  const found = await siteBySubdomain(ctx.db, check.subdomain);
  // The team matters only to a new site: a new version stays where its site is.
  const isNew = !found || isExpired(found);
  const team = input.teamId && isNew ? await teamForNewSite(ctx, user, input.teamId) : null;
  const existing = found && (await withMembership(ctx.db, user, found));
  if (existing && can(user, 'sites.deploy', existing)) assertMayDeploy(user, existing);
  await assertMayQueueBuild(ctx, user.id, check.subdomain, input.clientAddress);
  const payer = team ? await payerOf(ctx.db, team) : user;
  await assertWithinStorageQuota(ctx.db, ctx.config, payer, input.source.bytes.byteLength);
  const { site, created } = await siteForDeploy(
    ctx,
    user,
    check.subdomain,
    team,
    input.remixOf ?? null,
  );
  let stored: Awaited<ReturnType<typeof storeHeldBlob>>;
  try {
    stored = await storeHeldBlob(ctx.db, ctx.blobs, input.source.bytes);
  } catch (err) {
    // A full disk must not leave an empty site behind.
    if (created) await deleteSite(ctx, site);
    throw err;
  }
  const deployment = await enqueueDeployment(ctx, site, {
    kind: input.source.kind,
    sha256: stored.sha256,
    name: input.source.name,
    aiProvider: input.aiProvider,
    clientAddress: input.clientAddress,
    deployedBy: user,
  });
  if (site.team_id) await recordTeamDeploy(ctx.db, site, user, deployment.version);
  // The deployment now refers to its source: deleting the site deletes the source with it.
  await releaseBlobHold(ctx.db, stored);
  if (created) {
    ctx.events.emit('user.sites-changed', {
      userId: user.id,
      teamId: site.team_id,
      siteId: site.id,
      change: 'site-created',
    });
  }
  return { site, deployment };
}

/** Builds the stored source of the live version (or the latest one) again. */
export async function redeploySite(
  ctx: AppContext,
  site: SiteRow,
  clientAddress: string,
  deployedBy: UserRow | null = null,
): Promise<DeploymentWithAuthor> {
  const base =
    (site.current_deployment_id && (await deploymentById(ctx.db, site.current_deployment_id))) ||
    (await latestDeploymentOfSite(ctx.db, site.id));
  if (!base) throw badRequest('This site has nothing to redeploy yet.');
  assertMayDeploy({ suspended_at: null, suspended_reason: null }, site);
  await assertMayQueueBuild(ctx, site.user_id, site.subdomain, clientAddress);
  return enqueueDeployment(ctx, site, {
    kind: base.source_kind,
    sha256: base.source_sha256,
    name: base.source_name,
    aiProvider: base.ai_provider,
    clientAddress,
    deployedBy,
  });
}

/** A claimed build has begun: the site shows it is building. */
export async function beginBuild(ctx: AppContext, site: SiteRow): Promise<void> {
  await changeSiteStatus(ctx, site, 'BUILDING');
}

/**
 * A build's files are stored: the deployment succeeds and becomes the live version in one
 * transaction, so a visitor sees either the old version or the new one, never a mix.
 */
export async function publishDeployment(
  ctx: AppContext,
  site: SiteRow,
  deploymentId: string,
  done: { buildLogs: string; buildInfo: string },
): Promise<void> {
  const now = nowIso();
  const row = await ctx.db.transaction().execute(async (trx) => {
    const updated = await updateDeployment(trx, deploymentId, {
      status: 'SUCCESS',
      progress: 100,
      message: 'Deployed successfully!',
      error_message: null,
      build_logs: done.buildLogs,
      build_info: done.buildInfo,
      deployed_at: now,
      finished_at: now,
    });
    if (updated) await setLiveDeployment(trx, site.id, updated.id, STATUS_WITH_LIVE_VERSION);
    return updated;
  });
  if (!row) return; // the site was deleted during the build
  // Site first: by the time anyone hears SUCCESS, every node has dropped the old version.
  announceSiteChanged(ctx, site, STATUS_WITH_LIVE_VERSION);
  ctx.events.emit('deployment.finished', {
    deployment: deploymentState(row),
    userId: site.user_id,
  });
}

/** A build failed: the deployment says why, and the site keeps serving what it served. */
export async function failDeployment(
  ctx: AppContext,
  site: SiteRow,
  deploymentId: string,
  failed: { buildLogs: string; errorMessage: string },
): Promise<void> {
  const row = await updateDeployment(ctx.db, deploymentId, {
    status: 'FAILED',
    message: 'Deployment failed',
    error_message: failed.errorMessage,
    build_logs: failed.buildLogs,
    finished_at: nowIso(),
  });
  if (!row) return;
  ctx.events.emit('deployment.finished', {
    deployment: deploymentState(row),
    userId: site.user_id,
  });
  const current = await siteById(ctx.db, site.id);
  if (current) await changeSiteStatus(ctx, current, statusAfterFailure(current));
}
