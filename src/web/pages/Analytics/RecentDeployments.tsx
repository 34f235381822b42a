import { Link } from 'react-router';
import {
  formatDeployTime,
  RECENT_DEPLOYMENTS_SHOWN,
  type TimelineEntry,
} from '../../../shared/analytics';
import { Badge } from '../../components/StatusBadge';
import { formatDateTime } from '../../lib/format';
import type { Tone } from '../../lib/status';

const TONE: Record<TimelineEntry['status'], Tone> = {
  SUCCESS: 'green',
  FAILED: 'red',
  PENDING: 'gray',
  BUILDING: 'blue',
};

/** The first ten deployments of the window, newest first. */
export function RecentDeployments({ timeline }: { timeline: TimelineEntry[] }) {
  const shown = timeline.slice(0, RECENT_DEPLOYMENTS_SHOWN);
  return (
    <ul
      className="divide-y divide-slate-100 dark:divide-slate-800"
      data-testid="recent-deployments"
    >
      {shown.map((d) => (
        <li key={d.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 px-5 py-3 text-sm">
          <div className="min-w-0 flex-1">
            <Link
              to={`/deployments/${d.id}`}
              className="block truncate font-medium text-brand-700 hover:underline dark:text-brand-300"
            >
              {d.site.name}
            </Link>
            <p className="text-xs text-slate-500 dark:text-slate-400">
              {formatDateTime(d.createdAt)}
            </p>
          </div>
          <span className="tabular-nums text-slate-600 dark:text-slate-300">
            {d.deploymentTimeMs === null ? '—' : formatDeployTime(d.deploymentTimeMs / 1000)}
          </span>
          <Badge tone={TONE[d.status]}>{d.status.toLowerCase()}</Badge>
        </li>
      ))}
    </ul>
  );
}
