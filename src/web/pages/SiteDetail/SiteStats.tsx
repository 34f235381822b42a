import { CalendarDays, Eye, Layers } from 'lucide-react';
import type { ReactNode } from 'react';
import type { Site } from '../../../shared/site';
import { Card } from '../../components/ui/Card';
import { formatDate, formatNumber } from '../../lib/format';

function StatCard({ label, value, icon }: { label: string; value: string; icon: ReactNode }) {
  return (
    <Card className="flex items-center gap-4 p-5">
      <span className="flex h-10 w-10 items-center justify-center rounded-lg bg-brand-50 text-brand-600 dark:bg-brand-900/40 dark:text-brand-300">
        {icon}
      </span>
      <div>
        <p className="text-sm text-slate-500">{label}</p>
        <p className="text-xl font-semibold">{value}</p>
      </div>
    </Card>
  );
}

/** Views, versions and age of a site, in three cards. */
/** `deployments` is null while the list loads: the card waits rather than show a 0 it does not know. */
export function SiteStats({ site, deployments }: { site: Site; deployments: number | null }) {
  return (
    <div className="mt-6 grid gap-4 sm:grid-cols-3">
      <StatCard
        label="Total Views"
        value={formatNumber(site.views)}
        icon={<Eye className="h-5 w-5" aria-hidden />}
      />
      <StatCard
        label="Deployments"
        value={deployments === null ? '…' : formatNumber(deployments)}
        icon={<Layers className="h-5 w-5" aria-hidden />}
      />
      <StatCard
        label="Created"
        value={formatDate(site.createdAt)}
        icon={<CalendarDays className="h-5 w-5" aria-hidden />}
      />
    </div>
  );
}
