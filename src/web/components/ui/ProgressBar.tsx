import { cn } from './cn';

interface ProgressBarProps {
  /** What the bar measures, for screen readers. */
  label: string;
  value: number;
  max?: number;
  /** The fill colour (a Tailwind background class). */
  fill?: string;
  className?: string;
}

/** A labelled bar for progress and usage: the one place its look and ARIA live. */
export function ProgressBar({
  label,
  value,
  max = 100,
  fill = 'bg-brand-500',
  className,
}: ProgressBarProps) {
  const percent = Math.min(100, Math.max(0, (value / Math.max(1, max)) * 100));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={value}
      className={cn('h-2 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700', className)}
    >
      <div
        className={cn('h-full rounded-full transition-[width] duration-300', fill)}
        style={{ width: `${percent}%` }}
      />
    </div>
  );
}
