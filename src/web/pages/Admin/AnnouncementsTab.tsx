import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { Announcement } from '../../../shared/admin';
import { adminApi } from '../../api/admin';
import { errorMessage } from '../../api/client';
import { Badge } from '../../components/StatusBadge';
import { ErrorBox } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { inputStyles } from '../../components/ui/Field';
import { cn } from '../../components/ui/cn';
import { formatDateTime } from '../../lib/format';
import { Empty } from './shared';

const DURATIONS = [
  { hours: 1, label: '1 hour' },
  { hours: 6, label: '6 hours' },
  { hours: 24, label: '1 day' },
  { hours: 72, label: '3 days' },
  { hours: 24 * 7, label: '1 week' },
];

function running(a: Announcement): boolean {
  return !a.endedAt && Date.parse(a.expiresAt) > Date.now();
}

export function AnnouncementsTab() {
  const client = useQueryClient();
  const [message, setMessage] = useState('');
  const [level, setLevel] = useState<'info' | 'warning'>('info');
  const [hours, setHours] = useState(6);
  const list = useQuery({
    queryKey: ['admin', 'announcements'],
    queryFn: adminApi.announcements,
    retry: false,
    staleTime: 0,
  });
  const refresh = () => void client.invalidateQueries({ queryKey: ['admin'] });
  const post = useMutation({
    mutationFn: () =>
      adminApi.announce({
        message,
        level,
        expiresAt: new Date(Date.now() + hours * 3_600_000).toISOString(),
      }),
    onSuccess: () => {
      setMessage('');
      refresh();
    },
  });
  const end = useMutation({ mutationFn: adminApi.endAnnouncement, onSuccess: refresh });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    post.mutate();
  };

  return (
    <div className="grid items-start gap-6 lg:grid-cols-[22rem_1fr]">
      <Card className="p-5">
        <form className="space-y-4" onSubmit={submit}>
          <h2 className="font-semibold">New announcement</h2>
          <div>
            <label htmlFor="announcement-message" className="mb-1.5 block text-sm font-medium">
              Message
            </label>
            <textarea
              id="announcement-message"
              rows={3}
              maxLength={300}
              value={message}
              onChange={(e) => setMessage(e.target.value)}
              placeholder="Scheduled maintenance on Sunday 02:00–03:00 UTC: deploys will pause."
              className={cn(inputStyles, 'border-slate-300 dark:border-slate-700')}
            />
          </div>
          <div className="grid grid-cols-2 gap-3 text-sm">
            <label className="block">
              <span className="mb-1.5 block font-medium">Level</span>
              <select
                value={level}
                onChange={(e) => setLevel(e.target.value as 'info' | 'warning')}
                className={cn(inputStyles, 'border-slate-300 dark:border-slate-700')}
              >
                <option value="info">Info</option>
                <option value="warning">Warning</option>
              </select>
            </label>
            <label className="block">
              <span className="mb-1.5 block font-medium">Shown for</span>
              <select
                value={hours}
                onChange={(e) => setHours(Number(e.target.value))}
                className={cn(inputStyles, 'border-slate-300 dark:border-slate-700')}
              >
                {DURATIONS.map((d) => (
                  <option key={d.hours} value={d.hours}>
                    {d.label}
                  </option>
                ))}
              </select>
            </label>
          </div>
          {post.isError && <ErrorBox>{errorMessage(post.error, 'Failed to post')}</ErrorBox>}
          <Button type="submit" loading={post.isPending} disabled={!message.trim()}>
            Post to every screen
          </Button>
        </form>
      </Card>
      <div className="space-y-3">
        {list.data?.announcements.length === 0 && <Empty>No announcement yet.</Empty>}
        {list.data?.announcements.map((a) => (
          <Card key={a.id} className="flex items-start justify-between gap-3 p-4">
            <div className="min-w-0 text-sm">
              <div className="flex flex-wrap gap-2">
                <Badge tone={a.level === 'warning' ? 'yellow' : 'blue'}>{a.level}</Badge>
                <Badge tone={running(a) ? 'green' : 'gray'}>
                  {running(a) ? 'showing' : a.endedAt ? 'ended' : 'expired'}
                </Badge>
              </div>
              <p className="mt-2 break-words">{a.message}</p>
              <p className="mt-1 text-xs text-slate-500">
                {formatDateTime(a.createdAt)} → {formatDateTime(a.endedAt ?? a.expiresAt)}
              </p>
            </div>
            {running(a) && (
              <Button
                size="sm"
                variant="secondary"
                loading={end.isPending && end.variables === a.id}
                onClick={() => end.mutate(a.id)}
              >
                End now
              </Button>
            )}
          </Card>
        ))}
      </div>
    </div>
  );
}
