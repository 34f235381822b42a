import type { Generated, Selectable } from 'kysely';
import type { DomainStatus, SiteStatus, SslStatus } from '../../../shared/site';
import type { SiteBrandingColumns } from './site-branding';

// Sites, the links that hand a guest's sites to an account, and window.storage data.

export interface SitesTable extends SiteBrandingColumns {
  id: string;
  user_id: string;
  name: string;
  subdomain: string;
  status: SiteStatus;
  views: Generated<number>;
  current_deployment_id: string | null;
  expires_at: string | null;
  created_at: string;
  updated_at: string;
  /** lower-cased host name, unique across sites; null: none (domain/domains/custom-domains.ts) */
  custom_domain: string | null;
  custom_domain_status: DomainStatus | null;
  /** what the last DNS check found, in words for the site's owner */
  domain_message: string | null;
  domain_added_at: string | null;
  /** start of the current wait for DNS: PENDING turns FAILED 48 hours after it */
  domain_pending_since: string | null;
  domain_checked_at: string | null;
  /** when the job looks again (backoff while PENDING, daily once VERIFIED) */
  domain_next_check_at: string | null;
  /** consecutive checks that did not find the record */
  domain_failures: Generated<number>;
  /** set when a VERIFIED domain's record was found gone: no certificate renewals until it is back */
  domain_lost_at: string | null;
  ssl_status: SslStatus | null;
  ssl_expires_at: string | null;
  /** Why the certificate is not ACTIVE (yet), in words for the owner. */
  ssl_message: string | null;
  /** When the certificate work looks at this site next (order, retry or renewal); null: never. */
  ssl_next_attempt_at: string | null;
  ssl_failures: Generated<number>;
  /** Set by an operator (migration 015): hosting answers 451, files are kept for review. */
  disabled_at: string | null;
  disabled_reason: string | null;
  /** The team the site belongs to (migration 022); its `user_id` is then the team's owner. */
  team_id: string | null;
}

/** A claim link for a guest's sites (migrations/014_site_claims.ts). */
export interface SiteClaimsTable {
  token_hash: string;
  guest_user_id: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
  /** the account that used it */
  used_by: string | null;
}

export interface SiteStorageTable {
  site_id: string;
  key: string;
  value: string;
  updated_at: string;
}

export type SiteRow = Selectable<SitesTable>;
export type SiteClaimRow = Selectable<SiteClaimsTable>;
