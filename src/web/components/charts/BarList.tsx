import { formatNumber } from '../../lib/format';

export interface BarListItem {
  label: string;
  value: number;
}

/**
 * A ranked list with a bar behind each row (top pages, top referrers): plain HTML, so it
 * reflows on a phone and reads as a list with numbers to a screen reader.
 */
export function BarList({ items, label }: { items: BarListItem[]; label: string }) {
  const max = Math.max(1, ...items.map((i) => i.value));
  return (
    <ol aria-label={label} className="space-y-1.5">
      {items.map((item) => (
        <li key={item.label} className="relative flex items-center justify-between gap-3 text-sm">
          <span
            aria-hidden
            className="absolute inset-y-0 left-0 rounded-md bg-brand-50 dark:bg-brand-900/30"
            style={{ width: `${(item.value / max) * 100}%` }}
          />
          <span className="relative min-w-0 truncate px-2 py-1.5 font-medium" title={item.label}>
            {item.label}
          </span>
          <span className="relative shrink-0 px-2 tabular-nums text-slate-600 dark:text-slate-300">
            {formatNumber(item.value)}
            <span className="sr-only"> views</span>
          </span>
        </li>
      ))}
    </ol>
  );
}
