import { Eye, Globe, Layers } from 'lucide-react';
import type { ReactNode } from 'react';
import { PLANS, type PlanName } from '../../../shared/plans';
import type { Site } from '../../../shared/site';
import { Card } from '../../components/ui/Card';
import { formatNumber } from '../../lib/format';
import { ProgressBar } from '../../components/ui/ProgressBar';

function SummaryCard({
  label,
  value,
  icon,
  children,
}: {
  label: string;
  value: string;
  icon: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Card className="p-5">
      <div className="flex items-center justify-between">
        <h3 className="text-sm font-medium text-slate-600 dark:text-slate-400">{label}</h3>
        <span className="text-slate-400" aria-hidden>
          {icon}
        </span>
      </div>
      <p className="mt-2 text-3xl font-bold tracking-tight">{value}</p>
      {children}
    </Card>
  );
}

/** Active Sites, Total Views, Plan Usage: the dashboard's three cards. */
export function SummaryCards({ sites, plan }: { sites: Site[]; plan: PlanName }) {
  const active = sites.filter((s) => s.status === 'ACTIVE').length;
  const views = sites.reduce((sum, s) => sum + s.views, 0);
  const { maxSites, label } = PLANS[plan];
  const used = sites.length;
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      <SummaryCard
        label="Active Sites"
        value={formatNumber(active)}
        icon={<Globe className="h-5 w-5" />}
      />
      <SummaryCard
        label="Total Views"
        value={formatNumber(views)}
        icon={<Eye className="h-5 w-5" />}
      />
      <SummaryCard
        label="Plan Usage"
        value={maxSites === null ? `${used}` : `${used}/${maxSites}`}
        icon={<Layers className="h-5 w-5" />}
      >
        {maxSites === null ? (
          <p className="mt-1 text-xs text-slate-500">{label} plan · Unlimited sites</p>
        ) : (
          <>
            <ProgressBar
              label="Plan usage"
              value={used}
              max={maxSites}
              fill={used >= maxSites ? 'bg-amber-500' : 'bg-brand-500'}
              className="mt-3 h-1.5"
            />
            <p className="mt-1.5 text-xs text-slate-500">{label} plan</p>
          </>
        )}
      </SummaryCard>
    </div>
  );
}
