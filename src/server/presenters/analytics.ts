import type {
  AnalyticsOverview,
  DeploymentAnalytics,
  SiteAnalytics,
  SiteSparklines,
  ViewsOverTime,
} from '../../shared/analytics';
import type {
  DeploymentFigures,
  OverviewFigures,
  SiteFigures,
  SparklineFigures,
  ViewsOverTimeFigures,
} from '../domain/sites/analytics';

const sum = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);

const spent = (created: string, finished: string) =>
  Math.max(0, Date.parse(finished) - Date.parse(created));

export function presentOverview(figures: OverviewFigures): AnalyticsOverview {
  return {
    totalSites: figures.sites.total,
    activeSites: figures.sites.active,
    totalViews: figures.sites.views,
    totalDeployments: sum(figures.deployments),
    recentDeployments: sum(figures.recentDeployments),
    recentViews: figures.recentViews,
    days: figures.days,
  };
}

/** Stats and timeline of the window, times queued → finished. */
export function presentDeploymentAnalytics(figures: DeploymentFigures): DeploymentAnalytics {
  const { counts, successfulTimes: times } = figures;
  const totalMs = times.reduce((total, t) => total + spent(t.created_at, t.finished_at!), 0);
  const n = (status: 'SUCCESS' | 'FAILED' | 'PENDING' | 'BUILDING') => counts.get(status) ?? 0;
  return {
    days: figures.days,
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
    timeline: figures.recent.map((d) => ({
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

/** One site's charts: views and visitors on every day of the window, top pages, referrers. */
export function presentSiteAnalytics(figures: SiteFigures): SiteAnalytics {
  const byDay = new Map(figures.daily.map((r) => [r.day, r]));
  const daily = figures.window.map((day) => ({
    day,
    views: Number(byDay.get(day)?.views ?? 0),
    visitors: Number(byDay.get(day)?.visitors ?? 0),
  }));
  return {
    days: figures.days,
    totals: {
      views: daily.reduce((s, d) => s + d.views, 0),
      // Distinct per day, summed: the same person on two days counts twice (no lasting id).
      visitors: daily.reduce((s, d) => s + d.visitors, 0),
    },
    daily,
    topPages: figures.topPages.map((p) => ({ path: p.path, views: Number(p.views) })),
    topReferrers: figures.topReferrers.map((r) => ({
      referrer: r.referrer,
      views: Number(r.views),
    })),
  };
}

/** A series per site, one number per day of the window (0 for a day without views). */
export function presentSparklines(figures: SparklineFigures): SiteSparklines {
  const index = new Map(figures.window.map((d, i) => [d, i]));
  const series: Record<string, number[]> = {};
  for (const id of figures.siteIds) series[id] = figures.window.map(() => 0);
  for (const row of figures.views) {
    const at = index.get(row.day);
    const line = series[row.site_id];
    if (at !== undefined && line) line[at] = Number(row.views);
  }
  return { days: figures.window, sites: series };
}

/** Every day of the window, 0 for a day no site was viewed. */
export function presentViewsOverTime(figures: ViewsOverTimeFigures): ViewsOverTime {
  const byDay = new Map(figures.views.map((r) => [r.day, r.views]));
  return {
    days: figures.days,
    daily: figures.window.map((day) => ({ day, views: byDay.get(day) ?? 0 })),
  };
}
