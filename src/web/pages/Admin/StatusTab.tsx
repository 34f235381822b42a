import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import {
  INCIDENT_STATE_LABELS,
  STATUS_PART_NAMES,
  type AdminStatusResponse,
  type Incident,
  type IncidentState,
  type StatusPartId,
} from '../../../shared/status';
import { errorMessage } from '../../api/client';
import { statusApi } from '../../api/status';
import { Badge } from '../../components/StatusBadge';
import { ErrorBox } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { inputStyles } from '../../components/ui/Field';
import { Spinner } from '../../components/ui/Spinner';
import { cn } from '../../components/ui/cn';
import { IncidentCard } from '../Status/IncidentList';
import { STATE_LABELS, STATE_TONES } from '../Status';
import { cellStyles, Empty, headStyles, wide } from './shared';

const field = cn(inputStyles, 'border-slate-300 dark:border-slate-700');

/** The states an update may move an incident (or a maintenance window) to. */
const NEXT_STATES: Record<Incident['kind'], IncidentState[]> = {
  incident: ['investigating', 'identified', 'monitoring', 'resolved'],
  maintenance: ['scheduled', 'in_progress', 'resolved'],
};

/** Status: this month's uptime per part against the SLA; incidents posted and updated. */
export function StatusTab() {
  const status = useQuery({
    queryKey: ['admin', 'status'],
    queryFn: statusApi.admin,
    retry: false,
    staleTime: 0,
  });
  if (status.isPending) return <Spinner label="Loading the status..." />;
  if (status.isError) {
    return <ErrorBox>{errorMessage(status.error, 'Failed to load the status')}</ErrorBox>;
  }
  const open = status.data.incidents.filter((i) => !i.resolvedAt);
  const resolved = status.data.incidents.filter((i) => i.resolvedAt);
  return (
    <div className="space-y-8">
      <MonthTable data={status.data} />
      <div className="grid items-start gap-6 lg:grid-cols-[22rem_1fr]">
        <NewIncident parts={status.data.parts.map((p) => p.id)} />
        <div className="space-y-4">
          {open.length === 0 && <Empty>No open incident or maintenance.</Empty>}
          {open.map((i) => (
            <div key={i.id} className="space-y-2">
              <IncidentCard incident={i} />
              <UpdateForm incident={i} />
            </div>
          ))}
          {resolved.length > 0 && (
            <h3 className="pt-2 text-sm font-semibold text-slate-500">Resolved, last 14 days</h3>
          )}
          {resolved.map((i) => (
            <IncidentCard key={i.id} incident={i} />
          ))}
        </div>
      </div>
    </div>
  );
}

