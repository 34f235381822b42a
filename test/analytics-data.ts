import { randomUUID } from 'node:crypto';
import type { Database } from '../src/server/db/database';
import type { DeploymentStatus } from '../src/shared/deployment';
import type { PlanName } from '../src/shared/plans';
import type { SiteStatus } from '../src/shared/site';

// Known analytics data written straight into the tables, so tests can state exact answers.

export const DAY_MS = 86_400_000;
/** The UTC day `ago` days before `now`. */
export const dayAgo = (ago: number, now = Date.now()) =>
  new Date(now - ago * DAY_MS).toISOString().slice(0, 10);

export async function insertUser(
  db: Database,
  input: { email?: string; plan?: PlanName; guest?: boolean; emailVerified?: boolean } = {},
): Promise<string> {
  const id = randomUUID();
  const now = new Date().toISOString();
  await db
    .insertInto('users')
    .values({
      id,
      email: input.email ?? `${id}@example.com`,
      name: null,
      password_hash: null,
      plan: input.plan ?? 'FREE',
      is_guest: input.guest ? 1 : 0,
      email_verified: input.emailVerified ? 1 : 0,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

export async function insertSite(
  db: Database,
  userId: string,
  input: { name: string; status?: SiteStatus; views?: number },
): Promise<string> {
  const id = randomUUID();
  const now = new Date().toISOString();
  await db
    .insertInto('sites')
    .values({
      id,
      user_id: userId,
      name: input.name,
      subdomain: `${input.name}-${id.slice(0, 6)}`,
      status: input.status ?? 'ACTIVE',
      views: input.views ?? 0,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

/** A deployment queued `agoMs` before now that took `tookMs` to finish (null: not finished). */
export async function insertDeployment(
  db: Database,
  siteId: string,
  input: { version: number; status: DeploymentStatus; agoMs: number; tookMs: number | null },
  now = Date.now(),
): Promise<string> {
  const id = randomUUID();
  const created = now - input.agoMs;
  await db
    .insertInto('deployments')
    .values({
      id,
      site_id: siteId,
      version: input.version,
      status: input.status,
      progress: input.status === 'SUCCESS' ? 100 : 0,
      message: null,
      error_message: input.status === 'FAILED' ? 'broken' : null,
      build_logs: '',
      source_kind: 'html',
      source_name: null,
      source_sha256: 'x'.repeat(64),
      ai_provider: null,
      build_info: null,
      claimed_by: null,
      heartbeat_at: null,
      attempts: 0,
      client_address: null,
      created_at: new Date(created).toISOString(),
      started_at: null,
      deployed_at:
        input.status === 'SUCCESS' && input.tookMs !== null
          ? new Date(created + input.tookMs).toISOString()
          : null,
      finished_at: input.tookMs === null ? null : new Date(created + input.tookMs).toISOString(),
    })
    .execute();
  return id;
}

/** One day of a site: totals, and the views of its pages and referrers. */
export async function insertDay(
  db: Database,
  siteId: string,
  day: string,
  input: {
    views: number;
    visitors: number;
    pages?: Record<string, number>;
    referrers?: Record<string, number>;
  },
): Promise<void> {
  await db
    .insertInto('site_views_daily')
    .values({ site_id: siteId, day, views: input.views, visitors: input.visitors })
    .execute();
  for (const [path, views] of Object.entries(input.pages ?? {})) {
    await db.insertInto('site_pages_daily').values({ site_id: siteId, day, path, views }).execute();
  }
  for (const [referrer, views] of Object.entries(input.referrers ?? {})) {
    await db
      .insertInto('site_referrers_daily')
      .values({ site_id: siteId, day, referrer, views })
      .execute();
  }
}
