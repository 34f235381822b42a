import { z } from 'zod';

// The public status page (/status, GET /api/status) and the operators' incidents: the parts of
// the service, their state from the checks, 90 days of daily uptime, incidents and maintenance.

export const STATUS_PARTS = [
  'app',
  'builds',
  'hosting',
  'certificates',
  'database',
  'redis',
  's3',
] as const;
export const StatusPartIdSchema = z.enum(STATUS_PARTS);
export type StatusPartId = z.infer<typeof StatusPartIdSchema>;

export const STATUS_PART_NAMES: Record<StatusPartId, string> = {
  app: 'App and API',
  builds: 'Builds',
  hosting: 'Site hosting',
  certificates: 'Custom-domain certificates',
  database: 'Database',
  redis: 'Redis',
  s3: 'File storage (S3)',
};

export const PART_STATES = ['operational', 'degraded', 'down'] as const;
export const PartStateSchema = z.enum(PART_STATES);
export type PartState = z.infer<typeof PartStateSchema>;

/** The service level the Pro plan promises, per part, as a monthly percentage the page measures. */
export const SLA_MONTHLY_PERCENT: Partial<Record<StatusPartId, number>> = {
  hosting: 99.9,
  app: 99.5,
  builds: 99.5,
};
/**
 * Service credits, as a share of that month's Pro fee, by the lowest monthly uptime of a part
 * the SLA covers: below its own figure, below 99%, below 95%. The highest that applies is given.
 */
export const SLA_CREDITS = [
  { below: 'its figure', creditPercent: 10 },
  { below: 99, creditPercent: 25 },
  { below: 95, creditPercent: 50 },
] as const;

export const StatusDaySchema = z.object({
  /** YYYY-MM-DD, UTC */
  day: z.string(),
  /** Share of the day's checks that found the part up, 0–100; null: no checks that day. */
  uptime: z.number().nullable(),
  checks: z.number(),
  downChecks: z.number(),
  degradedChecks: z.number(),
});
export type StatusDay = z.infer<typeof StatusDaySchema>;

export const StatusPartSchema = z.object({
  id: StatusPartIdSchema,
  name: z.string(),
  status: PartStateSchema,
  /** What the last check found, in words. */
  detail: z.string().nullable(),
  checkedAt: z.string().nullable(),
  /** Percentage of checks over the last 90 days that found the part up (100 when none yet). */
  uptime90d: z.number(),
  /** Oldest first, the last 90 days, today included. */
  days: z.array(StatusDaySchema),
});
export type StatusPart = z.infer<typeof StatusPartSchema>;

export const INCIDENT_KINDS = ['incident', 'maintenance'] as const;
export const INCIDENT_STATES = [
  'investigating',
  'identified',
  'monitoring',
  'scheduled',
  'in_progress',
  'resolved',
] as const;
export const IncidentStateSchema = z.enum(INCIDENT_STATES);
export type IncidentState = z.infer<typeof IncidentStateSchema>;
export const INCIDENT_STATE_LABELS: Record<IncidentState, string> = {
  investigating: 'Investigating',
  identified: 'Identified',
  monitoring: 'Monitoring',
  scheduled: 'Scheduled',
  in_progress: 'In progress',
  resolved: 'Resolved',
};

export const IncidentUpdateSchema = z.object({
  id: z.string(),
  state: IncidentStateSchema,
  message: z.string(),
  createdAt: z.string(),
});
export type IncidentUpdate = z.infer<typeof IncidentUpdateSchema>;

export const IncidentSchema = z.object({
  id: z.string(),
  kind: z.enum(INCIDENT_KINDS),
  title: z.string(),
  state: IncidentStateSchema,
  parts: z.array(StatusPartIdSchema),
  /** The announcement published with it, shown on every app screen; null: none. */
  announcementId: z.string().nullable(),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
  /** Newest first. */
  updates: z.array(IncidentUpdateSchema),
});
export type Incident = z.infer<typeof IncidentSchema>;

export const StatusResponseSchema = z.object({
  status: PartStateSchema,
  parts: z.array(StatusPartSchema),
  /** Open ones and those resolved in the last 14 days, newest first. */
  incidents: z.array(IncidentSchema),
});
export type StatusResponse = z.infer<typeof StatusResponseSchema>;

const message = z
  .string({ error: 'Please write what is happening' })
  .trim()
  .min(1, { error: 'Please write what is happening' })
  .max(2000, { error: 'An update can be at most 2000 characters long.' });

export const CreateIncidentRequestSchema = z.object({
  kind: z.enum(INCIDENT_KINDS).default('incident'),
  title: z
    .string({ error: 'Please give the incident a title' })
    .trim()
    .min(1, { error: 'Please give the incident a title' })
    .max(200, { error: 'A title can be at most 200 characters long.' }),
  message,
  parts: z.array(StatusPartIdSchema).min(1, { error: 'Please choose the parts affected' }),
  /** Also publish it as an announcement on every app screen (ends when the incident resolves). */
  announce: z.boolean().default(false),
});
export type CreateIncidentRequest = z.input<typeof CreateIncidentRequestSchema>;

export const IncidentUpdateRequestSchema = z.object({
  state: IncidentStateSchema,
  message,
});
export type IncidentUpdateRequest = z.input<typeof IncidentUpdateRequestSchema>;

export const IncidentResponseSchema = z.object({ incident: IncidentSchema });
export type IncidentResponse = z.infer<typeof IncidentResponseSchema>;

export const AdminStatusResponseSchema = z.object({
  /** YYYY-MM, UTC */
  month: z.string(),
  parts: z.array(
    z.object({
      id: StatusPartIdSchema,
      name: z.string(),
      status: PartStateSchema,
      /** This month's uptime so far, percent; null: no checks yet. */
      monthUptime: z.number().nullable(),
      /** The SLA's monthly figure for this part; null: the SLA does not cover it. */
      slaPercent: z.number().nullable(),
    }),
  ),
  incidents: z.array(IncidentSchema),
});
export type AdminStatusResponse = z.infer<typeof AdminStatusResponseSchema>;
