import { z } from 'zod';
import { PlanNameSchema } from './user';

// The operator's side: abuse reports (public form), the /admin console's calls, announcements.

export const ABUSE_CATEGORIES = ['phishing', 'malware', 'spam', 'copyright', 'other'] as const;
export const AbuseCategorySchema = z.enum(ABUSE_CATEGORIES);
export type AbuseCategory = z.infer<typeof AbuseCategorySchema>;
export const ABUSE_CATEGORY_LABELS: Record<AbuseCategory, string> = {
  phishing: 'Phishing or fraud',
  malware: 'Malware or harmful downloads',
  spam: 'Spam',
  copyright: 'Copyright infringement',
  other: 'Something else',
};

export const REASON_MAX = 500;
const reason = z
  .string({ error: 'Please give a reason' })
  .trim()
  .min(1, { error: 'Please give a reason' })
  .max(REASON_MAX, { error: `A reason can be at most ${REASON_MAX} characters long.` });

/** POST /api/reports: anyone, signed in or not. */
export const AbuseReportRequestSchema = z.object({
  siteAddress: z
    .string({ error: "Please enter the site's address" })
    .trim()
    .min(1, { error: "Please enter the site's address" })
    .max(500),
  category: AbuseCategorySchema,
  description: z
    .string({ error: 'Please describe the problem' })
    .trim()
    .min(10, { error: 'Please describe the problem in a few words (at least 10 characters).' })
    .max(5000, { error: 'A description can be at most 5000 characters long.' }),
  reporterEmail: z
    .string()
    .trim()
    .max(320)
    .optional()
    .transform((v) => (v ? v.toLowerCase() : undefined))
    .pipe(z.email({ message: 'Please enter a valid email address' }).optional()),
});
export type AbuseReportRequest = z.input<typeof AbuseReportRequestSchema>;
export const AbuseReportResponseSchema = z.object({
  ok: z.literal(true),
  reportId: z.string(),
  /** The same report from this visitor is open already: nothing new was stored. */
  alreadyReported: z.boolean(),
});
export type AbuseReportResponse = z.infer<typeof AbuseReportResponseSchema>;

export const REPORT_STATUSES = ['OPEN', 'RESOLVED'] as const;
export const AdminReportSchema = z.object({
  id: z.string(),
  siteId: z.string().nullable(),
  siteAddress: z.string(),
  subdomain: z.string().nullable(),
  siteDisabled: z.boolean(),
  category: AbuseCategorySchema,
  description: z.string(),
  reporterEmail: z.string().nullable(),
  status: z.enum(REPORT_STATUSES),
  resolution: z.string().nullable(),
  resolvedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminReport = z.infer<typeof AdminReportSchema>;
export const AdminReportsQuerySchema = z.object({
  status: z.enum(['OPEN', 'RESOLVED', 'ALL']).default('OPEN'),
  siteId: z.string().max(100).optional(),
});
export const AdminReportsResponseSchema = z.object({ reports: z.array(AdminReportSchema) });
export type AdminReportsResponse = z.infer<typeof AdminReportsResponseSchema>;
export const ResolveReportRequestSchema = z.object({
  resolution: z.string().trim().max(REASON_MAX).optional(),
});
export type ResolveReportRequest = z.input<typeof ResolveReportRequestSchema>;

export const AdminSearchQuerySchema = z.object({ q: z.string().trim().max(200).default('') });

export const AdminUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  plan: PlanNameSchema,
  isGuest: z.boolean(),
  suspendedAt: z.string().nullable(),
  suspendedReason: z.string().nullable(),
  siteCount: z.number(),
  createdAt: z.string(),
});
export type AdminUser = z.infer<typeof AdminUserSchema>;
export const AdminUsersResponseSchema = z.object({ users: z.array(AdminUserSchema) });
export type AdminUsersResponse = z.infer<typeof AdminUsersResponseSchema>;

export const AdminSiteSchema = z.object({
  id: z.string(),
  subdomain: z.string(),
  url: z.string(),
  customDomain: z.string().nullable(),
  status: z.string(),
  views: z.number(),
  ownerId: z.string(),
  ownerEmail: z.string(),
  disabledAt: z.string().nullable(),
  disabledReason: z.string().nullable(),
  openReports: z.number(),
  createdAt: z.string(),
});
export type AdminSite = z.infer<typeof AdminSiteSchema>;
export const AdminSitesResponseSchema = z.object({ sites: z.array(AdminSiteSchema) });
export type AdminSitesResponse = z.infer<typeof AdminSitesResponseSchema>;

export const AdminSiteDetailResponseSchema = z.object({
  site: AdminSiteSchema,
  owner: AdminUserSchema,
  versions: z.array(
    z.object({
      id: z.string(),
      version: z.number(),
      status: z.string(),
      createdAt: z.string(),
      isLive: z.boolean(),
    }),
  ),
  reports: z.array(AdminReportSchema),
});
export type AdminSiteDetailResponse = z.infer<typeof AdminSiteDetailResponseSchema>;

export const ReasonRequestSchema = z.object({ reason });
export type ReasonRequest = z.input<typeof ReasonRequestSchema>;

export const AuditEntrySchema = z.object({
  id: z.string(),
  actorEmail: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  targetLabel: z.string(),
  reason: z.string().nullable(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;
export const AuditLogResponseSchema = z.object({ entries: z.array(AuditEntrySchema) });
export type AuditLogResponse = z.infer<typeof AuditLogResponseSchema>;

export const ANNOUNCEMENT_LEVELS = ['info', 'warning'] as const;
export const AnnouncementSchema = z.object({
  id: z.string(),
  message: z.string(),
  level: z.enum(ANNOUNCEMENT_LEVELS),
  createdAt: z.string(),
  expiresAt: z.string(),
  endedAt: z.string().nullable(),
});
export type Announcement = z.infer<typeof AnnouncementSchema>;
export const AnnouncementsResponseSchema = z.object({ announcements: z.array(AnnouncementSchema) });
export type AnnouncementsResponse = z.infer<typeof AnnouncementsResponseSchema>;
export const CreateAnnouncementRequestSchema = z.object({
  message: z
    .string({ error: 'Please write the announcement' })
    .trim()
    .min(1, { error: 'Please write the announcement' })
    .max(300, { error: 'An announcement can be at most 300 characters long.' }),
  level: z.enum(ANNOUNCEMENT_LEVELS).default('info'),
  expiresAt: z.iso.datetime({ error: 'Please give when it ends' }),
});
export type CreateAnnouncementRequest = z.input<typeof CreateAnnouncementRequestSchema>;
export const AnnouncementResponseSchema = z.object({ announcement: AnnouncementSchema });
export type AnnouncementResponse = z.infer<typeof AnnouncementResponseSchema>;
