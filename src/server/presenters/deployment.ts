import type { Deployment } from '../../shared/deployment';
import type { DeploymentUpdateEvent } from '../../shared/events';
import type { Config } from '../config';
import { siteUrl } from '../lib/urls';
import type { DeploymentRow, SiteRow } from '../db/schema';

export function logLines(row: Pick<DeploymentRow, 'build_logs'>): string[] {
  return row.build_logs ? row.build_logs.split('\n') : [];
}

export function presentDeployment(
  config: Config,
  row: DeploymentRow,
  site: Pick<SiteRow, 'id' | 'name' | 'subdomain' | 'current_deployment_id'>,
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
    createdAt: row.created_at,
    deployedAt: row.deployed_at,
    site: {
      id: site.id,
      name: site.name,
      subdomain: site.subdomain,
      url: siteUrl(config, site.subdomain),
    },
  };
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
