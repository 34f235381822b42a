import type { TeamActivity } from '../../../shared/team';
import { Card } from '../../components/ui/Card';
import { formatDateTime } from '../../lib/format';

/**
 * The team's log, newest first: the server writes each entry as a sentence naming who did
 * what ("Ada invited bo@example.com as member"), so it is shown as written, with when.
 */
export function ActivityCard({ activity }: { activity: TeamActivity[] }) {
  return (
    <Card className="self-start">
      <section aria-label="Activity">
        <h2 className="border-b border-slate-100 px-5 py-4 font-semibold dark:border-slate-800">
          Activity
        </h2>
        {activity.length === 0 ? (
          <p className="px-5 py-4 text-sm text-slate-500">Nothing has happened yet.</p>
        ) : (
          <ol className="max-h-[32rem] divide-y divide-slate-100 overflow-y-auto dark:divide-slate-800">
            {activity.map((entry) => (
              <li key={entry.id} className="px-5 py-3">
                <p className="text-sm">{entry.detail}.</p>
                <p className="mt-0.5 text-xs text-slate-500">
                  <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
                </p>
              </li>
            ))}
          </ol>
        )}
      </section>
    </Card>
  );
}
