import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { AdminUser } from '../../../shared/admin';
import { adminApi } from '../../api/admin';
import { errorMessage } from '../../api/client';
import { Badge } from '../../components/StatusBadge';
import { ErrorBox } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { Spinner } from '../../components/ui/Spinner';
import { formatDate } from '../../lib/format';
import type { ReasonRequest } from './ReasonDialog';
import { cellStyles, Empty, headStyles, SearchBox, searchListQuery, wide } from './shared';

export function UsersTab({ ask }: { ask: (r: ReasonRequest) => void }) {
  const client = useQueryClient();
  const [q, setQ] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const users = useQuery({
    queryKey: ['admin', 'users', q],
    queryFn: () => adminApi.users(q),
    ...searchListQuery,
  });
  const refresh = () => void client.invalidateQueries({ queryKey: ['admin'] });
  const suspend = (u: AdminUser) =>
    ask({
      title: `Suspend ${u.email}?`,
      body: 'Their sessions end now, every site of theirs is disabled, and sign-in, the API and deploys are refused with your reason.',
      confirmLabel: 'Suspend user',
      run: async (reason) => {
        await adminApi.suspendUser(u.id, reason);
        refresh();
      },
    });
  const unsuspend = async (u: AdminUser) => {
    setFailure(null);
    try {
      await adminApi.unsuspendUser(u.id);
      refresh();
    } catch (err) {
      setFailure(errorMessage(err, 'Failed to lift the suspension'));
    }
  };

  return (
    <div className="space-y-4">
      <SearchBox label="Search users" placeholder="E-mail address" onSearch={setQ} />
      {failure && <ErrorBox>{failure}</ErrorBox>}
      {users.isPending && <Spinner label="Searching..." />}
      {users.isError && <ErrorBox>{errorMessage(users.error, 'Failed to load users')}</ErrorBox>}
      {users.data?.users.length === 0 && <Empty>No user matches.</Empty>}
      {users.data && users.data.users.length > 0 && (
        <Card className="overflow-x-auto" aria-busy={users.isPlaceholderData}>
          <table className="w-full text-left text-sm">
            <thead className={headStyles}>
              <tr>
                <th className={cellStyles}>User</th>
                <th className={cellStyles}>Plan</th>
                <th className={`${cellStyles} ${wide} text-right`}>Sites</th>
                <th className={`${cellStyles} ${wide}`}>Joined</th>
                <th className={cellStyles}>
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
              {users.data.users.map((u) => (
                <tr key={u.id} data-user={u.email}>
                  <td className={`${cellStyles} break-all`}>
                    <span className="font-medium">{u.email}</span>
                    {u.name && <span className="block text-xs text-slate-500">{u.name}</span>}
                    {u.suspendedAt && (
                      <span className="block text-xs text-red-700 dark:text-red-300">
                        Suspended: {u.suspendedReason}
                      </span>
                    )}
                  </td>
                  <td className={cellStyles}>
                    <Badge tone={u.plan === 'ADMIN' ? 'blue' : 'gray'}>
                      {u.isGuest ? 'Guest' : u.plan}
                    </Badge>
                  </td>
                  <td className={`${cellStyles} ${wide} text-right tabular-nums`}>{u.siteCount}</td>
                  <td className={`${cellStyles} ${wide}`}>{formatDate(u.createdAt)}</td>
                  <td className={`${cellStyles} text-right`}>
                    {u.plan === 'ADMIN' ? null : u.suspendedAt ? (
                      <Button size="sm" variant="secondary" onClick={() => void unsuspend(u)}>
                        Unsuspend
                      </Button>
                    ) : (
                      <Button size="sm" variant="danger" onClick={() => suspend(u)}>
                        Suspend
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </Card>
      )}
    </div>
  );
}
