import type { AiProvider } from '../../shared/deployment';
import { GUEST_SITE_TTL_MS } from '../../shared/plans';
import { checkSubdomain } from '../../shared/subdomain';
import type { AppContext } from '../context';
import type { Database } from '../db/database';
import type { DeploymentRow, SiteRow, UserRow } from '../db/schema';
import { badRequest, conflict, notFound } from '../errors';
import { presentDeploymentEvent } from '../presenters/deployment';
import { isExpired } from '../presenters/site';
import { storeBlob } from '../storage/blobs';
import { assertCanCreateSite, deleteSite } from './sites';
import { newId, nowIso } from './tokens';

export type SourceKind = 'code' | 'html' | 'zip';

export interface DeploySource {
  kind: SourceKind;
  bytes: Uint8Array;
  name: string | null;
}

export interface Started {
  site: SiteRow;
  deployment: DeploymentRow;
}

export const TAKEN = 'This subdomain is already taken. Please choose another.';
export const REPLACED = 'Replaced by a newer deployment';

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  return e.code === '23505' || /UNIQUE constraint failed/i.test(e.message ?? '');
}

/**
 * Finds the site a deploy goes to: the user's own (a new version) or a new one within the
 * plan. An expired guest site frees its subdomain for whoever asks next.
 */
async function siteForDeploy(
  ctx: AppContext,
  user: UserRow,
  subdomain: string,
): Promise<{ site: SiteRow; created: boolean }> {
  const existing = await ctx.db
    .selectFrom('sites')
    .selectAll()
    .where('subdomain', '=', subdomain)
    .executeTakeFirst();
  if (existing && !isExpired(existing)) {
    if (existing.user_id !== user.id) throw conflict(TAKEN);
    return { site: existing, created: false };
  }
  if (existing) await deleteSite(ctx, existing);
  await assertCanCreateSite(ctx.db, user);
  const now = Date.now();
  const site: SiteRow = {
    id: newId(),
    user_id: user.id,
    name: subdomain,
    subdomain,
    status: 'PENDING',
    views: 0,
    current_deployment_id: null,
    expires_at: user.is_guest ? nowIso(now + GUEST_SITE_TTL_MS) : null,
    created_at: nowIso(now),
    updated_at: nowIso(now),
  };
  try {
    await ctx.db.insertInto('sites').values(site).execute();
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(TAKEN);
    throw err;
  }
  return { site, created: true };
}

/** Queues a build: the deployments table is the queue; the worker is woken at once. */
export async function enqueueDeployment(
  ctx: AppContext,
  site: SiteRow,
  source: { kind: string; sha256: string; name: string | null; aiProvider: string | null },
): Promise<DeploymentRow> {
  const now = nowIso();
  const { deployment, replaced } = await ctx.db.transaction().execute(async (trx) => {
    const { max } = await trx
      .selectFrom('deployments')
      .select((eb) => eb.fn.max<number | null>('version').as('max'))
      .where('site_id', '=', site.id)
      .executeTakeFirstOrThrow();
    const row: DeploymentRow = {
      id: newId(),
      site_id: site.id,
      version: Number(max ?? 0) + 1,
      status: 'PENDING',
      progress: 0,
      message: 'Waiting for deployment to start...',
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
      created_at: now,
      started_at: null,
      deployed_at: null,
      finished_at: null,
    };
    // A newer source for the same site makes an older queued one pointless.
    const replaced = await trx
      .updateTable('deployments')
      .set({ status: 'FAILED', error_message: REPLACED, message: REPLACED, finished_at: now })
      .where('site_id', '=', site.id)
      .where('status', '=', 'PENDING')
      .returningAll()
      .execute();
    await trx.insertInto('deployments').values(row).execute();
    return { deployment: row, replaced };
  });
  const to = { userId: site.user_id, siteId: site.id };
  for (const old of replaced) ctx.realtime?.deployment(presentDeploymentEvent(old), to);
  ctx.realtime?.deployment(presentDeploymentEvent(deployment), to);
  ctx.wakePipeline?.();
  return deployment;
}

/** POST deploy/code and deploy/file: subdomain → site → source blob → queued deployment. */
export async function startDeployment(
  ctx: AppContext,
  user: UserRow,
  input: { subdomain: string; source: DeploySource; aiProvider: AiProvider | null },
): Promise<Started> {
  const check = checkSubdomain(input.subdomain);
  if (!check.ok) throw badRequest(check.message);
  if (!ctx.blobs) throw new Error('no blob store configured');
  const { site, created } = await siteForDeploy(ctx, user, check.subdomain);
  const sha256 = await storeBlob(ctx.db, ctx.blobs, input.source.bytes);
  const deployment = await enqueueDeployment(ctx, site, {
    kind: input.source.kind,
    sha256,
    name: input.source.name,
    aiProvider: input.aiProvider,
  });
  if (created) ctx.realtime?.user({ type: 'site-created', siteId: site.id }, user.id);
  return { site, deployment };
}

/** Builds the stored source of the live version (or the latest one) again. */
export async function redeploySite(ctx: AppContext, site: SiteRow): Promise<DeploymentRow> {
  const base =
    (site.current_deployment_id &&
      (await ctx.db
        .selectFrom('deployments')
        .selectAll()
        .where('id', '=', site.current_deployment_id)
        .executeTakeFirst())) ||
    (await ctx.db
      .selectFrom('deployments')
      .selectAll()
      .where('site_id', '=', site.id)
      .orderBy('version', 'desc')
      .executeTakeFirst());
  if (!base) throw badRequest('This site has nothing to redeploy yet.');
  return enqueueDeployment(ctx, site, {
    kind: base.source_kind,
    sha256: base.source_sha256,
    name: base.source_name,
    aiProvider: base.ai_provider,
  });
}

/** A deployment of one of the user's sites, with its site; anybody else's is missing. */
export async function getOwnedDeployment(
  db: Database,
  user: UserRow,
  deploymentId: string,
): Promise<{ deployment: DeploymentRow; site: SiteRow }> {
  const deployment = await db
    .selectFrom('deployments')
    .selectAll()
    .where('id', '=', deploymentId)
    .executeTakeFirst();
  const site =
    deployment &&
    (await db
      .selectFrom('sites')
      .selectAll()
      .where('id', '=', deployment.site_id)
      .where('user_id', '=', user.id)
      .executeTakeFirst());
  if (!deployment || !site) throw notFound('Deployment not found');
  return { deployment, site };
}
