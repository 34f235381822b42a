import { useState } from 'react';
import type { StatusDay } from '../../../shared/status';
import { cn } from '../../components/ui/cn';
import { formatDate } from '../../lib/format';

function barColor(day: StatusDay): string {
  if (day.uptime === null) return 'bg-slate-200 dark:bg-slate-700';
  if (day.uptime >= 99.9) return 'bg-green-500 dark:bg-green-500';
  if (day.uptime >= 99) return 'bg-yellow-400 dark:bg-yellow-500';
  return 'bg-red-500 dark:bg-red-500';
}

export function dayFigure(day: StatusDay): string {
  if (day.uptime === null) return `${formatDate(day.day)}: no checks`;
  const parts = [`${day.checks} ${day.checks === 1 ? 'check' : 'checks'}`];
  if (day.downChecks) parts.push(`${day.downChecks} down`);
  if (day.degradedChecks) parts.push(`${day.degradedChecks} degraded`);
  return `${formatDate(day.day)}: ${day.uptime}% up (${parts.join(', ')})`;
}

/**
 * One part's 90 days, oldest on the left. Pointing at (or tapping, or tabbing to) a day shows
 * its figure below the row; the figure of today shows until then.
 */
export function UptimeBars({ partName, days }: { partName: string; days: StatusDay[] }) {
  const [shown, setShown] = useState<number | null>(null);
  if (days.length === 0) return null;
  const day = days[shown ?? days.length - 1]!;
  return (
    <div>
      <div
        className="flex h-8 items-stretch gap-px sm:gap-[2px]"
        role="list"
        aria-label={`${partName}: uptime per day`}
        onMouseLeave={() => setShown(null)}
      >
        {days.map((d, i) => (
          <button
            key={d.day}
            type="button"
            role="listitem"
            aria-label={dayFigure(d)}
            title={dayFigure(d)}
            data-day={d.day}
            onMouseEnter={() => setShown(i)}
            onFocus={() => setShown(i)}
            onClick={() => setShown(i)}
            className={cn(
              'min-w-0 flex-1 rounded-[2px] outline-offset-1 hover:opacity-70',
              barColor(d),
              shown === i && 'ring-2 ring-slate-900 dark:ring-white',
            )}
          />
        ))}
      </div>
      <div className="mt-1 flex justify-between text-xs text-slate-500">
        <span>90 days ago</span>
        <span>Today</span>
      </div>
      <p aria-live="polite" className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        {dayFigure(day)}
      </p>
    </div>
  );
}
