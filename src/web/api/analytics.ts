import type {
  AnalyticsDays,
  AnalyticsOverview,
  DeploymentAnalytics,
  SiteAnalytics,
  SiteSparklines,
  ViewsOverTime,
} from '../../shared/analytics';
import { api } from './client';

// The analytics screen's calls; beyond it, a site's charts and the sparklines.
export const analyticsApi = {
  overview: (days: AnalyticsDays) => api<AnalyticsOverview>(`/analytics/overview?days=${days}`),
  deployments: (days: AnalyticsDays) =>
    api<DeploymentAnalytics>(`/analytics/deployments?days=${days}`),
  site: (siteId: string, days: AnalyticsDays) =>
    api<SiteAnalytics>(`/sites/${encodeURIComponent(siteId)}/analytics?days=${days}`),
  sparklines: () => api<SiteSparklines>('/analytics/sparklines'),
  views: (days: AnalyticsDays) => api<ViewsOverTime>(`/analytics/views?days=${days}`),
};
