import { Activity, Eye, Globe, Rocket } from 'lucide-react';
import type { ReactNode } from 'react';
import type { AnalyticsOverview } from '../../../shared/analytics';
import { Card } from '../../components/ui/Card';
import { formatNumber } from '../../lib/format';

function SummaryCard({
  label,
  value,
  note,
  icon,
}: {
  label: string;
  value: number;
  note: string;
  icon: ReactNode;
}) {
  return (
    <Card className="p-5">
      <div className="flex items-center justify-between">
        <h2 className="text-sm font-medium text-slate-600 dark:text-slate-400">{label}</h2>
        <span className="text-slate-400" aria-hidden>
          {icon}
        </span>
      </div>
      <p className="mt-2 text-3xl font-bold tracking-tight tabular-nums">{formatNumber(value)}</p>
      <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">{note}</p>
    </Card>
  );
}

/** The analytics screen's four summary cards; the notes follow the chosen window. */
export function SummaryCards({ overview }: { overview: AnalyticsOverview }) {
  const window = `in the last ${overview.days} days`;
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      <SummaryCard
        label="Total Sites"
        value={overview.totalSites}
        note={`${formatNumber(overview.activeSites)} active`}
        icon={<Globe className="h-5 w-5" />}
      />
      <SummaryCard
        label="Active Sites"
        value={overview.activeSites}
        note="serving a live version"
        icon={<Activity className="h-5 w-5" />}
      />
      <SummaryCard
        label="Total Views"
        value={overview.totalViews}
        note={`${formatNumber(overview.recentViews)} ${window}`}
        icon={<Eye className="h-5 w-5" />}
      />
      <SummaryCard
        label="Deployments"
        value={overview.totalDeployments}
        note={`${formatNumber(overview.recentDeployments)} ${window}`}
        icon={<Rocket className="h-5 w-5" />}
      />
    </div>
  );
}
