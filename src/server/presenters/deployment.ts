import type { Deployment } from '../../shared/deployment';
import { previewUrlOf } from '../../shared/link-previews';
import type { DeploymentUpdateEvent } from '../../shared/events';
import type { Config } from '../config';
import { siteUrl, versionUrl } from '../lib/urls';
import type { DeploymentWithAuthor } from '../db/queries/deployments';
import type { DeploymentRow, SiteRow } from '../db/schema';

export function logLines(row: Pick<DeploymentRow, 'build_logs'>): string[] {
  return row.build_logs ? row.build_logs.split('\n') : [];
}

export function presentDeployment(
  config: Config,
  row: DeploymentWithAuthor,
  site: Pick<SiteRow, 'id' | 'name' | 'subdomain' | 'current_deployment_id'> &
    Partial<Pick<SiteRow, 'version_links_enabled'>>,
): Deployment {
  return {
    id: row.id,
    siteId: row.site_id,
    version: row.version,
    status: row.status,
    progress: row.progress,
    message: row.message,
    logs: logLines(row),
    buildLogs: row.build_logs,
    errorMessage: row.error_message,
    sourceKind: row.source_kind,
    isLive: site.current_deployment_id === row.id,
    // Unknown (a caller without the column) counts as off: no link is shown that may not answer.
    versionUrl:
      row.status === 'SUCCESS' && site.version_links_enabled === 1
        ? versionUrl(config, site.subdomain, row.version)
        : null,
    previewUrl: previewOf(config, row, site),
    createdAt: row.created_at,
    deployedAt: row.deployed_at,
    deployedBy: row.deployed_by ? { id: row.deployed_by, name: row.deployed_by_name ?? '' } : null,
    site: {
      id: site.id,
      name: site.name,
      subdomain: site.subdomain,
      url: siteUrl(config, site.subdomain),
    },
  };
}

/** A version's preview on its own version link, or, with version links off, the live one's. */
function previewOf(
  config: Config,
  row: Pick<DeploymentRow, 'id' | 'status' | 'version' | 'preview_sha256'>,
  site: Pick<SiteRow, 'subdomain' | 'current_deployment_id'> &
    Partial<Pick<SiteRow, 'version_links_enabled'>>,
): string | null {
  const sha = row.status === 'SUCCESS' ? (row.preview_sha256 ?? null) : null;
  if (!sha) return null;
  if (site.version_links_enabled === 1) {
    return previewUrlOf(versionUrl(config, site.subdomain, row.version), sha);
  }
  return site.current_deployment_id === row.id
    ? previewUrlOf(siteUrl(config, site.subdomain), sha)
    : null;
}

/** The socket's deployment-update: the same fields the API shows, cut to the event's shape. */
export function presentDeploymentEvent(
  row: Pick<
    DeploymentRow,
    'id' | 'status' | 'progress' | 'message' | 'build_logs' | 'error_message' | 'deployed_at'
  >,
): DeploymentUpdateEvent {
  return {
    deploymentId: row.id,
    status: row.status,
    progress: row.progress,
    message: row.message,
    logs: logLines(row),
    errorMessage: row.error_message,
    deployedAt: row.deployed_at,
  };
}
