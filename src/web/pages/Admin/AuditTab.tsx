import { useQuery } from '@tanstack/react-query';
import { adminApi } from '../../api/admin';
import { errorMessage } from '../../api/client';
import { ErrorBox } from '../../components/ui/Alert';
import { Card } from '../../components/ui/Card';
import { Spinner } from '../../components/ui/Spinner';
import { formatDateTime } from '../../lib/format';
import { cellStyles, Empty, headStyles } from './shared';

const ACTION_LABELS: Record<string, string> = {
  'site.disable': 'Disabled site',
  'site.enable': 'Enabled site',
  'user.suspend': 'Suspended user',
  'user.unsuspend': 'Lifted suspension',
  'report.resolve': 'Resolved report',
  'announcement.create': 'Posted announcement',
  'announcement.end': 'Ended announcement',
  'incident.create': 'Posted incident',
  'incident.update': 'Updated incident',
};

/** Who did what to what, when and why: every operator action, newest first. */
export function AuditTab() {
  const log = useQuery({
    queryKey: ['admin', 'audit'],
    queryFn: adminApi.audit,
    retry: false,
    staleTime: 0,
  });
  if (log.isPending) return <Spinner label="Loading the audit log..." />;
  if (log.isError) return <ErrorBox>{errorMessage(log.error, 'Failed to load the log')}</ErrorBox>;
  if (log.data.entries.length === 0) return <Empty>No operator action yet.</Empty>;
  return (
    <Card className="overflow-x-auto">
      <table className="w-full min-w-[40rem] text-left text-sm">
        <thead className={headStyles}>
          <tr>
            <th className={cellStyles}>When</th>
            <th className={cellStyles}>Who</th>
            <th className={cellStyles}>What</th>
            <th className={cellStyles}>Target</th>
            <th className={cellStyles}>Reason</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
          {log.data.entries.map((e) => (
            <tr key={e.id} data-audit={e.action}>
              <td className={`${cellStyles} whitespace-nowrap`}>{formatDateTime(e.createdAt)}</td>
              <td className={`${cellStyles} break-all`}>{e.actorEmail}</td>
              <td className={cellStyles}>{ACTION_LABELS[e.action] ?? e.action}</td>
              <td className={`${cellStyles} break-all`}>{e.targetLabel}</td>
              <td className={`${cellStyles} text-slate-600 dark:text-slate-400`}>
                {e.reason ?? '—'}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}
