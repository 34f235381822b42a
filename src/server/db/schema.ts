import type { Generated, Selectable } from 'kysely';
import type { SourceKind } from '../../builder/types';
import type { AccessTokenScope } from '../../shared/access-token';
import type { SubscriptionStatus } from '../../shared/billing';
import type { AiProvider, DeploymentStatus } from '../../shared/deployment';
import type { PlanName } from '../../shared/plans';
import type { DomainStatus, SiteStatus, SslStatus } from '../../shared/site';
import type { SiteBrandingColumns } from './branding-columns';

// Row types of the whole product's schema (migrations/).
// Times are ISO-8601 UTC strings in both databases, so they sort as text.
// Flags are integers 0/1, since SQLite has no boolean type.

export interface UsersTable {
  id: string;
  email: string;
  name: string | null;
  password_hash: string | null;
  plan: PlanName;
  is_guest: number;
  created_at: string;
  updated_at: string;
  /** 1: e-mail the owner when their plan changes (Settings, Notifications). */
  email_plan_changed: Generated<number>;
  /** 1: e-mail the owner when a renewal could not be charged. */
  email_payment_failed: Generated<number>;
  /** Set by an operator (migration 015): no sign-in, no API, no deploys; sites disabled. */
  suspended_at: string | null;
  suspended_reason: string | null;
  /** 1 once the address is proven (migration 016): a link to it opened, or a provider vouched. */
  email_verified: Generated<number>;
}

export type EmailVerificationPurpose = 'verify' | 'change';

