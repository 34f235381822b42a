import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CalendarDays, ExternalLink, Eye, Layers, Loader2, RefreshCw, Trash2 } from 'lucide-react';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { Deployment } from '../../../shared/deployment';
import { EVENTS, type DeploymentUpdateEvent, type SiteUpdateEvent } from '../../../shared/events';
import { sitesApi } from '../../api/deployments';
import { errorMessage } from '../../api/client';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { PageLayout } from '../../components/PageLayout';
import { Badge } from '../../components/StatusBadge';
import { DisabledNotice } from '../../components/DisabledNotice';
import { Button, buttonStyles } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { Spinner } from '../../components/ui/Spinner';
import { useConnection } from '../../hooks/connection';
import { useRealtimeRoom } from '../../hooks/realtime';
import { useSession } from '../../hooks/session';
import {
  DELETE_SITE_CONFIRMATION,
  siteDeploymentsKey,
  siteKey,
  sitesKey,
  useDeleteSite,
  useRedeploy,
  useSetSiteStatus,
} from '../../hooks/sites';
import { useToast } from '../../hooks/toasts';
import { useAnalyticsEnabled } from '../../hooks/analytics';
import { formatDate, formatNumber } from '../../lib/format';
import { detailStatusKind, isFinalStatus, type Tone } from '../../lib/status';
import { DeploymentHistory } from './DeploymentHistory';
import { AiPanel } from './AiPanel';
import { BrandingPanel } from './BrandingPanel';
import { DomainPanel } from './DomainPanel';
import { SiteAnalytics } from './SiteAnalytics';

const OFFLINE_REFETCH_MS = 30_000;
const BADGE_TONE: Record<ReturnType<typeof detailStatusKind>, Tone> = {
  success: 'green',
  working: 'yellow',
  error: 'red',
  other: 'gray',
};

function StatCard({ label, value, icon }: { label: string; value: string; icon: ReactNode }) {
  return (
    <Card className="flex items-center gap-4 p-5">
      <span className="flex h-10 w-10 items-center justify-center rounded-lg bg-brand-50 text-brand-600 dark:bg-brand-900/40 dark:text-brand-300">
        {icon}
      </span>
      <div>
        <p className="text-sm text-slate-500">{label}</p>
        <p className="text-xl font-semibold">{value}</p>
      </div>
    </Card>
  );
}

