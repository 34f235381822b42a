import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

// Row types of the whole product's schema (migrations/001_initial.ts).
// Times are ISO-8601 UTC strings in both databases, so they sort as text.
// Flags are integers 0/1, since SQLite has no boolean type.

export interface UsersTable {
  id: string;
  email: string;
  name: string | null;
  password_hash: string | null;
  plan: string;
  is_guest: number;
  github_id: string | null;
  google_id: string | null;
  stripe_customer_id: string | null;
  created_at: string;
  updated_at: string;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  token_hash: string;
  expires_at: string;
  created_at: string;
  last_used_at: string;
  user_agent: string | null;
}

export interface LoginFailuresTable {
  /** 'email:<address>' or 'ip:<address>' */
  key: string;
  failures: number;
  window_started_at: string;
  locked_until: string | null;
}

export interface SitesTable {
  id: string;
  user_id: string;
  name: string;
  subdomain: string;
  status: string;
  views: Generated<number>;
  current_deployment_id: string | null;
  expires_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface DeploymentsTable {
  id: string;
  site_id: string;
  version: number;
  status: string;
  progress: number;
  message: string | null;
  error_message: string | null;
  /** newline-separated console lines */
  build_logs: string;
  source_kind: string;
  source_name: string | null;
  source_sha256: string;
  ai_provider: string | null;
  /** JSON: the builder's manifest and recorded package versions */
  build_info: string | null;
  claimed_by: string | null;
  heartbeat_at: string | null;
  attempts: number;
  created_at: string;
  started_at: string | null;
  deployed_at: string | null;
  finished_at: string | null;
}

export interface DeploymentFilesTable {
  deployment_id: string;
  path: string;
  sha256: string;
  size: number;
  content_type: string;
  /** sha-256 of the gzip and brotli variants, when stored */
  gzip_sha256: string | null;
  br_sha256: string | null;
}

export interface BlobsTable {
  sha256: string;
  size: number;
  created_at: string;
}

export interface SiteViewsDailyTable {
  site_id: string;
  day: string;
  views: number;
}

export interface SiteStorageTable {
  site_id: string;
  key: string;
  value: string;
  updated_at: string;
}

export interface ApiKeysTable {
  id: string;
  user_id: string;
  provider: string;
  key_name: string;
  encrypted_key: string;
  key_hint: string;
  is_active: number;
  last_used_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface AiUsageDailyTable {
  site_id: string;
  day: string;
  requests: number;
  input_tokens: number;
  output_tokens: number;
}

export interface CustomDomainsTable {
  id: string;
  site_id: string;
  domain: string;
  status: string;
  verification_token: string;
  last_checked_at: string | null;
  verified_at: string | null;
  error: string | null;
  created_at: string;
}

export interface CertificatesTable {
  id: string;
  domain: string;
  status: string;
  cert_pem: string | null;
  encrypted_key_pem: string | null;
  issued_at: string | null;
  expires_at: string | null;
  error: string | null;
  created_at: string;
  updated_at: string;
}

export interface AcmeChallengesTable {
  token: string;
  key_authorization: string;
  domain: string;
  created_at: string;
}

export interface SubscriptionsTable {
  id: string;
  user_id: string;
  stripe_subscription_id: string;
  stripe_customer_id: string;
  stripe_price_id: string | null;
  plan: string;
  status: string;
  current_period_end: string | null;
  cancel_at_period_end: number;
  created_at: string;
  updated_at: string;
}

export interface BillingEventsTable {
  id: string;
  type: string;
  processed_at: string;
}

export interface DB {
  users: UsersTable;
  sessions: SessionsTable;
  login_failures: LoginFailuresTable;
  sites: SitesTable;
  deployments: DeploymentsTable;
  deployment_files: DeploymentFilesTable;
  blobs: BlobsTable;
  site_views_daily: SiteViewsDailyTable;
  site_storage: SiteStorageTable;
  api_keys: ApiKeysTable;
  ai_usage_daily: AiUsageDailyTable;
  custom_domains: CustomDomainsTable;
  certificates: CertificatesTable;
  acme_challenges: AcmeChallengesTable;
  subscriptions: SubscriptionsTable;
  billing_events: BillingEventsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type SiteRow = Selectable<SitesTable>;
export type NewSite = Insertable<SitesTable>;
export type SiteUpdate = Updateable<SitesTable>;
export type DeploymentRow = Selectable<DeploymentsTable>;
export type NewDeployment = Insertable<DeploymentsTable>;
export type DeploymentUpdate = Updateable<DeploymentsTable>;
export type DeploymentFileRow = Selectable<DeploymentFilesTable>;
export type ApiKeyRow = Selectable<ApiKeysTable>;
export type CustomDomainRow = Selectable<CustomDomainsTable>;
export type CertificateRow = Selectable<CertificatesTable>;
export type SubscriptionRow = Selectable<SubscriptionsTable>;
