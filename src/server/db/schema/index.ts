// Row types of the whole product's schema (migrations/), one file per topic as in queries/.
// Times are ISO-8601 UTC strings in both databases, so they sort as text.
// Flags are integers 0/1, since SQLite has no boolean type.

import type { AccessTokensTable } from './access-tokens';
import type {
  AnalyticsSaltsTable,
  SitePagesDailyTable,
  SiteReferrersDailyTable,
  SiteViewsDailyTable,
  SiteVisitorHashesTable,
} from './analytics';
import type {
  AiCallsDailyTable,
  AiSiteDaysTable,
  ApiKeysTable,
  SiteAiSettingsTable,
} from './api-keys';
import type { BillingCustomersTable, StripeEventsTable, SubscriptionsTable } from './billing';
import type {
  AcmeChallengesTable,
  AcmeOrdersTable,
  CertificatesTable,
  InstallationSecretsTable,
} from './certificates';
import type { BlobsTable, DeploymentFilesTable, DeploymentsTable } from './deployments';
import type { OAuthAccountsTable, OAuthLinkRequestsTable, OAuthSignInsTable } from './oauth';
import type {
  AbuseMailWindowsTable,
  AbuseReportsTable,
  AnnouncementsTable,
  AuditLogTable,
  JobRunsTable,
} from './operations';
import type { LoginFailuresTable, SessionsTable, SignInCodesTable } from './sessions';
import type {
  StatusChecksTable,
  StatusDaysTable,
  StatusIncidentUpdatesTable,
  StatusIncidentsTable,
} from './status';
import type { SiteClaimsTable, SiteShareLinksTable, SiteStorageTable, SitesTable } from './sites';
import type {
  PasskeysTable,
  SignInChallengesTable,
  TwoFactorRecoveryCodesTable,
  TwoFactorTotpTable,
} from './two-factor';
import type {
  TeamActivityTable,
  TeamInvitationsTable,
  TeamMembersTable,
  TeamsTable,
} from './teams';
import type {
  SupportAttachmentsTable,
  SupportConversationsTable,
  SupportMessagesTable,
} from './support';
import type { EmailVerificationsTable, PasswordResetsTable, UsersTable } from './users';

export type * from './access-tokens';
export type * from './analytics';
export type * from './api-keys';
export type * from './billing';
export type * from './certificates';
export type * from './deployments';
export type * from './oauth';
export type * from './operations';
export type * from './sessions';
export type * from './sites';
export type * from './support';
export type * from './status';
export type * from './teams';
export type * from './two-factor';
export type * from './users';

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
  site_share_links: SiteShareLinksTable;
  job_runs: JobRunsTable;
  acme_challenges: AcmeChallengesTable;
  certificates: CertificatesTable;
  installation_secrets: InstallationSecretsTable;
  acme_orders: AcmeOrdersTable;
  teams: TeamsTable;
  team_members: TeamMembersTable;
  team_invitations: TeamInvitationsTable;
  team_activity: TeamActivityTable;
  support_conversations: SupportConversationsTable;
  support_messages: SupportMessagesTable;
  support_attachments: SupportAttachmentsTable;
  status_checks: StatusChecksTable;
  status_days: StatusDaysTable;
  status_incidents: StatusIncidentsTable;
  status_incident_updates: StatusIncidentUpdatesTable;
}