export function SiteDetailPage() {
  const { id = '' } = useParams();
  const { user, loading } = useSession();
  const navigate = useNavigate();
  const notify = useToast();
  const client = useQueryClient();
  const connected = useConnection();
  const setStatus = useSetSiteStatus();
  const redeploy = useRedeploy();
  const remove = useDeleteSite();
  const analytics = useAnalyticsEnabled();
  const [confirming, setConfirming] = useState<'delete' | Deployment | null>(null);

  useEffect(() => {
    if (!loading && !user) navigate('/auth', { replace: true });
  }, [loading, user, navigate]);

  const refetchInterval = connected ? false : OFFLINE_REFETCH_MS;
  const site = useQuery({
    queryKey: siteKey(id),
    queryFn: () => sitesApi.get(id),
    enabled: Boolean(user && id),
    retry: false,
    staleTime: 0,
    refetchInterval,
  });
  const deployments = useQuery({
    queryKey: siteDeploymentsKey(id),
    queryFn: () =>
      sitesApi.deployments(id).catch((err: unknown) => {
        // SPEC.md section 8: only logged; the history stays empty.
        console.error('Failed to fetch deployments', err);
        return [] as Deployment[];
      }),
    enabled: Boolean(user && id),
    retry: false,
    staleTime: 0,
    refetchInterval,
  });

  const refresh = useCallback(() => {
    void client.invalidateQueries({ queryKey: siteKey(id) });
    void client.invalidateQueries({ queryKey: siteDeploymentsKey(id) });
  }, [client, id]);

  useRealtimeRoom<SiteUpdateEvent>(
    EVENTS.joinSite,
    site.data?.id,
    EVENTS.siteUpdate,
    (e) => {
      if (e.siteId !== id) return;
      setStatus(id, e.status);
      // The domain and certificate states travel with the site, not in the event.
      void client.invalidateQueries({ queryKey: siteKey(id) });
    },
    refresh,
  );
  useRealtimeRoom<DeploymentUpdateEvent>(
    EVENTS.joinSite,
    site.data?.id,
    EVENTS.deploymentUpdate,
    (e) => {
      const list = client.getQueryData<Deployment[]>(siteDeploymentsKey(id));
      if (!list?.some((d) => d.id === e.deploymentId)) return refresh();
      client.setQueryData<Deployment[]>(siteDeploymentsKey(id), (all) =>
        all?.map((d) =>
          d.id === e.deploymentId
            ? {
                ...d,
                status: e.status,
                progress: e.progress,
                message: e.message,
                logs: e.logs,
                buildLogs: e.logs.join('\n'),
              }
            : d,
        ),
      );
      if (isFinalStatus(e.status)) refresh();
    },
  );

  const rollback = useMutation({
    mutationFn: (d: Deployment) => sitesApi.rollback(id, d.id),
    onSuccess: (res) => {
      notify({ type: 'success', title: `Rolled back to version ${res.deployment.version}` });
      client.setQueryData(siteKey(id), res.site);
      void client.invalidateQueries({ queryKey: sitesKey });
      refresh();
    },
    onError: (err) =>
      notify({
        type: 'error',
        title: 'Rollback failed',
        message: errorMessage(err, '') || undefined,
      }),
  });

  if (!user || site.isPending) {
    return (
      <Layout>
        <div className="flex justify-center py-20">
          <Spinner label="Loading site details..." />
        </div>
      </Layout>
    );
  }

  if (site.isError || !site.data) {
    return (
      <Layout>
        <Card className="mx-auto max-w-md p-8 text-center">
          <h1 className="text-lg font-semibold">
            {site.error ? errorMessage(site.error, 'Failed to load site') : 'Site not found'}
          </h1>
          <p className="mt-2 text-sm text-slate-500">
            It may have been deleted, or it belongs to another account.
          </p>
          <Link to="/dashboard" className={buttonStyles({ variant: 'primary', className: 'mt-6' })}>
            Back to Dashboard
          </Link>
        </Card>
      </Layout>
    );
  }

  const s = site.data;
  const history = deployments.data ?? [];
  // A version still queued or building would only be replaced by another redeploy.
  const building =
    s.status === 'BUILDING' ||
    history.some((d) => d.status === 'PENDING' || d.status === 'BUILDING');
  const href = s.customDomainUrl ?? s.url;
  const shownUrl = href.replace(/^https?:\/\//, '');

  const startRedeploy = () =>
    redeploy.mutate(s.id, {
      onSuccess: () => notify({ type: 'success', title: 'Redeployment started!' }),
      onError: () => notify({ type: 'error', title: 'Failed to redeploy site' }),
    });

  const confirm = () => {
    if (confirming === 'delete') {
      remove.mutate(s.id, {
        onSuccess: () => {
          notify({ type: 'success', title: 'Site deleted successfully' });
          navigate('/dashboard');
        },
        onError: () => {
          notify({ type: 'error', title: 'Failed to delete site' });
          setConfirming(null);
        },
      });
    } else if (confirming) {
      rollback.mutate(confirming);
      setConfirming(null);
    }
  };

  return (
    <Layout>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="truncate text-2xl font-bold tracking-tight sm:text-3xl">{s.name}</h1>
            <span className="inline-flex items-center gap-1.5" role="status">
              {detailStatusKind(s.status) === 'working' && (
                <Loader2
                  className="h-4 w-4 animate-spin text-blue-600 dark:text-blue-400"
                  aria-hidden
                />
              )}
              <Badge tone={BADGE_TONE[detailStatusKind(s.status)]}>{s.status.toLowerCase()}</Badge>
            </span>
          </div>
          <a
            href={href}
            target="_blank"
            rel="noopener noreferrer"
            className="mt-1 inline-flex items-center gap-1.5 break-all text-sm font-medium text-brand-600 hover:underline dark:text-brand-400"
          >
            {shownUrl} <ExternalLink className="h-3.5 w-3.5 shrink-0" aria-hidden />
          </a>
        </div>
        <div className="flex shrink-0 gap-2">
          <Button
            variant="secondary"
            onClick={startRedeploy}
            loading={redeploy.isPending}
            disabled={building || Boolean(s.disabledReason)}
          >
            {!redeploy.isPending && <RefreshCw className="h-4 w-4" aria-hidden />} Redeploy
          </Button>
          <Button
            variant="danger"
            onClick={() => setConfirming('delete')}
            disabled={remove.isPending}
          >
            <Trash2 className="h-4 w-4" aria-hidden /> Delete
          </Button>
        </div>
      </div>

      {s.disabledReason && (
        <div className="mt-6">
          <DisabledNotice reason={s.disabledReason} />
        </div>
      )}

      <div className="mt-6 grid gap-4 sm:grid-cols-3">
        <StatCard
          label="Total Views"
          value={formatNumber(s.views)}
          icon={<Eye className="h-5 w-5" aria-hidden />}
        />
        <StatCard
          label="Deployments"
          value={formatNumber(history.length)}
          icon={<Layers className="h-5 w-5" aria-hidden />}
        />
        <StatCard
          label="Created"
          value={formatDate(s.createdAt)}
          icon={<CalendarDays className="h-5 w-5" aria-hidden />}
        />
      </div>

      {analytics && (
        <div className="mt-6">
          <SiteAnalytics siteId={s.id} siteName={s.name} />
        </div>
      )}

      <div className="mt-6 grid gap-6 lg:grid-cols-3">
        <Card className="min-w-0 overflow-hidden lg:col-span-2 lg:self-start">
          <div className="border-b border-slate-200 px-4 py-4 sm:px-6 dark:border-slate-800">
            <h2 className="font-semibold">Deployment History</h2>
          </div>
          {deployments.isPending ? (
            <div className="flex justify-center py-10">
              <Spinner label="Loading deployments..." />
            </div>
          ) : (
            <DeploymentHistory
              deployments={history}
              onRollback={(d) => setConfirming(d)}
              rollingBackId={rollback.isPending ? (rollback.variables?.id ?? null) : null}
            />
          )}
        </Card>
        <div className="min-w-0 space-y-6">
          <DomainPanel site={s} signedIn={!user.isGuest} plan={user.plan} />
          {/* AI keys belong to accounts, so guests' sites have no AI to set up. */}
          {!user.isGuest && <AiPanel siteId={s.id} />}
          {!user.isGuest && <BrandingPanel site={s} plan={user.plan} />}
        </div>
      </div>

      <ConfirmDialog
        open={confirming !== null}
        title={confirming === 'delete' ? `Delete ${s.subdomain}?` : 'Roll back this site?'}
        confirmLabel={confirming === 'delete' ? 'Delete site' : 'Rollback'}
        danger={confirming === 'delete'}
        busy={remove.isPending}
        onConfirm={confirm}
        onClose={() => setConfirming(null)}
      >
        {confirming === 'delete'
          ? DELETE_SITE_CONFIRMATION
          : `Version ${(confirming as Deployment | null)?.version ?? ''} will be live again at once. You can switch back any time.`}
      </ConfirmDialog>
    </Layout>
  );
}

function Layout({ children }: { children: ReactNode }) {
  return (
    <PageLayout variant="subpage" backTo="/dashboard" backText="Dashboard" showConnection>
      {children}
    </PageLayout>
  );
}
