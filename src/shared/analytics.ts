import { z } from 'zod';
import { DeploymentStatusSchema } from './deployment';

// The analytics screen's calls (summary cards, deployment stats, the timeline) and the per-site
// charts.
// Days are UTC calendar days, 'YYYY-MM-DD'.

/** The day options of the analytics screen; 30 is the default. */
export const ANALYTICS_DAYS = [7, 30, 90] as const;
export type AnalyticsDays = (typeof ANALYTICS_DAYS)[number];
export const DEFAULT_ANALYTICS_DAYS: AnalyticsDays = 30;
/** The recent-deployments list shows this many rows. */
export const RECENT_DEPLOYMENTS_SHOWN = 10;
/** Days of views behind each site's sparkline on the dashboard. */
export const SPARKLINE_DAYS = 14;

/** Stored in place of the pages or referrers beyond a day's cap: no path or host looks like it. */
export const OTHER_LABEL = '(other)';
/** The referrer of a visit that came with no Referer header (typed, bookmarked, or hidden). */
export const DIRECT_LABEL = '(direct)';

export const AnalyticsDaysQuerySchema = z.object({
  days: z
    .enum(['7', '30', '90'], { error: 'days must be 7, 30 or 90.' })
    .default('30')
    .transform((v) => Number(v) as AnalyticsDays),
});

export const AnalyticsOverviewSchema = z.object({
  totalSites: z.number(),
  activeSites: z.number(),
  totalViews: z.number(),
  totalDeployments: z.number(),
  /** Deployments started in the last `days` days. */
  recentDeployments: z.number(),
  /** Page views of the last `days` days, across the user's sites. */
  recentViews: z.number(),
  days: z.number(),
});
export type AnalyticsOverview = z.infer<typeof AnalyticsOverviewSchema>;

export const DeploymentStatsSchema = z.object({
  total: z.number(),
  successful: z.number(),
  failed: z.number(),
  pending: z.number(),
  building: z.number(),
  /** Mean time from queued to live of the window's successful deployments; 0 when none. */
  avgDeploymentTimeSeconds: z.number(),
});
export type DeploymentStats = z.infer<typeof DeploymentStatsSchema>;

export const TimelineEntrySchema = z.object({
  id: z.string(),
  status: DeploymentStatusSchema,
  createdAt: z.string(),
  /** Queued to finished (SUCCESS or FAILED); null while it is still waiting or building. */
  deploymentTimeMs: z.number().nullable(),
  site: z.object({ name: z.string(), subdomain: z.string() }),
});
export type TimelineEntry = z.infer<typeof TimelineEntrySchema>;

export const DeploymentAnalyticsSchema = z.object({
  days: z.number(),
  stats: DeploymentStatsSchema,
  /** Newest first. */
  timeline: z.array(TimelineEntrySchema),
});
export type DeploymentAnalytics = z.infer<typeof DeploymentAnalyticsSchema>;

export const DailyPointSchema = z.object({
  day: z.string(),
  views: z.number(),
  visitors: z.number(),
});
export type DailyPoint = z.infer<typeof DailyPointSchema>;

export const SiteAnalyticsSchema = z.object({
  days: z.number(),
  totals: z.object({ views: z.number(), visitors: z.number() }),
  /** One entry per day of the window, oldest first, days without visits included as zero. */
  daily: z.array(DailyPointSchema),
  topPages: z.array(z.object({ path: z.string(), views: z.number() })),
  topReferrers: z.array(z.object({ referrer: z.string(), views: z.number() })),
});
export type SiteAnalytics = z.infer<typeof SiteAnalyticsSchema>;

/** GET /api/analytics/views?days=: the views of all the user's sites together, per day. */
export const ViewsOverTimeSchema = z.object({
  days: z.number(),
  /** One entry per day of the window, oldest first, days without views included as zero. */
  daily: z.array(z.object({ day: z.string(), views: z.number() })),
});
export type ViewsOverTime = z.infer<typeof ViewsOverTimeSchema>;

export const SiteSparklinesSchema = z.object({
  /** The days of every series, oldest first. */
  days: z.array(z.string()),
  /** Views per day of each of the user's sites, by site id, in the order of `days`. */
  sites: z.record(z.string(), z.array(z.number())),
});
export type SiteSparklines = z.infer<typeof SiteSparklinesSchema>;

/** Deploy times read '42s' below a minute, '2m 5s' from a minute on. */
export function formatDeployTime(seconds: number): string {
  // A tiny static page can go live in tens of milliseconds: '0s' would read as "not measured".
  if (seconds > 0 && seconds < 0.05) return '<0.1s';
  const whole = Math.round(seconds);
  if (whole < 60) return `${seconds < 10 ? Math.round(seconds * 10) / 10 : whole}s`;
  return `${Math.floor(whole / 60)}m ${whole % 60}s`;
}

/** The success rate: successful over total, as a rounded percentage (0 when nothing ran). */
export function successRate(stats: Pick<DeploymentStats, 'successful' | 'total'>): number {
  return stats.total === 0 ? 0 : Math.round((stats.successful / stats.total) * 100);
}

/** The UTC days of a window ending today, oldest first. */
export function daysOfWindow(days: number, now = Date.now()): string[] {
  const out: string[] = [];
  for (let i = days - 1; i >= 0; i--) {
    out.push(new Date(now - i * 86_400_000).toISOString().slice(0, 10));
  }
  return out;
}
