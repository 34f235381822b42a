import { siteUrl, type Config } from '../../../config';
import type { Database } from '../../../db/database';
import type { UserRow } from '../../../db/schema';
import { notFound } from '../../../errors';

export interface SiteCheck {
  name: string;
  ok: boolean;
  detail: string;
}

/**
 * What /debug shows for one of the asker's sites. Another user's site, or a missing one, is
 * the same 404 as everywhere else, so the page can't be used to probe for site ids.
 */
export async function checkOwnedSite(db: Database, config: Config, user: UserRow, siteId: string) {
  const site = await db
    .selectFrom('sites')
    .selectAll()
    .where('id', '=', siteId)
    .where('user_id', '=', user.id)
    .executeTakeFirst();
  if (!site) throw notFound('Site not found');

  const deployments = await db
    .selectFrom('deployments')
    .select(['id', 'version', 'status', 'progress', 'error_message', 'created_at', 'deployed_at'])
    .where('site_id', '=', site.id)
    .orderBy('version', 'desc')
    .execute();
  const latest = deployments[0] ?? null;
  const files = site.current_deployment_id
    ? await db
        .selectFrom('deployment_files')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('deployment_id', '=', site.current_deployment_id)
        .executeTakeFirst()
    : undefined;
  const fileCount = Number(files?.count ?? 0);
  const expired = site.expires_at !== null && site.expires_at <= new Date().toISOString();

  const checks: SiteCheck[] = [
    { name: 'Owned by you', ok: true, detail: user.email },
    {
      name: 'Live deployment',
      ok: site.current_deployment_id !== null,
      detail: site.current_deployment_id ?? 'No deployment has succeeded yet',
    },
    { name: 'Published files', ok: fileCount > 0, detail: `${fileCount} files` },
    {
      name: 'Latest deployment',
      ok: latest?.status !== 'FAILED',
      detail: latest
        ? `v${latest.version} ${latest.status}${latest.error_message ? `: ${latest.error_message}` : ''}`
        : 'No deployments',
    },
    {
      name: 'Not expired',
      ok: !expired,
      detail: site.expires_at ? `Guest site, expires ${site.expires_at}` : 'Does not expire',
    },
  ];

  return {
    ok: checks.every((c) => c.ok),
    checkedAt: new Date().toISOString(),
    site: {
      id: site.id,
      name: site.name,
      subdomain: site.subdomain,
      url: siteUrl(config, site.subdomain),
      status: site.status,
      views: site.views,
      currentDeploymentId: site.current_deployment_id,
      expiresAt: site.expires_at,
      createdAt: site.created_at,
    },
    deployments: {
      total: deployments.length,
      latest: latest && {
        id: latest.id,
        version: latest.version,
        status: latest.status,
        progress: latest.progress,
        errorMessage: latest.error_message,
        createdAt: latest.created_at,
        deployedAt: latest.deployed_at,
      },
    },
    checks,
  };
}