function MonthTable({ data }: { data: AdminStatusResponse }) {
  return (
    <Card className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="px-4 pt-4 text-left font-semibold">
          Uptime in {data.month} against the SLA
        </caption>
        <thead className={headStyles}>
          <tr>
            <th className={cellStyles}>Part</th>
            <th className={cn(cellStyles, wide)}>Now</th>
            <th className={cellStyles}>This month</th>
            <th className={cellStyles}>SLA</th>
          </tr>
        </thead>
        <tbody>
          {data.parts.map((p) => {
            const missed =
              p.slaPercent !== null && p.monthUptime !== null && p.monthUptime < p.slaPercent;
            return (
              <tr
                key={p.id}
                className="border-t border-slate-100 dark:border-slate-800"
                data-part={p.id}
              >
                <td className={cellStyles}>{p.name}</td>
                <td className={cn(cellStyles, wide)}>
                  <Badge tone={STATE_TONES[p.status]}>{STATE_LABELS[p.status]}</Badge>
                </td>
                <td
                  className={cn(
                    cellStyles,
                    missed && 'font-semibold text-red-700 dark:text-red-400',
                  )}
                >
                  {p.monthUptime === null ? 'no checks yet' : `${p.monthUptime}%`}
                </td>
                <td className={cellStyles}>
                  {p.slaPercent === null ? '—' : `${p.slaPercent}%${missed ? ' (missed)' : ''}`}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </Card>
  );
}

function NewIncident({ parts: offered }: { parts: StatusPartId[] }) {
  const client = useQueryClient();
  const [kind, setKind] = useState<Incident['kind']>('incident');
  const [title, setTitle] = useState('');
  const [message, setMessage] = useState('');
  const [parts, setParts] = useState<StatusPartId[]>([]);
  const [announce, setAnnounce] = useState(true);
  const post = useMutation({
    mutationFn: () => statusApi.openIncident({ kind, title, message, parts, announce }),
    onSuccess: () => {
      setTitle('');
      setMessage('');
      setParts([]);
      void client.invalidateQueries({ queryKey: ['admin'] });
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    post.mutate();
  };
  const toggle = (id: StatusPartId) =>
    setParts((now) => (now.includes(id) ? now.filter((p) => p !== id) : [...now, id]));
  return (
    <Card className="p-5">
      <form className="space-y-4 text-sm" onSubmit={submit}>
        <h2 className="text-base font-semibold">Post an incident or maintenance</h2>
        <label className="block">
          <span className="mb-1.5 block font-medium">Kind</span>
          <select
            value={kind}
            onChange={(e) => setKind(e.target.value as Incident['kind'])}
            className={field}
          >
            <option value="incident">Incident</option>
            <option value="maintenance">Maintenance</option>
          </select>
        </label>
        <label className="block">
          <span className="mb-1.5 block font-medium">Title</span>
          <input
            value={title}
            maxLength={200}
            onChange={(e) => setTitle(e.target.value)}
            placeholder="Builds are slow"
            className={field}
          />
        </label>
        <label className="block">
          <span className="mb-1.5 block font-medium">What is happening</span>
          <textarea
            rows={3}
            maxLength={2000}
            value={message}
            onChange={(e) => setMessage(e.target.value)}
            className={field}
          />
        </label>
        <fieldset>
          <legend className="mb-1.5 font-medium">Parts affected</legend>
          <div className="grid grid-cols-2 gap-1">
            {offered.map((id) => (
              <label key={id} className="flex items-center gap-2">
                <input type="checkbox" checked={parts.includes(id)} onChange={() => toggle(id)} />
                {STATUS_PART_NAMES[id]}
              </label>
            ))}
          </div>
        </fieldset>
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            checked={announce}
            onChange={(e) => setAnnounce(e.target.checked)}
          />
          Also announce it on every app screen until resolved
        </label>
        {post.isError && <ErrorBox>{errorMessage(post.error, 'Failed to post')}</ErrorBox>}
        <Button
          type="submit"
          loading={post.isPending}
          disabled={!title.trim() || !message.trim() || parts.length === 0}
        >
          Post to the status page
        </Button>
      </form>
    </Card>
  );
}

function UpdateForm({ incident }: { incident: Incident }) {
  const client = useQueryClient();
  const [state, setState] = useState<IncidentState>(incident.state);
  const [message, setMessage] = useState('');
  const post = useMutation({
    mutationFn: () => statusApi.postUpdate(incident.id, { state, message }),
    onSuccess: () => {
      setMessage('');
      void client.invalidateQueries({ queryKey: ['admin'] });
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    post.mutate();
  };
  return (
    <form
      onSubmit={submit}
      className="flex flex-wrap items-end gap-2 text-sm"
      aria-label={`Update ${incident.title}`}
    >
      <input
        aria-label="Update"
        value={message}
        maxLength={2000}
        onChange={(e) => setMessage(e.target.value)}
        placeholder="What changed"
        className={cn(field, 'w-full min-w-0 sm:w-auto sm:flex-1')}
      />
      <select
        aria-label="New state"
        value={state}
        onChange={(e) => setState(e.target.value as IncidentState)}
        className={cn(field, 'w-auto')}
      >
        {NEXT_STATES[incident.kind].map((s) => (
          <option key={s} value={s}>
            {INCIDENT_STATE_LABELS[s]}
          </option>
        ))}
      </select>
      <Button type="submit" size="sm" loading={post.isPending} disabled={!message.trim()}>
        Post update
      </Button>
      {post.isError && (
        <div className="w-full">
          <ErrorBox>{errorMessage(post.error, 'Failed to post the update')}</ErrorBox>
        </div>
      )}
    </form>
  );
}
