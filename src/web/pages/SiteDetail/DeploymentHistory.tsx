import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, ChevronDown, Clock, Loader2, RotateCcw, XCircle } from 'lucide-react';
import { useState } from 'react';
import type { Deployment } from '../../../shared/deployment';
import type { Site } from '../../../shared/site';
import { deploymentsApi } from '../../api/deployments';
import { errorMessage } from '../../api/client';
import { CopyButton } from '../../components/CopyButton';
import { FixWithAi } from '../../components/FixWithAi';
import { Badge } from '../../components/StatusBadge';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { cn } from '../../components/ui/cn';
import { Spinner } from '../../components/ui/Spinner';
import { Switch } from '../../components/ui/Switch';
import { useSetVersionLinks } from '../../hooks/sites';
import { useToast } from '../../hooks/toasts';
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
  readOnly,
  latest,
}: {
  deployment: Deployment;
  onRollback: (d: Deployment) => void;
  rollingBack: boolean;
  readOnly: boolean;
  /** The site's newest version. */
  latest: boolean;
}) {
  const [open, setOpen] = useState(false);
  const { icon: Icon, tone, color } = KIND[detailStatusKind(deployment.status)];
  const hasLogs = Boolean(deployment.buildLogs || deployment.errorMessage);
  const canRollback = !readOnly && deployment.status === 'SUCCESS' && !deployment.isLive;
  // Only the newest failure: an older one was already followed by another version.
  const canFix = !readOnly && deployment.status === 'FAILED' && latest;
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
            {deployment.deployedBy && ` by ${deployment.deployedBy.name}`}
            {deployment.deployedAt && ` · Deployed ${formatDateTime(deployment.deployedAt)}`}
          </p>
          {deployment.versionUrl && (
            <VersionLink url={deployment.versionUrl} version={deployment.version} />
          )}
          {deployment.errorMessage && (
            <p className="mt-1 break-words text-sm text-red-600 dark:text-red-400">
              {deployment.errorMessage}
            </p>
          )}
        </div>
        <div className="flex shrink-0 flex-wrap gap-2">
          {canFix && (
            <FixWithAi
              siteId={deployment.siteId}
              deploymentId={deployment.id}
              version={deployment.version}
            />
          )}
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

/** A successful version's permanent address, to open or copy. */
function VersionLink({ url, version }: { url: string; version: number }) {
  return (
    <div className="mt-2 flex min-w-0 items-center gap-2">
      <a
        href={url}
        target="_blank"
        rel="noreferrer"
        className="min-w-0 truncate font-mono text-xs text-brand-700 hover:underline dark:text-brand-300"
        aria-label={`Open version ${version} at its own link`}
      >
        {url.replace(/^https?:\/\//, '')}
      </a>
      <CopyButton text={url} label={`Copy the link of version ${version}`} compact />
    </div>
  );
}

/** The site's switch for version links: off, each version's own address answers not found. */
function VersionLinksSwitch({ site }: { site: Pick<Site, 'id' | 'versionLinks'> }) {
  const notify = useToast();
  const change = useSetVersionLinks(site.id);
  return (
    <label className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-300">
      Version links
      <Switch
        checked={site.versionLinks}
        disabled={change.isPending}
        label="Version links"
        onChange={(enabled) =>
          change.mutate(enabled, {
            onError: (err) =>
              notify({
                type: 'error',
                title: 'Version links were not changed',
                message: errorMessage(err, '') || undefined,
              }),
          })
        }
      />
    </label>
  );
}

/** The site's versions, newest first, each with its logs and a way to make it live again. */
export function DeploymentHistory({
  site,
  deployments,
  onRollback,
  rollingBackId,
  readOnly = false,
}: {
  /** The site whose versions these are: its switch for version links. */
  site: Pick<Site, 'id' | 'versionLinks'>;
  /** Undefined while the list is loading. */
  deployments: Deployment[] | undefined;
  onRollback: (d: Deployment) => void;
  rollingBackId: string | null;
  /** A team's viewer: the versions without Rollback. */
  readOnly?: boolean;
}) {
  return (
    <Card className="min-w-0 overflow-hidden lg:col-span-2 lg:self-start">
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 px-4 py-4 sm:px-6 dark:border-slate-800">
        <h2 className="font-semibold">Deployment History</h2>
        {!readOnly && <VersionLinksSwitch site={site} />}
      </div>
      {!deployments ? (
        <div className="flex justify-center py-10">
          <Spinner label="Loading deployments..." />
        </div>
      ) : deployments.length === 0 ? (
        <p className="px-6 py-10 text-center text-sm text-slate-500">No deployments yet</p>
      ) : (
        <ul className="divide-y divide-slate-100 dark:divide-slate-800">
          {deployments.map((d, i) => (
            <HistoryItem
              key={d.id}
              latest={i === 0}
              deployment={d}
              onRollback={onRollback}
              rollingBack={rollingBackId === d.id}
              readOnly={readOnly}
            />
          ))}
        </ul>
      )}
    </Card>
  );
}
