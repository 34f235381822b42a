import { useQuery } from '@tanstack/react-query';
import { Activity, AlertTriangle, CheckCircle2, XCircle } from 'lucide-react';
import { Link } from 'react-router';
import { SLA_MONTHLY_PERCENT, type PartState } from '../../../shared/status';
import { errorMessage } from '../../api/client';
import { statusApi } from '../../api/status';
import { PageIntro } from '../../components/PageIntro';
import { PageLayout } from '../../components/PageLayout';
import { SiteFooter } from '../../components/SiteFooter';
import { Badge } from '../../components/StatusBadge';
import { ErrorBox } from '../../components/ui/Alert';
import { Card } from '../../components/ui/Card';
import { Spinner } from '../../components/ui/Spinner';
import { cn } from '../../components/ui/cn';
import { formatDateTime } from '../../lib/format';
import { IncidentCard } from './IncidentList';
import { UptimeBars } from './UptimeBars';

/** How often an open page asks again: the checks themselves run every minute. */
const REFRESH_MS = 30_000;

export const STATE_LABELS: Record<PartState, string> = {
  operational: 'Operational',
  degraded: 'Degraded',
  down: 'Down',
};
export const STATE_TONES = { operational: 'green', degraded: 'yellow', down: 'red' } as const;

const OVERALL = {
  operational: {
    text: 'All systems operational',
    icon: CheckCircle2,
    style:
      'border-green-200 bg-green-50 text-green-900 dark:border-green-900 dark:bg-green-950/60 dark:text-green-200',
  },
  degraded: {
    text: 'Some systems are degraded',
    icon: AlertTriangle,
    style:
      'border-yellow-200 bg-yellow-50 text-yellow-900 dark:border-yellow-900 dark:bg-yellow-950/60 dark:text-yellow-200',
  },
  down: {
    text: 'Some systems are down',
    icon: XCircle,
    style:
      'border-red-200 bg-red-50 text-red-900 dark:border-red-900 dark:bg-red-950/60 dark:text-red-200',
  },
} as const;

/** /status: the service's parts from real checks, 90 days of uptime, incidents. Public. */
export function StatusPage() {
  const status = useQuery({
    queryKey: ['status'],
    queryFn: statusApi.status,
    refetchInterval: REFRESH_MS,
    retry: false,
  });
  const overall = status.data ? OVERALL[status.data.status] : null;

  return (
    <PageLayout
      variant="subpage"
      backTo="/"
      backText="Home"
      title="Status"
      width="default"
      footer={<SiteFooter />}
    >
      <PageIntro icon={Activity} title="System status">
        Every part of the service is checked every minute, a test site deployed and fetched among
        the checks. The bars show each day of the last 90.
      </PageIntro>
      {status.isPending && <Spinner label="Loading the status..." />}
      {status.isError && (
        <ErrorBox>{errorMessage(status.error, 'The status could not be loaded')}</ErrorBox>
      )}
      {status.data && overall && (
        <div className="space-y-8">
          <div
            className={cn(
              'flex items-center gap-3 rounded-xl border p-4 font-semibold',
              overall.style,
            )}
            role="status"
            data-overall={status.data.status}
          >
            <overall.icon className="h-6 w-6 shrink-0" aria-hidden />
            {overall.text}
          </div>
          <Card className="divide-y divide-slate-200 dark:divide-slate-800">
            {status.data.parts.map((p) => (
              <section key={p.id} className="p-5" aria-label={p.name} data-part={p.id}>
                <div className="mb-3 flex flex-wrap items-center gap-x-3 gap-y-1">
                  <h2 className="font-semibold">{p.name}</h2>
                  <Badge tone={STATE_TONES[p.status]} className="state">
                    {STATE_LABELS[p.status]}
                  </Badge>
                  <span className="ml-auto text-sm text-slate-600 dark:text-slate-400">
                    {p.uptime90d}% uptime, 90 days
                  </span>
                </div>
                <UptimeBars partName={p.name} days={p.days} />
                {p.status !== 'operational' && p.detail && (
                  <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
                    {p.detail}
                    {p.checkedAt ? ` (checked ${formatDateTime(p.checkedAt)})` : ''}
                  </p>
                )}
              </section>
            ))}
          </Card>
          <section aria-labelledby="incidents-heading">
            <h2 id="incidents-heading" className="text-xl font-semibold">
              Incidents and maintenance
            </h2>
            <div className="mt-4 space-y-4">
              {status.data.incidents.length === 0 ? (
                <p className="text-sm text-slate-500">Nothing reported in the last 14 days.</p>
              ) : (
                status.data.incidents.map((i) => <IncidentCard key={i.id} incident={i} />)
              )}
            </div>
          </section>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            The Pro plan’s service level: site hosting {SLA_MONTHLY_PERCENT.hosting}% each month, as
            measured on this page, with service credits when it is missed (see the{' '}
            <Link to="/terms" className="font-medium text-brand-600 underline dark:text-brand-400">
              Terms
            </Link>
            ).
          </p>
        </div>
      )}
    </PageLayout>
  );
}
