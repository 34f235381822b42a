import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AnalyticsDays } from '../../shared/analytics';
import { analyticsApi } from '../api/analytics';
import { useConfig } from './config';
import { useSession } from './session';

/**
 * Whether this installation has analytics (ENABLE_ANALYTICS): null until GET /api/config
 * answers. A failed config call counts as on; the server refuses the calls if it is not.
 */
export function useAnalyticsEnabled(): boolean | null {
  const config = useConfig();
  if (config.isPending) return null;
  return config.data?.features.analytics !== false;
}

// Analytics queries do not retry; a new window keeps the old charts on
// screen until its numbers arrive, so the page does not jump.
const common = { retry: false, refetchOnWindowFocus: false, placeholderData: keepPreviousData };

export function useAnalyticsOverview(days: AnalyticsDays, enabled: boolean) {
  return useQuery({
    queryKey: ['analytics', 'overview', days],
    queryFn: () => analyticsApi.overview(days),
    enabled,
    ...common,
  });
}

export function useDeploymentAnalytics(days: AnalyticsDays, enabled: boolean) {
  return useQuery({
    queryKey: ['analytics', 'deployments', days],
    queryFn: () => analyticsApi.deployments(days),
    enabled,
    ...common,
  });
}

/** All the user's sites' views per day, summed. */
export function useViewsOverTime(days: AnalyticsDays, enabled: boolean) {
  return useQuery({
    queryKey: ['analytics', 'views', days],
    queryFn: () => analyticsApi.views(days),
    enabled,
    ...common,
  });
}

export function useSiteAnalytics(siteId: string, days: AnalyticsDays, enabled: boolean) {
  return useQuery({
    queryKey: ['analytics', 'site', siteId, days],
    queryFn: () => analyticsApi.site(siteId, days),
    enabled,
    ...common,
  });
}

/** Every site's views of the last two weeks, in one call for the whole dashboard. */
export function useSparklines(enabled: boolean) {
  const { user } = useSession();
  return useQuery({
    queryKey: ['analytics', 'sparklines'],
    queryFn: analyticsApi.sparklines,
    enabled: enabled && Boolean(user && !user.isGuest),
    retry: false,
    refetchOnWindowFocus: false,
    staleTime: 60_000,
  });
}
