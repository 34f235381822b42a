import {
  daysOfWindow,
  type AnalyticsDays,
  type AnalyticsOverview,
  type DeploymentAnalytics,
  type SiteAnalytics,
  type SiteSparklines,
} from '../../../shared/analytics';
import { PLAN_NAMES } from '../../../shared/plans';
import type { Config } from '../../config';
import {
  dailyOfSite,
  dailyViewsOfUserSites,
  deploymentCountsOfUser,
  recentDeploymentsOfUser,
  siteTotalsOfUser,
  successfulTimesOfUser,
  topPagesOfSite,
  topReferrersOfSite,
  viewsOfUserSince,
} from '../../db/queries/analytics';
import { deleteSiteAnalyticsBefore, deleteVisitorHashesBefore } from '../../db/queries/page-views';
import type { Database } from '../../db/database';
import type { SiteRow, UserRow } from '../../db/schema';
import { notFound } from '../../errors';
import { ANALYTICS_RETENTION_DAYS } from '../billing/plans';

const DAY_MS = 86_400_000;
/** Rows of the pages and referrers lists of a site's screen. */
const TOP_ROWS = 10;
/** Deployments of the timeline; the screen shows the first ten. */
const TIMELINE_ROWS = 50;

/** Refuses the feature as if it did not exist when ENABLE_ANALYTICS is 'false'. */
export function assertAnalyticsEnabled(config: Config): void {
  if (!config.enableAnalytics) throw notFound('Not found');
}

/** The first day of a window of `days` days ending today, and the same instant as a time. */
function windowStart(days: number, now: number): { day: string; time: string } {
  const day = daysOfWindow(days, now)[0]!;
  return { day, time: `${day}T00:00:00.000Z` };
}

/** The summary cards; "recent" means created within the window. */
export async function analyticsOverview(
  db: Database,
  user: UserRow,
  days: AnalyticsDays,
  now = Date.now(),
): Promise<AnalyticsOverview> {
  const since = windowStart(days, now);
  const [sites, all, recent, recentViews] = await Promise.all([
    siteTotalsOfUser(db, user.id),
    deploymentCountsOfUser(db, user.id),
    deploymentCountsOfUser(db, user.id, since.time),
    viewsOfUserSince(db, user.id, since.day),
  ]);
  const sum = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);
  return {
    totalSites: sites.total,
    activeSites: sites.active,
    totalViews: sites.views,
    totalDeployments: sum(all),
    recentDeployments: sum(recent),
    recentViews,
    days,
  };
}

/** Deployment stats and timeline of the window, times queued → finished. */
export async function deploymentAnalytics(
  db: Database,
  user: UserRow,
  days: AnalyticsDays,
  now = Date.now(),
): Promise<DeploymentAnalytics> {
  const since = windowStart(days, now).time;
  const [counts, times, recent] = await Promise.all([
    deploymentCountsOfUser(db, user.id, since),
    successfulTimesOfUser(db, user.id, since),
    recentDeploymentsOfUser(db, user.id, since, TIMELINE_ROWS),
  ]);
  const spent = (created: string, finished: string) =>
    Math.max(0, Date.parse(finished) - Date.parse(created));
  const totalMs = times.reduce((sum, t) => sum + spent(t.created_at, t.finished_at!), 0);
  const n = (status: 'SUCCESS' | 'FAILED' | 'PENDING' | 'BUILDING') => counts.get(status) ?? 0;
  return {
    days,
    stats: {
      total: n('SUCCESS') + n('FAILED') + n('PENDING') + n('BUILDING'),
      successful: n('SUCCESS'),
      failed: n('FAILED'),
      pending: n('PENDING'),
      building: n('BUILDING'),
      // Tenths of a second: enough for '4.2s', and stable to compare in tests.
      avgDeploymentTimeSeconds:
        times.length === 0 ? 0 : Math.round(totalMs / times.length / 100) / 10,
    },
    timeline: recent.map((d) => ({
      id: d.id,
      status: d.status,
      createdAt: d.created_at,
      deploymentTimeMs:
        (d.status === 'SUCCESS' || d.status === 'FAILED') && d.finished_at
          ? spent(d.created_at, d.finished_at)
          : null,
      site: { name: d.site_name, subdomain: d.site_subdomain },
    })),
  };
}

/** One site's charts: views and visitors per day (every day of the window), top pages, referrers. */
export async function siteAnalytics(
  db: Database,
  site: SiteRow,
  days: AnalyticsDays,
  now = Date.now(),
): Promise<SiteAnalytics> {
  const window = daysOfWindow(days, now);
  const from = window[0]!;
  const [rows, pages, referrers] = await Promise.all([
    dailyOfSite(db, site.id, from),
    topPagesOfSite(db, site.id, from, TOP_ROWS),
    topReferrersOfSite(db, site.id, from, TOP_ROWS),
  ]);
  const byDay = new Map(rows.map((r) => [r.day, r]));
  const daily = window.map((day) => ({
    day,
    views: Number(byDay.get(day)?.views ?? 0),
    visitors: Number(byDay.get(day)?.visitors ?? 0),
  }));
  return {
    days,
    totals: {
      views: daily.reduce((s, d) => s + d.views, 0),
      // Distinct per day, summed: the same person on two days counts twice (no lasting id).
      visitors: daily.reduce((s, d) => s + d.visitors, 0),
    },
    daily,
    topPages: pages.map((p) => ({ path: p.path, views: Number(p.views) })),
    topReferrers: referrers.map((r) => ({ referrer: r.referrer, views: Number(r.views) })),
  };
}

/** The dashboard's sparklines: every site of the user in one answer, not one call per row. */
export async function siteSparklines(
  db: Database,
  user: UserRow,
  sites: Pick<SiteRow, 'id'>[],
  days: number,
  now = Date.now(),
): Promise<SiteSparklines> {
  const window = daysOfWindow(days, now);
  const index = new Map(window.map((d, i) => [d, i]));
  const series: Record<string, number[]> = {};
  for (const site of sites) series[site.id] = window.map(() => 0);
  for (const row of await dailyViewsOfUserSites(db, user.id, window[0]!)) {
    const at = index.get(row.day);
    const line = series[row.site_id];
    if (at !== undefined && line) line[at] = Number(row.views);
  }
  return { days: window, sites: series };
}

/**
 * Deletes analytics rows older than each plan keeps (FREE 30 days, STARTER a year, PRO and
 * ADMIN never), and the visitor hashes and salts of days before yesterday.
 */
export async function enforceAnalyticsRetention(
  db: Database,
  config: Pick<Config, 'adminEmails'>,
  now = Date.now(),
): Promise<{ rows: number; hashes: number }> {
  let rows = 0;
  const admins = [...config.adminEmails];
  for (const plan of PLAN_NAMES) {
    const keep = ANALYTICS_RETENTION_DAYS[plan];
    if (keep === null) continue;
    const cutoff = new Date(now - (keep - 1) * DAY_MS).toISOString().slice(0, 10);
    rows += await deleteSiteAnalyticsBefore(db, cutoff, [plan], admins);
  }
  // Yesterday's hashes stay until today is well under way: a flush around midnight may still
  // be writing yesterday's batch.
  const yesterday = new Date(now - DAY_MS).toISOString().slice(0, 10);
  const hashes = await deleteVisitorHashesBefore(db, yesterday);
  return { rows, hashes };
}
