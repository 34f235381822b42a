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
    customDomain: row.custom_domain,
    customDomainStatus: row.custom_domain ? row.custom_domain_status : null,
    sslStatus: row.custom_domain ? row.ssl_status : null,
    sslExpiresAt: row.custom_domain ? row.ssl_expires_at : null,
    status: siteStatus(row),
    views: Number(row.views),
    currentDeploymentId: row.current_deployment_id,
    expiresAt: row.expires_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
