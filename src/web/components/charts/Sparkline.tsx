import { Area, AreaChart, ResponsiveContainer, YAxis } from 'recharts';
import { formatNumber } from '../../lib/format';
import { useChartTheme } from './theme';

/**
 * A site's views per day, drawn small beside its row. The picture is decoration for sighted
 * users; the label says the same in words.
 */
export function Sparkline({ values, siteName }: { values: number[]; siteName: string }) {
  const theme = useChartTheme();
  const total = values.reduce((a, b) => a + b, 0);
  const data = values.map((views, i) => ({ i, views }));
  return (
    <div
      role="img"
      aria-label={`${siteName}: ${formatNumber(total)} views in the last ${values.length} days`}
      title={`${formatNumber(total)} views in the last ${values.length} days`}
      className="h-8 w-24"
    >
      {total > 0 ? (
        <ResponsiveContainer width="100%" height="100%">
          <AreaChart data={data} margin={{ top: 2, right: 0, bottom: 2, left: 0 }}>
            <YAxis hide domain={[0, 'dataMax']} />
            <Area
              type="monotone"
              dataKey="views"
              stroke={theme.views}
              fill={theme.views}
              fillOpacity={0.15}
              strokeWidth={1.5}
              isAnimationActive={false}
            />
          </AreaChart>
        </ResponsiveContainer>
      ) : (
        <div className="flex h-full items-center">
          <div className="h-px w-full bg-slate-200 dark:bg-slate-700" />
        </div>
      )}
    </div>
  );
}
