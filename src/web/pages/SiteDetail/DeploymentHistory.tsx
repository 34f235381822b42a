import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, ChevronDown, Clock, Loader2, RotateCcw, XCircle } from 'lucide-react';
import { useState } from 'react';
import type { Deployment } from '../../../shared/deployment';
import { deploymentsApi } from '../../api/deployments';
import { Badge } from '../../components/StatusBadge';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { cn } from '../../components/ui/cn';
import { Spinner } from '../../components/ui/Spinner';
import { formatDateTime } from '../../lib/format';
import { detailStatusKind, type Tone } from '../../lib/status';

const KIND: Record<
  ReturnType<typeof detailStatusKind>,
  { icon: typeof Clock; tone: Tone; color: string }
> = {
  success: { icon: CheckCircle2, tone: 'green', color: 'text-green-600 dark:text-green-400' },
  working: {
    icon: Loader2,
    tone: 'yellow',
    color: 'animate-spin text-blue-600 dark:text-blue-400',
  },
  error: { icon: XCircle, tone: 'red', color: 'text-red-600 dark:text-red-400' },
  other: { icon: Clock, tone: 'gray', color: 'text-slate-400' },
};

function LogsBox({ deployment }: { deployment: Deployment }) {
  const logs = useQuery({
    queryKey: ['deployment', deployment.id, 'logs', deployment.status],
    queryFn: () => deploymentsApi.logs(deployment.id),
    retry: false,
  });
  const lines = logs.data?.logs ?? [];
  const error = logs.data?.errorMessage ?? deployment.errorMessage;
  return (
    <div className="mt-3 overflow-hidden rounded-lg border border-slate-800">
      <p className="border-b border-slate-800 bg-slate-900 px-3 py-1.5 text-xs font-medium text-slate-400">
        Deployment Logs
      </p>
      <div className="max-h-72 overflow-auto bg-slate-950 p-3 font-mono text-xs leading-relaxed text-slate-200">
        {logs.isPending ? (
          <p className="text-slate-500">Loading logs...</p>
        ) : logs.isError ? (
          <p className="text-red-400">Failed to load logs</p>
        ) : lines.length === 0 && !error ? (
          <p className="text-slate-500">No logs available</p>
        ) : (
          <>
            {lines.map((line, i) => (
              <p key={i}>{line}</p>
            ))}
            {error && <p className="text-red-400">{error}</p>}
          </>
        )}
      </div>
    </div>
  );
}

function HistoryItem({
  deployment,
  onRollback,
  rollingBack,
}: {
  deployment: Deployment;
  onRollback: (d: Deployment) => void;
  rollingBack: boolean;
}) {
  const [open, setOpen] = useState(false);
  const { icon: Icon, tone, color } = KIND[detailStatusKind(deployment.status)];
  const hasLogs = Boolean(deployment.buildLogs || deployment.errorMessage);
  const canRollback = deployment.status === 'SUCCESS' && !deployment.isLive;
  return (
    <li className="p-4 sm:px-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <Icon className={cn('mt-0.5 hidden h-5 w-5 shrink-0 sm:block', color)} aria-hidden />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-medium">Version {deployment.version}</span>
            <Badge tone={tone}>{deployment.status.toLowerCase()}</Badge>
            {deployment.isLive && <Badge tone="blue">Live</Badge>}
          </div>
          <p className="mt-1 text-xs text-slate-500">
            Created {formatDateTime(deployment.createdAt)}
            {deployment.deployedAt && ` · Deployed ${formatDateTime(deployment.deployedAt)}`}
          </p>
          {deployment.errorMessage && (
            <p className="mt-1 break-words text-sm text-red-600 dark:text-red-400">
              {deployment.errorMessage}
            </p>
          )}
        </div>
        <div className="flex shrink-0 gap-2">
          {canRollback && (
            <Button
              variant="secondary"
              size="sm"
              loading={rollingBack}
              onClick={() => onRollback(deployment)}
              aria-label={`Roll back to version ${deployment.version}`}
            >
              {!rollingBack && <RotateCcw className="h-4 w-4" aria-hidden />} Rollback
            </Button>
          )}
          {hasLogs && (
            <Button
              variant="ghost"
              size="sm"
              aria-expanded={open}
              aria-label={`${open ? 'Hide' : 'Show'} logs for version ${deployment.version}`}
              onClick={() => setOpen((o) => !o)}
            >
              {open ? 'Hide logs' : 'Show logs'}
              <ChevronDown
                className={cn('h-4 w-4 transition-transform', open && 'rotate-180')}
                aria-hidden
              />
            </Button>
          )}
        </div>
      </div>
      {open && <LogsBox deployment={deployment} />}
    </li>
  );
}

/** The site's versions, newest first, each with its logs and a way to make it live again. */
export function DeploymentHistory({
  deployments,
  onRollback,
  rollingBackId,
}: {
  /** Undefined while the list is loading. */
  deployments: Deployment[] | undefined;
  onRollback: (d: Deployment) => void;
  rollingBackId: string | null;
}) {
  return (
    <Card className="min-w-0 overflow-hidden lg:col-span-2 lg:self-start">
      <div className="border-b border-slate-200 px-4 py-4 sm:px-6 dark:border-slate-800">
        <h2 className="font-semibold">Deployment History</h2>
      </div>
      {!deployments ? (
        <div className="flex justify-center py-10">
          <Spinner label="Loading deployments..." />
        </div>
      ) : deployments.length === 0 ? (
        <p className="px-6 py-10 text-center text-sm text-slate-500">No deployments yet</p>
      ) : (
        <ul className="divide-y divide-slate-100 dark:divide-slate-800">
          {deployments.map((d) => (
            <HistoryItem
              key={d.id}
              deployment={d}
              onRollback={onRollback}
              rollingBack={rollingBackId === d.id}
            />
          ))}
        </ul>
      )}
    </Card>
  );
}
