import type {
  AbuseReportRequest,
  AbuseReportResponse,
  AdminReportsResponse,
  AdminSiteDetailResponse,
  AdminSitesResponse,
  AdminUsersResponse,
  AnnouncementResponse,
  AnnouncementsResponse,
  AuditLogResponse,
  CreateAnnouncementRequest,
} from '../../shared/admin';
import { api } from './client';

const q = (text: string) => `?q=${encodeURIComponent(text)}`;
const id = (value: string) => encodeURIComponent(value);

/** The public side: the report form and the announcements every screen shows. */
export const reportsApi = {
  file: (input: AbuseReportRequest) => api<AbuseReportResponse>('/reports', { body: input }),
  announcements: () => api<AnnouncementsResponse>('/announcements'),
};

/** /api/admin: the operator's console (the server refuses everyone but ADMIN). */
export const adminApi = {
  users: (text: string) => api<AdminUsersResponse>(`/admin/users${q(text)}`),
  sites: (text: string) => api<AdminSitesResponse>(`/admin/sites${q(text)}`),
  site: (siteId: string) => api<AdminSiteDetailResponse>(`/admin/sites/${id(siteId)}`),
  disableSite: (siteId: string, reason: string) =>
    api(`/admin/sites/${id(siteId)}/disable`, { body: { reason } }),
  enableSite: (siteId: string) => api(`/admin/sites/${id(siteId)}/enable`, { body: {} }),
  suspendUser: (userId: string, reason: string) =>
    api(`/admin/users/${id(userId)}/suspend`, { body: { reason } }),
  unsuspendUser: (userId: string) => api(`/admin/users/${id(userId)}/unsuspend`, { body: {} }),
  reports: (status: 'OPEN' | 'RESOLVED' | 'ALL') =>
    api<AdminReportsResponse>(`/admin/reports?status=${status}`),
  resolveReport: (reportId: string, resolution: string) =>
    api(`/admin/reports/${id(reportId)}/resolve`, { body: { resolution } }),
  audit: () => api<AuditLogResponse>('/admin/audit'),
  announcements: () => api<AnnouncementsResponse>('/admin/announcements'),
  announce: (input: CreateAnnouncementRequest) =>
    api<AnnouncementResponse>('/admin/announcements', { body: input }),
  endAnnouncement: (announcementId: string) =>
    api<AnnouncementResponse>(`/admin/announcements/${id(announcementId)}/end`, { body: {} }),
};
