import { BarChart3 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { DEFAULT_ANALYTICS_DAYS, type AnalyticsDays } from '../../../shared/analytics';
import { ApiRequestError } from '../../api/client';
import { DaySelector } from '../../components/charts/DaySelector';
import { StatusPie } from '../../components/charts/StatusPie';
import { NotFound } from '../../components/NotFound';
import { PageLayout } from '../../components/PageLayout';
import { ErrorBox } from '../../components/ui/Alert';
import { buttonStyles } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { Spinner } from '../../components/ui/Spinner';
import {
  useAnalyticsEnabled,
  useAnalyticsOverview,
  useDeploymentAnalytics,
} from '../../hooks/analytics';
import { MetricsPanel } from './MetricsPanel';
import { ViewsOverTimePanel } from './ViewsOverTimePanel';
import { RecentDeployments } from './RecentDeployments';
import { SummaryCards } from './SummaryCards';

function Layout({ children }: { children: ReactNode }) {
  return (
    <PageLayout variant="subpage" backTo="/dashboard" backText="Dashboard">
      {children}
    </PageLayout>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card className="min-w-0 overflow-hidden">
      <h2 className="border-b border-slate-200 px-5 py-4 font-semibold dark:border-slate-800">
        {title}
      </h2>
      {children}
    </Card>
  );
}

/** The analytics screen: signed-in users only; 7, 30 or 90 days (30 at first). */
export function AnalyticsPage() {
  const enabled = useAnalyticsEnabled();
  const [days, setDays] = useState<AnalyticsDays>(DEFAULT_ANALYTICS_DAYS);
  const ready = enabled === true;
  const overview = useAnalyticsOverview(days, ready);
  const deployments = useDeploymentAnalytics(days, ready);

  if (enabled === false) return <NotFound />;
  if (enabled === null || overview.isPending || deployments.isPending) {
    return (
      <Layout>
        <div className="flex justify-center py-20">
          <Spinner label="Loading analytics..." />
        </div>
      </Layout>
    );
  }

  const error = overview.error ?? deployments.error;
  if (error || !overview.data || !deployments.data) {
    return (
      <Layout>
        <ErrorBox>
          {/* One message for an answer that says no, or no answer at all. */}
          {error instanceof ApiRequestError && error.status !== 0
            ? 'Failed to fetch analytics'
            : 'Failed to load analytics'}
        </ErrorBox>
      </Layout>
    );
  }

  const { stats, timeline } = deployments.data;
  const updating = overview.isPlaceholderData || deployments.isPlaceholderData;
  return (
    <Layout>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Analytics</h1>
          <p className="mt-1 text-slate-600 dark:text-slate-400">
            Your sites and deployments over the last {days} days.
          </p>
        </div>
        <DaySelector value={days} onChange={setDays} />
      </div>

      <div className={updating ? 'opacity-60 transition-opacity' : undefined} aria-busy={updating}>
        <div className="mt-6">
          <SummaryCards overview={overview.data} />
        </div>

        <div className="mt-6">
          <Section title="Views over time">
            <ViewsOverTimePanel days={days} />
          </Section>
        </div>

        <div className="mt-6 grid gap-6 lg:grid-cols-2">
          <Section title="Deployment status">
            <div className="p-5">
              {stats.total === 0 ? <EmptyDeployments days={days} /> : <StatusPie stats={stats} />}
            </div>
          </Section>
          <Section title="Metrics">
            <div className="p-5">
              <MetricsPanel stats={stats} />
            </div>
          </Section>
        </div>

        <div className="mt-6">
          <Section title="Recent deployments">
            {timeline.length === 0 ? (
              <p className="px-5 py-8 text-center text-sm text-slate-500 dark:text-slate-400">
                No deployments in the last {days} days.
              </p>
            ) : (
              <RecentDeployments timeline={timeline} />
            )}
          </Section>
        </div>

        <p className="mt-6 text-sm text-slate-500 dark:text-slate-400">
          Each site&apos;s own views, visitors, top pages and referrers are on its page, from the{' '}
          <Link
            to="/dashboard"
            className="font-medium text-brand-600 hover:underline dark:text-brand-400"
          >
            dashboard
          </Link>
          . Visitors are counted without cookies and without storing addresses.
        </p>
      </div>
    </Layout>
  );
}

function EmptyDeployments({ days }: { days: AnalyticsDays }) {
  return (
    <div className="flex flex-col items-center py-6 text-center">
      <span className="flex h-12 w-12 items-center justify-center rounded-2xl bg-brand-50 text-brand-600 dark:bg-brand-900/40 dark:text-brand-300">
        <BarChart3 className="h-6 w-6" aria-hidden />
      </span>
      <p className="mt-3 font-medium">No deployments in the last {days} days</p>
      <p className="mt-1 max-w-xs text-sm text-slate-500 dark:text-slate-400">
        Each deploy shows up here by status once it is queued.
      </p>
      <Link
        to="/upload"
        className={buttonStyles({ variant: 'primary', size: 'sm', className: 'mt-4' })}
      >
        Deploy a site
      </Link>
    </div>
  );
}
