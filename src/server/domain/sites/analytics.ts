import { daysOfWindow, type AnalyticsDays } from '../../../shared/analytics';
import { PLAN_NAMES } from '../../../shared/plans';
import type { Config } from '../../config';
import {
  dailyOfSite,
  dailyViewsOfUser,
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

type Rows<F extends (...args: never[]) => Promise<unknown>> = Awaited<ReturnType<F>>;

/** What the summary cards are made of; "recent" means created within the window. */
export interface OverviewFigures {
  days: AnalyticsDays;
  sites: Rows<typeof siteTotalsOfUser>;
  deployments: Rows<typeof deploymentCountsOfUser>;
  recentDeployments: Rows<typeof deploymentCountsOfUser>;
  recentViews: number;
}

export async function analyticsOverview(
  db: Database,
  user: UserRow,
  days: AnalyticsDays,
  now = Date.now(),
): Promise<OverviewFigures> {
  const since = windowStart(days, now);
  const [sites, deployments, recentDeployments, recentViews] = await Promise.all([
    siteTotalsOfUser(db, user.id),
    deploymentCountsOfUser(db, user.id),
    deploymentCountsOfUser(db, user.id, since.time),
    viewsOfUserSince(db, user.id, since.day),
  ]);
  return { days, sites, deployments, recentDeployments, recentViews };
}

/** The deployments of the window: counts by status, successful times, the newest for a timeline. */
export interface DeploymentFigures {
  days: AnalyticsDays;
  counts: Rows<typeof deploymentCountsOfUser>;
  successfulTimes: Rows<typeof successfulTimesOfUser>;
  recent: Rows<typeof recentDeploymentsOfUser>;
}

export async function deploymentAnalytics(
  db: Database,
  user: UserRow,
  days: AnalyticsDays,
  now = Date.now(),
): Promise<DeploymentFigures> {
  const since = windowStart(days, now).time;
  const [counts, successfulTimes, recent] = await Promise.all([
    deploymentCountsOfUser(db, user.id, since),
    successfulTimesOfUser(db, user.id, since),
    recentDeploymentsOfUser(db, user.id, since, TIMELINE_ROWS),
  ]);
  return { days, counts, successfulTimes, recent };
}

/** One site's figures: the days of the window, the days that had views, top pages, referrers. */
export interface SiteFigures {
  days: AnalyticsDays;
  window: string[];
  daily: Rows<typeof dailyOfSite>;
  topPages: Rows<typeof topPagesOfSite>;
  topReferrers: Rows<typeof topReferrersOfSite>;
}

export async function siteAnalytics(
  db: Database,
  site: SiteRow,
  days: AnalyticsDays,
  now = Date.now(),
): Promise<SiteFigures> {
  const window = daysOfWindow(days, now);
  const from = window[0]!;
  const [daily, topPages, topReferrers] = await Promise.all([
    dailyOfSite(db, site.id, from),
    topPagesOfSite(db, site.id, from, TOP_ROWS),
    topReferrersOfSite(db, site.id, from, TOP_ROWS),
  ]);
  return { days, window, daily, topPages, topReferrers };
}

/** The analytics screen's views over time: all the user's sites summed per day, in one read. */
export interface ViewsOverTimeFigures {
  days: AnalyticsDays;
  window: string[];
  views: Rows<typeof dailyViewsOfUser>;
}

export async function viewsOverTime(
  db: Database,
  user: UserRow,
  days: AnalyticsDays,
  now = Date.now(),
): Promise<ViewsOverTimeFigures> {
  const window = daysOfWindow(days, now);
  return { days, window, views: await dailyViewsOfUser(db, user.id, window[0]!) };
}

/** The dashboard's sparklines: every site of the user in one read, not one call per row. */
export interface SparklineFigures {
  window: string[];
  siteIds: string[];
  views: Rows<typeof dailyViewsOfUserSites>;
}

export async function siteSparklines(
  db: Database,
  user: UserRow,
  sites: Pick<SiteRow, 'id'>[],
  days: number,
  now = Date.now(),
): Promise<SparklineFigures> {
  const window = daysOfWindow(days, now);
  const views = await dailyViewsOfUserSites(db, user.id, window[0]!);
  return { window, siteIds: sites.map((s) => s.id), views };
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
