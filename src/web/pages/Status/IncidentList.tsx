import { INCIDENT_STATE_LABELS, STATUS_PART_NAMES, type Incident } from '../../../shared/status';
import { Badge } from '../../components/StatusBadge';
import { Card } from '../../components/ui/Card';
import { formatDateTime } from '../../lib/format';

export function incidentTone(incident: Incident) {
  if (incident.resolvedAt) return 'green' as const;
  return incident.kind === 'maintenance' ? ('blue' as const) : ('yellow' as const);
}

/** An incident or a maintenance window with its updates over time, newest first. */
export function IncidentCard({ incident }: { incident: Incident }) {
  return (
    <Card className="p-5" data-incident={incident.id}>
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="mr-auto font-semibold">{incident.title}</h3>
        <Badge tone="gray">{incident.kind === 'maintenance' ? 'Maintenance' : 'Incident'}</Badge>
        <Badge tone={incidentTone(incident)}>{INCIDENT_STATE_LABELS[incident.state]}</Badge>
      </div>
      <p className="mt-1 text-xs text-slate-500">
        Affects {incident.parts.map((p) => STATUS_PART_NAMES[p]).join(', ')} · since{' '}
        {formatDateTime(incident.createdAt)}
        {incident.resolvedAt ? ` · resolved ${formatDateTime(incident.resolvedAt)}` : ''}
      </p>
      <ol className="mt-4 space-y-3 border-l-2 border-slate-200 pl-4 dark:border-slate-700">
        {incident.updates.map((u) => (
          <li key={u.id} className="text-sm">
            <p>
              <span className="font-medium">{INCIDENT_STATE_LABELS[u.state]}</span>
              <span className="text-slate-500"> · {formatDateTime(u.createdAt)}</span>
            </p>
            <p className="mt-0.5 whitespace-pre-line break-words text-slate-700 dark:text-slate-300">
              {u.message}
            </p>
          </li>
        ))}
      </ol>
    </Card>
  );
}