/** A link that proves an address (domain/email-verification.ts); only its token's hash is kept. */
export interface EmailVerificationsTable {
  token_hash: string;
  user_id: string;
  /** The address the link proves: the account's own, or the new one of a change. */
  email: string;
  purpose: EmailVerificationPurpose;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** A provider identity waiting for an unconfirmed password account's password (migration 016). */
export interface OAuthLinkRequestsTable {
  token_hash: string;
  browser_state_hash: string;
  user_id: string;
  provider: OAuthProvider;
  provider_account_id: string;
  email: string;
  expires_at: string;
}

export interface PasswordResetsTable {
  /** sha-256 of the token in the e-mailed link; the token itself is never stored. */
  token_hash: string;
  user_id: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
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

export interface LoginFailuresTable {
  /** 'ip:<address>' or 'ip-email:<address> <email>' (domain/login-throttle.ts) */
  key: string;
  failures: number;
  window_started_at: string;
  locked_until: string | null;
}

export interface SignInCodesTable {
  code_hash: string;
  /** Hash of the state cookie of the browser that started this sign-in. */
  state_hash: string;
  user_id: string;
  expires_at: string;
}

export type OAuthProvider = 'github' | 'google';

/** A provider's account linked to one of ours (migration 012). */
export interface OAuthAccountsTable {
  provider: OAuthProvider;
  provider_account_id: string;
  user_id: string;
  /** The verified e-mail the provider last gave; informational, never used to find the user. */
  email: string | null;
  created_at: string;
  last_used_at: string;
}

/** A social sign-in started and not yet returned (domain/social-sign-in.ts). */
export interface OAuthSignInsTable {
  /** Hash of the state sent to the provider. */
  state_hash: string;
  /** Hash of the auth_state cookie of the browser that started it. */
  browser_state_hash: string;
  provider: OAuthProvider;
  /** PKCE verifier (Google); null for GitHub. */
  code_verifier: string | null;
  /** OpenID Connect nonce the ID token must carry (Google). */
  nonce: string | null;
  expires_at: string;
}

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
  /** lower-cased host name, unique across sites; null: none (domain/custom-domains.ts) */
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
}

export interface DeploymentsTable {
  id: string;
  site_id: string;
  version: number;
  status: DeploymentStatus;
  progress: number;
  message: string | null;
  error_message: string | null;
  /** newline-separated console lines */
  build_logs: string;
  source_kind: SourceKind;
  source_name: string | null;
  source_sha256: string;
  ai_provider: AiProvider | null;
  /** JSON: the builder's manifest and recorded package versions */
  build_info: string | null;
  claimed_by: string | null;
  heartbeat_at: string | null;
  attempts: number;
  /** Where the deploy was asked from (an IPv6 client as its /64); null for the demo seed. */
  client_address: string | null;
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
  /** stored for a reference about to be recorded: never collected before this time */
  keep_until: string | null;
}

export interface SiteViewsDailyTable {
  site_id: string;
  day: string;
  views: number;
  /** distinct visitors of the day (daily-salted hashes, counted once across nodes) */
  visitors: Generated<number>;
}

/** Views of one page of a site on one day; beyond the day's cap, '(other)'. */
export interface SitePagesDailyTable {
  site_id: string;
  day: string;
  path: string;
  views: number;
}

/** Views from one referring host on one day; '(direct)' without one, '(other)' beyond the cap. */
export interface SiteReferrersDailyTable {
  site_id: string;
  day: string;
  referrer: string;
  views: number;
}

/** Visitors already counted on a day, as daily-salted hashes; deleted once the day is over. */
export interface SiteVisitorHashesTable {
  site_id: string;
  day: string;
  hash: string;
}

export interface AnalyticsSaltsTable {
  day: string;
  salt: string;
}

export interface SiteStorageTable {
  site_id: string;
  key: string;
  value: string;
  updated_at: string;
}

export interface JobRunsTable {
  name: string;
  next_run_at: string;
  last_started_at: string | null;
  last_finished_at: string | null;
  last_run_by: string | null;
  last_error: string | null;
}

export interface AcmeChallengesTable {
  token: string;
  key_authorization: string;
  expires_at: string;
}

export interface CertificatesTable {
  domain: string;
  cert_pem: string;
  /** Encrypted with SECRET_KEY (lib/secret-box.ts). */
  key_pem: string;
  expires_at: string;
  issued_at: string;
}

export interface InstallationSecretsTable {
  name: string;
  /** Encrypted with SECRET_KEY. */
  value: string;
  created_at: string;
}

export interface AcmeOrdersTable {
  id: string;
  domain: string;
  started_at: string;
}

export interface ApiKeysTable {
  id: string;
  user_id: string;
  provider: AiProvider;
  key_name: string;
  /** Sealed with SECRET_KEY (lib/secret-box.ts). */
  key_sealed: string;
  last4: string;
  is_active: number;
  last_used_at: string | null;
  created_at: string;
  updated_at: string;
}

/** A bearer secret for scripts and the CLI; only its hash is stored. */
export interface AccessTokensTable {
  id: string;
  user_id: string;
  name: string;
  scope: AccessTokenScope;
  token_hash: string;
  prefix: string;
  last4: string;
  expires_at: string | null;
  last_used_at: string | null;
  created_at: string;
}

export interface SiteAiSettingsTable {
  site_id: string;
  enabled: number;
  per_visitor_per_minute: number;
  per_day: number;
  max_tokens_per_call: number;
  updated_at: string;
}

/** A site's AI calls of one day: reserved before the provider is asked, refunded on failure. */
export interface AiSiteDaysTable {
  site_id: string;
  day: string;
  calls: number;
}

export interface AiCallsDailyTable {
  site_id: string;
  api_key_id: string;
  day: string;
  calls: number;
}

export interface BillingCustomersTable {
  user_id: string;
  stripe_customer_id: string;
  created_at: string;
}

/** A subscription as Stripe last described it (domain/billing.ts reads Stripe, then writes). */
export interface SubscriptionsTable {
  stripe_subscription_id: string;
  user_id: string;
  stripe_customer_id: string;
  price_id: string | null;
  /** The paid plan its price buys; FREE when the price is not one of this installation's. */
  plan: PlanName;
  status: SubscriptionStatus;
  current_period_end: string | null;
  cancel_at_period_end: number;
  created_at: string;
  updated_at: string;
}

/** Stripe webhook events already applied: each is applied once. */
export interface StripeEventsTable {
  id: string;
  type: string;
  processed_at: string;
}

export type AbuseCategory = 'phishing' | 'malware' | 'spam' | 'copyright' | 'other';

/** A visitor's report of a site (migration 015). */
export interface AbuseReportsTable {
  id: string;
  /** null when the site was deleted since (the address stays). */
  site_id: string | null;
  /** The site's host name as the visitor gave it, normalised. */
  site_address: string;
  category: AbuseCategory;
  description: string;
  reporter_email: string | null;
  /** The client address the report came from (the per-address limit). */
  reporter_address: string;
  status: 'OPEN' | 'RESOLVED';
  resolved_at: string | null;
  resolved_by: string | null;
  resolution: string | null;
  created_at: string;
  /** When the report went out by e-mail, alone or in a digest; null while it waits. */
  mailed_at: string | null;
}

/** The site's e-mail window: reports after the one that opened it wait for the digest. */
export interface AbuseMailWindowsTable {
  site_id: string;
  opened_at: string;
}

/** One operator action; never updated or deleted. */
export interface AuditLogTable {
  id: string;
  actor_id: string;
  actor_email: string;
  action: string;
  target_type: 'site' | 'user' | 'report' | 'announcement';
  target_id: string;
  /** What the target was called then (subdomain, e-mail…), so the log reads after deletions. */
  target_label: string;
  reason: string | null;
  created_at: string;
}

export interface AnnouncementsTable {
  id: string;
  message: string;
  level: 'info' | 'warning';
  created_by: string;
  created_at: string;
  expires_at: string;
  /** Set when an operator ends it before it expires. */
  ended_at: string | null;
}

/** An account's authenticator app (migration 017); enabled_at null: set up, not yet confirmed. */
export interface TwoFactorTotpTable {
  user_id: string;
  /** The shared secret (base32), sealed with SECRET_KEY. */
  secret_sealed: string;
  enabled_at: string | null;
  /** The newest 30-second step a code was accepted for: codes of it and before are refused. */
  last_time_step: Generated<number>;
  created_at: string;
}

export interface TwoFactorRecoveryCodesTable {
  id: string;
  user_id: string;
  /** sha-256 of the code as shown, without its dashes. */
  code_hash: string;
  used_at: string | null;
  created_at: string;
}

/** A WebAuthn credential (migration 017). */
export interface PasskeysTable {
  /** The credential id, base64url. */
  id: string;
  user_id: string;
  /** COSE public key, base64url. */
  public_key: string;
  counter: Generated<number>;
  /** JSON array of transports the authenticator named ('internal', 'usb', ...). */
  transports: string | null;
  device_type: string | null;
  backed_up: Generated<number>;
  name: string;
  created_at: string;
  last_used_at: string | null;
}

export type SignInChallengeKind = 'second-factor' | 'passkey-sign-in' | 'passkey-registration';

/** A sign-in waiting for its second factor, or a WebAuthn ceremony under way. */
export interface SignInChallengesTable {
  id_hash: string;
  kind: SignInChallengeKind;
  /** null for a passkey sign-in: the passkey itself names the account. */
  user_id: string | null;
  /** The WebAuthn challenge the browser must sign, once one was asked for. */
  webauthn_challenge: string | null;
  remember_me: Generated<number>;
  attempts: Generated<number>;
  expires_at: string;
  created_at: string;
}

export interface DB {
  abuse_reports: AbuseReportsTable;
  abuse_mail_windows: AbuseMailWindowsTable;
  audit_log: AuditLogTable;
  announcements: AnnouncementsTable;
  billing_customers: BillingCustomersTable;
  subscriptions: SubscriptionsTable;
  stripe_events: StripeEventsTable;
  api_keys: ApiKeysTable;
  access_tokens: AccessTokensTable;
  site_ai_settings: SiteAiSettingsTable;
  ai_calls_daily: AiCallsDailyTable;
  ai_site_days: AiSiteDaysTable;
  users: UsersTable;
  two_factor_totp: TwoFactorTotpTable;
  two_factor_recovery_codes: TwoFactorRecoveryCodesTable;
  passkeys: PasskeysTable;
  sign_in_challenges: SignInChallengesTable;
  sessions: SessionsTable;
  password_resets: PasswordResetsTable;
  email_verifications: EmailVerificationsTable;
  oauth_link_requests: OAuthLinkRequestsTable;
  site_claims: SiteClaimsTable;
  login_failures: LoginFailuresTable;
  sign_in_codes: SignInCodesTable;
  oauth_accounts: OAuthAccountsTable;
  oauth_sign_ins: OAuthSignInsTable;
  sites: SitesTable;
  deployments: DeploymentsTable;
  deployment_files: DeploymentFilesTable;
  blobs: BlobsTable;
  site_views_daily: SiteViewsDailyTable;
  site_pages_daily: SitePagesDailyTable;
  site_referrers_daily: SiteReferrersDailyTable;
  site_visitor_hashes: SiteVisitorHashesTable;
  analytics_salts: AnalyticsSaltsTable;
  site_storage: SiteStorageTable;
  job_runs: JobRunsTable;
  acme_challenges: AcmeChallengesTable;
  certificates: CertificatesTable;
  installation_secrets: InstallationSecretsTable;
  acme_orders: AcmeOrdersTable;
}

export type UserRow = Selectable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type SiteClaimRow = Selectable<SiteClaimsTable>;
export type SiteRow = Selectable<SitesTable>;
export type ApiKeyRow = Selectable<ApiKeysTable>;
export type AccessTokenRow = Selectable<AccessTokensTable>;
export type BillingCustomerRow = Selectable<BillingCustomersTable>;
export type SubscriptionRow = Selectable<SubscriptionsTable>;
export type SiteAiSettingsRow = Selectable<SiteAiSettingsTable>;
export type DeploymentRow = Selectable<DeploymentsTable>;
export type DeploymentFileRow = Selectable<DeploymentFilesTable>;
export type AbuseReportRow = Selectable<AbuseReportsTable>;
export type AuditLogRow = Selectable<AuditLogTable>;
export type AnnouncementRow = Selectable<AnnouncementsTable>;
export type PasskeyRow = Selectable<PasskeysTable>;
export type SignInChallengeRow = Selectable<SignInChallengesTable>;
