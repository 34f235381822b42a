import type { Selectable } from 'kysely';

// Running the installation: abuse reports, the operators' audit log, announcements and scheduled jobs.

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
  target_type: 'site' | 'user' | 'report' | 'announcement' | 'incident';
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

export interface JobRunsTable {
  name: string;
  next_run_at: string;
  last_started_at: string | null;
  last_finished_at: string | null;
  last_run_by: string | null;
  last_error: string | null;
}

export type AbuseReportRow = Selectable<AbuseReportsTable>;
export type AuditLogRow = Selectable<AuditLogTable>;
export type AnnouncementRow = Selectable<AnnouncementsTable>;
