import { BarChart3 } from 'lucide-react';
import { useState } from 'react';
import {
  DEFAULT_ANALYTICS_DAYS,
  DIRECT_LABEL,
  OTHER_LABEL,
  type AnalyticsDays,
} from '../../../shared/analytics';
import { ApiRequestError } from '../../api/client';
import { BarList } from '../../components/charts/BarList';
import { DailyChart } from '../../components/charts/DailyChart';
import { DaySelector } from '../../components/charts/DaySelector';
import { ErrorBox } from '../../components/ui/Alert';
import { Card } from '../../components/ui/Card';
import { Spinner } from '../../components/ui/Spinner';
import { useSiteAnalytics } from '../../hooks/analytics';
import { formatNumber } from '../../lib/format';

const pageLabel = (path: string) => (path === OTHER_LABEL ? 'Other pages' : path);
const referrerLabel = (host: string) =>
  host === DIRECT_LABEL ? 'Direct / none' : host === OTHER_LABEL ? 'Other sites' : host;

/** A site's views and unique visitors per day, its top pages and referrers. */
export function SiteAnalytics({ siteId, siteName }: { siteId: string; siteName: string }) {
  const [days, setDays] = useState<AnalyticsDays>(DEFAULT_ANALYTICS_DAYS);
  const query = useSiteAnalytics(siteId, days, true);
  const data = query.data;
  return (
    <Card className="min-w-0 overflow-hidden" data-testid="site-analytics">
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 px-4 py-3 sm:px-6 dark:border-slate-800">
        <h2 className="font-semibold">Visits</h2>
        <DaySelector value={days} onChange={setDays} label="Visits time range" />
      </div>
      {query.isPending ? (
        <div className="flex justify-center py-12">
          <Spinner label="Loading analytics..." />
        </div>
      ) : query.isError || !data ? (
        <div className="p-5">
          <ErrorBox>
            {query.error instanceof ApiRequestError && query.error.status !== 0
              ? 'Failed to fetch analytics'
              : 'Failed to load analytics'}
          </ErrorBox>
        </div>
      ) : data.totals.views === 0 ? (
        <div className="flex flex-col items-center px-6 py-12 text-center">
          <span className="flex h-12 w-12 items-center justify-center rounded-2xl bg-brand-50 text-brand-600 dark:bg-brand-900/40 dark:text-brand-300">
            <BarChart3 className="h-6 w-6" aria-hidden />
          </span>
          <p className="mt-3 font-medium">No visits in the last {days} days</p>
          <p className="mt-1 max-w-sm text-sm text-slate-500 dark:text-slate-400">
            Once people open this site, its page views and unique visitors per day, its most visited
            pages and the sites that sent them appear here, a few seconds after each visit.
          </p>
        </div>
      ) : (
        <div
          className={query.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}
          aria-busy={query.isPlaceholderData}
        >
          <div className="flex flex-wrap gap-x-8 gap-y-2 px-4 pt-4 sm:px-6">
            <p>
              <span className="block text-sm text-slate-500 dark:text-slate-400">Page views</span>
              <span className="text-2xl font-semibold tabular-nums" data-testid="site-views-total">
                {formatNumber(data.totals.views)}
              </span>
            </p>
            <p>
              <span className="block text-sm text-slate-500 dark:text-slate-400">
                Unique visitors
              </span>
              <span
                className="text-2xl font-semibold tabular-nums"
                data-testid="site-visitors-total"
              >
                {formatNumber(data.totals.visitors)}
              </span>
            </p>
          </div>
          <div className="px-2 pt-4 sm:px-4">
            <DailyChart
              daily={data.daily}
              caption={`${siteName}: page views and unique visitors per day, last ${days} days`}
            />
          </div>
          <div className="grid gap-6 border-t border-slate-200 p-4 sm:p-6 md:grid-cols-2 dark:border-slate-800">
            <section>
              <h3 className="mb-2 text-sm font-semibold text-slate-600 dark:text-slate-300">
                Top pages
              </h3>
              <BarList
                label="Top pages by views"
                items={data.topPages.map((p) => ({ label: pageLabel(p.path), value: p.views }))}
              />
            </section>
            <section>
              <h3 className="mb-2 text-sm font-semibold text-slate-600 dark:text-slate-300">
                Top referrers
              </h3>
              {data.topReferrers.length === 0 ? (
                <p className="text-sm text-slate-500">Only visits from within the site so far.</p>
              ) : (
                <BarList
                  label="Top referrers by views"
                  items={data.topReferrers.map((r) => ({
                    label: referrerLabel(r.referrer),
                    value: r.views,
                  }))}
                />
              )}
            </section>
          </div>
          <p className="border-t border-slate-200 px-4 py-3 text-xs text-slate-500 sm:px-6 dark:border-slate-800 dark:text-slate-400">
            Days are UTC. Visitors are counted once a day without cookies or stored addresses.
          </p>
        </div>
      )}
    </Card>
  );
}
