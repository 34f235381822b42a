import { Cell, Pie, PieChart, ResponsiveContainer, Tooltip } from 'recharts';
import type { DeploymentStats } from '../../../shared/analytics';
import type { DeploymentStatus } from '../../../shared/deployment';
import { formatNumber } from '../../lib/format';
import { useChartTheme } from './theme';

const SLICES: { status: DeploymentStatus; label: string; key: keyof DeploymentStats }[] = [
  { status: 'SUCCESS', label: 'Successful', key: 'successful' },
  { status: 'FAILED', label: 'Failed', key: 'failed' },
  { status: 'PENDING', label: 'Pending', key: 'pending' },
  { status: 'BUILDING', label: 'Building', key: 'building' },
];

/** The slices of a pie of deployment status: zero counts are left out. */
export function statusSlices(stats: DeploymentStats) {
  return SLICES.map((s) => ({ ...s, value: stats[s.key] })).filter((s) => s.value > 0);
}

/** Deployments by status, in the status colours, with a legend that carries the numbers. */
export function StatusPie({ stats }: { stats: DeploymentStats }) {
  const theme = useChartTheme();
  const slices = statusSlices(stats);
  const summary = slices.map((s) => `${s.label}: ${s.value}`).join(', ');
  return (
    <div className="flex flex-col items-center gap-4 sm:flex-row">
      <div
        className="h-48 w-48 shrink-0"
        role="img"
        aria-label={`Deployments by status. ${summary}.`}
        data-testid="status-pie"
      >
        <ResponsiveContainer width="100%" height="100%">
          <PieChart>
            <Pie
              data={slices}
              dataKey="value"
              nameKey="label"
              innerRadius="55%"
              outerRadius="95%"
              paddingAngle={slices.length > 1 ? 2 : 0}
              stroke="none"
              isAnimationActive={false}
            >
              {slices.map((s) => (
                <Cell key={s.status} fill={theme.status[s.status]} data-status={s.status} />
              ))}
            </Pie>
            <Tooltip
              formatter={(value, name) => [formatNumber(Number(value)), name]}
              contentStyle={{
                background: theme.tooltipBg,
                border: `1px solid ${theme.tooltipBorder}`,
                borderRadius: 8,
                fontSize: 13,
              }}
              itemStyle={{ color: theme.tooltipText }}
            />
          </PieChart>
        </ResponsiveContainer>
      </div>
      <ul className="w-full space-y-2 text-sm" aria-hidden>
        {slices.map((s) => (
          <li key={s.status} className="flex items-center justify-between gap-3">
            <span className="flex items-center gap-2">
              <span
                className="h-3 w-3 rounded-full"
                style={{ background: theme.status[s.status] }}
              />
              {s.label}
            </span>
            <span className="font-semibold tabular-nums">{formatNumber(s.value)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
