import { formatDeployTime, successRate, type DeploymentStats } from '../../../shared/analytics';
import { formatNumber } from '../../lib/format';

/** Success rate, average deploy time and the counts behind them. */
export function MetricsPanel({ stats }: { stats: DeploymentStats }) {
  const rows: [string, string][] = [
    ['Success rate', `${successRate(stats)}%`],
    [
      'Average deploy time',
      stats.successful > 0 ? formatDeployTime(stats.avgDeploymentTimeSeconds) : '—',
    ],
    ['Deployments', formatNumber(stats.total)],
    ['Successful', formatNumber(stats.successful)],
    ['Failed', formatNumber(stats.failed)],
    ['In progress', formatNumber(stats.pending + stats.building)],
  ];
  return (
    <dl className="grid grid-cols-2 gap-x-6 gap-y-4">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt className="text-sm text-slate-500 dark:text-slate-400">{label}</dt>
          <dd className="mt-0.5 text-xl font-semibold tabular-nums" data-metric={label}>
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
