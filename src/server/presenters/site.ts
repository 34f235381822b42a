import type { Site, SiteStatus } from '../../shared/site';
import { siteUrl, type Config } from '../config';
import type { SiteRow } from '../db/schema';
import { isExpired } from '../domain/expiry';

/** An expired guest site no longer serves, whatever its last build said. */
export function siteStatus(row: SiteRow): SiteStatus {
  return isExpired(row) ? 'INACTIVE' : row.status;
}

export function presentSite(config: Config, row: SiteRow): Site {
  return {
    id: row.id,
    name: row.name,
    subdomain: row.subdomain,
    url: siteUrl(config, row.subdomain),
    // Custom domains arrive with their own issue; until then a site has none.
    customDomain: null,
    customDomainStatus: null,
    sslStatus: null,
    sslExpiresAt: null,
    status: siteStatus(row),
    views: Number(row.views),
    currentDeploymentId: row.current_deployment_id,
    expiresAt: row.expires_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
