import { previewUrlOf } from '../../shared/link-previews';
import type { Site, SiteStatus } from '../../shared/site';
import type { Config } from '../config';
import { customDomainUrl, siteUrl } from '../lib/urls';
import type { SiteRow } from '../db/schema';
import { releaseAtOf } from '../domain/domains/custom-domain-checks';
import { instructionsFor } from '../domain/domains/custom-domain-records';
import { shownStatus } from '../domain/sites/site-status';
import { embedOriginsOf } from '../domain/sites/site-embedding';
import { presentBranding } from './site-branding';

export function siteStatus(row: SiteRow): SiteStatus {
  return shownStatus(row);
}

export function presentSite(config: Config, row: SiteRow): Site {
  return {
    id: row.id,
    name: row.name,
    subdomain: row.subdomain,
    url: siteUrl(config, row.subdomain),
    versionLinks: row.version_links_enabled === 1,
    private: (row.access_password_hash ?? null) !== null,
    customDomain: row.custom_domain,
    customDomainStatus: row.custom_domain ? row.custom_domain_status : null,
    customDomainUrl:
      row.custom_domain && row.custom_domain_status === 'VERIFIED'
        ? customDomainUrl(config, row.custom_domain, row.ssl_status === 'ACTIVE')
        : null,
    sslStatus: row.custom_domain ? row.ssl_status : null,
    sslExpiresAt: row.custom_domain ? row.ssl_expires_at : null,
    domainMessage: row.custom_domain ? row.domain_message : null,
    domainInstructions:
      row.custom_domain && row.custom_domain_status !== 'VERIFIED'
        ? instructionsFor(config, row, row.custom_domain).instructions
        : null,
    domainReleaseAt: releaseAtOf(row),
    sslMessage: row.custom_domain ? row.ssl_message : null,
    status: siteStatus(row),
    disabledReason: row.disabled_at ? (row.disabled_reason ?? 'No reason was given') : null,
    views: Number(row.views),
    currentDeploymentId: row.current_deployment_id,
    expiresAt: row.expires_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    branding: presentBranding(config, row),
    embedding: { allowedOrigins: embedOriginsOf(row) },
    remix: {
      allowed: row.remix_allowed === 1,
      count: Number(row.remix_count ?? 0),
      from:
        row.remixed_from_site_id && row.remixed_from_subdomain
          ? {
              siteId: row.remixed_from_site_id,
              url: siteUrl(config, row.remixed_from_subdomain),
            }
          : null,
    },
    teamId: row.team_id,
    previewUrl: row.preview_sha256
      ? previewUrlOf(siteUrl(config, row.subdomain), row.preview_sha256)
      : null,
  };
}
