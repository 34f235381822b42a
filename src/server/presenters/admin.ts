import type { AdminReport, AdminSite, AdminUser, AuditEntry } from '../../shared/admin';
import type { Config } from '../config';
import { siteUrl } from '../lib/urls';
import type { AdminReportRow } from '../db/queries/abuse-reports';
import type { SiteWithOwner, UserWithCount } from '../db/queries/operations';
import type { AuditLogRow } from '../db/schema';
import { planOf } from '../domain/billing/plans';
import { shownStatus } from '../domain/sites/site-status';

// The console's shapes: what an operator sees of users, sites, reports and the audit log.

export function presentAdminUser(config: Config, row: UserWithCount): AdminUser {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    plan: planOf(config, row),
    isGuest: row.is_guest === 1,
    suspendedAt: row.suspended_at ?? null,
    suspendedReason: row.suspended_reason ?? null,
    siteCount: row.site_count,
    createdAt: row.created_at,
  };
}

export function presentAdminSite(config: Config, row: SiteWithOwner): AdminSite {
  return {
    id: row.id,
    subdomain: row.subdomain,
    url: siteUrl(config, row.subdomain),
    customDomain: row.custom_domain,
    status: shownStatus(row),
    views: Number(row.views),
    ownerId: row.user_id,
    ownerEmail: row.owner_email,
    disabledAt: row.disabled_at ?? null,
    disabledReason: row.disabled_reason ?? null,
    openReports: row.open_reports,
    createdAt: row.created_at,
  };
}

export function presentAdminReport(row: AdminReportRow): AdminReport {
  return {
    id: row.id,
    siteId: row.site_id,
    siteAddress: row.site_address,
    subdomain: row.subdomain,
    siteDisabled: Boolean(row.disabled_at),
    category: row.category,
    description: row.description,
    reporterEmail: row.reporter_email,
    status: row.status,
    resolution: row.resolution,
    resolvedAt: row.resolved_at,
    createdAt: row.created_at,
  };
}

export function presentAuditEntry(row: AuditLogRow): AuditEntry {
  return {
    id: row.id,
    actorEmail: row.actor_email,
    action: row.action,
    targetType: row.target_type,
    targetId: row.target_id,
    targetLabel: row.target_label,
    reason: row.reason,
    createdAt: row.created_at,
  };
}
