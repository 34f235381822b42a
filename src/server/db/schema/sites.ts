import type { Generated, Selectable } from 'kysely';
import type { DomainStatus, SiteStatus, SslStatus } from '../../../shared/site';
import type { SiteBrandingColumns } from './site-branding';

// Sites, the links that hand a guest's sites to an account, and window.storage data.

export interface SitesTable extends SiteBrandingColumns {
  /** Who may frame the site (migration 032): null anyone, else CSP origins, '' nobody. */
  embed_origins: Generated<string | null>;
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
  /** 1: each successful version answers at v{N}--{subdomain} (migration 031); 0: turned off. */
  version_links_enabled: Generated<number>;
  /** The live version's link preview (migration 034), copied when the live version changes. */
  preview_sha256: Generated<string | null>;
  /** Private sites (migration 033): the password's scrypt hash; null while the site is public. */
  access_password_hash: Generated<string | null>;
  /** Bumped at every password change or removal: cookies signed for another generation fail. */
  access_generation: Generated<number>;
  /** The live share links' ids, space-separated: hosting checks a share cookie against them. */
  access_share_ids: Generated<string>;
  /** Remix (migration 035): 1 when visitors may copy the source into a site of their own. */
  remix_allowed: Generated<number>;
  /** How many remixes were made of this site (deleted ones too: a count of events). */
  remix_count: Generated<number>;
  /** On a remix: the site it was copied from; null once that site is deleted. */
  remixed_from_site_id: Generated<string | null>;
  /** That site's subdomain, for the link to it without a join. */
  remixed_from_subdomain: Generated<string | null>;
}

/** A share link of a private site (migration 033): only its token's hash is kept. */
export interface SiteShareLinksTable {
  id: string;
  site_id: string;
  token_hash: string;
  label: string;
  created_by: string | null;
  created_at: string;
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
export type SiteShareLinkRow = Selectable<SiteShareLinksTable>;
