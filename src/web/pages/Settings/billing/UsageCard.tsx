import type { Usage } from '../../../../shared/billing';
import { ProgressBar } from '../../../components/ui/ProgressBar';

export function formatBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${unit === 0 ? value : value.toFixed(1)} ${units[unit]}`;
}

function Meter({
  label,
  used,
  max,
  format,
}: {
  label: string;
  used: number;
  max: number | null;
  format: (n: number) => string;
}) {
  // An unlimited plan has no bar to fill: the count alone says what is used.
  const full = max !== null && used >= max;
  return (
    <div>
      <div className="mb-1.5 flex justify-between gap-3 text-sm">
        <span className="font-medium">{label}</span>
        <span className="text-slate-600 dark:text-slate-400">
          {max === null ? `${format(used)} (unlimited)` : `${format(used)} / ${format(max)}`}
        </span>
      </div>
      {max !== null && (
        <ProgressBar
          label={label}
          value={used}
          max={max}
          fill={full ? 'bg-amber-500' : 'bg-brand-500'}
        />
      )}
    </div>
  );
}

export function SitesMeter({ used, max }: { used: number; max: number | null }) {
  return <Meter label="Sites used" used={used} max={max} format={String} />;
}

/** Current usage against the plan's limits: sites and storage. */
export function UsageMeters({ usage }: { usage: Usage }) {
  return (
    <div className="space-y-4">
      <SitesMeter used={usage.sites} max={usage.maxSites} />
      <Meter
        label="Storage used"
        used={usage.storageBytes}
        max={usage.storageQuotaBytes}
        format={formatBytes}
      />
    </div>
  );
}
