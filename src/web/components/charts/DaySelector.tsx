import { ANALYTICS_DAYS, type AnalyticsDays } from '../../../shared/analytics';
import { cn } from '../ui/cn';

/** The analytics window: 7, 30 or 90 days, as one group of toggle buttons. */
export function DaySelector({
  value,
  onChange,
  label = 'Time range',
}: {
  value: AnalyticsDays;
  onChange: (days: AnalyticsDays) => void;
  label?: string;
}) {
  return (
    <div
      role="group"
      aria-label={label}
      className="inline-flex rounded-lg border border-slate-200 bg-white p-0.5 dark:border-slate-700 dark:bg-slate-900"
    >
      {ANALYTICS_DAYS.map((days) => (
        <button
          key={days}
          type="button"
          aria-pressed={value === days}
          onClick={() => onChange(days)}
          className={cn(
            'rounded-md px-3 py-1.5 text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500',
            value === days
              ? 'bg-brand-600 text-white shadow-sm'
              : 'text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800',
          )}
        >
          {days} days
        </button>
      ))}
    </div>
  );
}
