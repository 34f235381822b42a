import {
  Area,
  AreaChart,
  CartesianGrid,
  Legend,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { DailyPoint } from '../../../shared/analytics';
import { formatNumber } from '../../lib/format';
import { formatLongDay, formatShortDay, useChartTheme } from './theme';

/**
 * Page views (and, for one site, unique visitors) per day. Screen readers get the same numbers
 * as a table (the chart itself is hidden from them: an SVG of paths says nothing). Across
 * several sites there are no visitors to draw: one person on two sites is not two people.
 */
export function DailyChart({
  daily,
  caption,
}: {
  daily: (Pick<DailyPoint, 'day' | 'views'> & { visitors?: number })[];
  caption: string;
}) {
  const theme = useChartTheme();
  const withVisitors = daily.every((d) => d.visitors !== undefined);
  return (
    <figure>
      <div className="h-64 w-full" aria-hidden data-testid="daily-chart">
        <ResponsiveContainer width="100%" height="100%">
          <AreaChart data={daily} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
            <CartesianGrid stroke={theme.grid} vertical={false} />
            <XAxis
              dataKey="day"
              tickFormatter={formatShortDay}
              stroke={theme.axis}
              tick={{ fontSize: 12, fill: theme.axis }}
              tickLine={false}
              minTickGap={24}
            />
            <YAxis
              allowDecimals={false}
              stroke={theme.axis}
              tick={{ fontSize: 12, fill: theme.axis }}
              tickLine={false}
              axisLine={false}
              width={48}
            />
            <Tooltip
              labelFormatter={(day) => formatLongDay(String(day))}
              formatter={(value, name) => [formatNumber(Number(value)), name]}
              contentStyle={{
                background: theme.tooltipBg,
                border: `1px solid ${theme.tooltipBorder}`,
                borderRadius: 8,
                color: theme.tooltipText,
                fontSize: 13,
              }}
              labelStyle={{ color: theme.tooltipText, fontWeight: 600 }}
            />
            <Legend wrapperStyle={{ fontSize: 13, color: theme.axis }} iconType="circle" />
            <Area
              type="monotone"
              name="Page views"
              dataKey="views"
              stroke={theme.views}
              fill={theme.views}
              fillOpacity={0.15}
              strokeWidth={2}
              isAnimationActive={false}
            />
            {withVisitors && (
              <Area
                type="monotone"
                name="Unique visitors"
                dataKey="visitors"
                stroke={theme.visitors}
                fill={theme.visitors}
                fillOpacity={0.1}
                strokeWidth={2}
                isAnimationActive={false}
              />
            )}
          </AreaChart>
        </ResponsiveContainer>
      </div>
      {/* sr-only on the table itself would not clip it: a table is as wide as its rows. */}
      <div className="sr-only">
        <table>
          <caption>{caption}</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Page views</th>
              {withVisitors && <th scope="col">Unique visitors</th>}
            </tr>
          </thead>
          <tbody>
            {daily.map((d) => (
              <tr key={d.day}>
                <th scope="row">{formatLongDay(d.day)}</th>
                <td>{d.views}</td>
                {withVisitors && <td>{d.visitors}</td>}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
