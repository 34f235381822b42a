import { LineChart } from 'lucide-react';
import type { AnalyticsDays } from '../../../shared/analytics';
import { ApiRequestError } from '../../api/client';
import { DailyChart } from '../../components/charts/DailyChart';
import { ErrorBox } from '../../components/ui/Alert';
import { Spinner } from '../../components/ui/Spinner';
import { useViewsOverTime } from '../../hooks/analytics';
import { formatNumber } from '../../lib/format';

/** Every site's page views together, per day of the chosen window. */
export function ViewsOverTimePanel({ days }: { days: AnalyticsDays }) {
  const query = useViewsOverTime(days, true);
  const data = query.data;
  if (query.isPending) {
    return (
      <div className="flex justify-center py-12">
        <Spinner label="Loading views..." />
      </div>
    );
  }
  if (query.isError || !data) {
    return (
      <div className="p-5">
        <ErrorBox>
          {query.error instanceof ApiRequestError && query.error.status !== 0
            ? 'Failed to fetch views'
            : 'Failed to load views'}
        </ErrorBox>
      </div>
    );
  }
  const total = data.daily.reduce((sum, d) => sum + d.views, 0);
  if (total === 0) {
    return (
      <div className="flex flex-col items-center px-6 py-10 text-center">
        <span className="flex h-12 w-12 items-center justify-center rounded-2xl bg-brand-50 text-brand-600 dark:bg-brand-900/40 dark:text-brand-300">
          <LineChart className="h-6 w-6" aria-hidden />
        </span>
        <p className="mt-3 font-medium">No page views in the last {days} days</p>
        <p className="mt-1 max-w-sm text-sm text-slate-500 dark:text-slate-400">
          Once people open your sites, their views per day add up here.
        </p>
      </div>
    );
  }
  return (
    <div className="px-4 pb-4 pt-4 sm:px-6">
      <p className="mb-2">
        <span className="block text-sm text-slate-500 dark:text-slate-400">
          Page views, all sites
        </span>
        <span className="text-2xl font-semibold tabular-nums" data-testid="views-over-time-total">
          {formatNumber(total)}
        </span>
      </p>
      <DailyChart
        daily={data.daily}
        caption={`Page views of all your sites per day, last ${days} days`}
      />
    </div>
  );
}
