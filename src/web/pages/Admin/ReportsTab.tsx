import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ABUSE_CATEGORY_LABELS, type AdminReport } from '../../../shared/admin';
import { adminApi } from '../../api/admin';
import { errorMessage } from '../../api/client';
import { Badge } from '../../components/StatusBadge';
import { ErrorBox } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { Spinner } from '../../components/ui/Spinner';
import { formatDateTime } from '../../lib/format';
import type { ReasonRequest } from './ReasonDialog';
import { Empty } from './shared';

type Filter = 'OPEN' | 'RESOLVED' | 'ALL';

export function ReportsTab({ ask }: { ask: (r: ReasonRequest) => void }) {
  const client = useQueryClient();
  const [filter, setFilter] = useState<Filter>('OPEN');
  const reports = useQuery({
    queryKey: ['admin', 'reports', filter],
    queryFn: () => adminApi.reports(filter),
    retry: false,
    staleTime: 0,
  });
  const refresh = () => void client.invalidateQueries({ queryKey: ['admin'] });
  const resolve = useMutation({
    mutationFn: (r: AdminReport) => adminApi.resolveReport(r.id, ''),
    onSuccess: refresh,
  });
  const disable = (r: AdminReport) =>
    r.siteId &&
    ask({
      title: `Disable ${r.siteAddress}?`,
      body: 'Visitors get a ‘This site has been disabled’ page (451) at once; its files are kept for review and its owner sees your reason.',
      confirmLabel: 'Disable site',
      initialReason: ABUSE_CATEGORY_LABELS[r.category],
      run: async (reason) => {
        await adminApi.disableSite(r.siteId!, reason);
        await adminApi.resolveReport(r.id, `Site disabled: ${reason}`);
        refresh();
      },
    });

  return (
    <div className="space-y-4">
      <div className="flex items-center gap-2 text-sm">
        <label htmlFor="report-filter" className="font-medium">
          Show
        </label>
        <select
          id="report-filter"
          value={filter}
          onChange={(e) => setFilter(e.target.value as Filter)}
          className="rounded-lg border border-slate-300 bg-white px-2 py-1.5 dark:border-slate-700 dark:bg-slate-900"
        >
          <option value="OPEN">Open reports</option>
          <option value="RESOLVED">Resolved reports</option>
          <option value="ALL">All reports</option>
        </select>
      </div>
      {reports.isPending && <Spinner label="Loading reports..." />}
      {reports.isError && (
        <ErrorBox>{errorMessage(reports.error, 'Failed to load reports')}</ErrorBox>
      )}
      {resolve.isError && <ErrorBox>{errorMessage(resolve.error, 'Failed to resolve')}</ErrorBox>}
      {reports.data?.reports.length === 0 && <Empty>No reports here.</Empty>}
      <ul className="space-y-3">
        {reports.data?.reports.map((r) => (
          <li key={r.id}>
            <Card className="p-4" data-report={r.id}>
              <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
                <div className="min-w-0">
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="break-all font-semibold">{r.siteAddress}</span>
                    <Badge tone={r.category === 'other' ? 'gray' : 'red'}>
                      {ABUSE_CATEGORY_LABELS[r.category]}
                    </Badge>
                    {r.siteDisabled && <Badge tone="gray">site disabled</Badge>}
                    {r.status === 'RESOLVED' && <Badge tone="green">resolved</Badge>}
                  </div>
                  <p className="mt-2 whitespace-pre-wrap break-words text-sm text-slate-700 dark:text-slate-300">
                    {r.description}
                  </p>
                  <p className="mt-2 text-xs text-slate-500">
                    {formatDateTime(r.createdAt)}
                    {r.reporterEmail ? ` · from ${r.reporterEmail}` : ' · anonymous'}
                    {r.resolution ? ` · ${r.resolution}` : ''}
                  </p>
                </div>
                {r.status === 'OPEN' && (
                  <div className="flex shrink-0 gap-2">
                    {r.siteId && !r.siteDisabled && (
                      <Button size="sm" variant="danger" onClick={() => disable(r)}>
                        Disable site
                      </Button>
                    )}
                    <Button
                      size="sm"
                      variant="secondary"
                      loading={resolve.isPending && resolve.variables?.id === r.id}
                      onClick={() => resolve.mutate(r)}
                    >
                      Resolve
                    </Button>
                  </div>
                )}
              </div>
            </Card>
          </li>
        ))}
      </ul>
    </div>
  );
}
