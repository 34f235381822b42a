import { ExternalLink, RotateCcw } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { ApiRequestError, getToken } from '../../api/client';
import { CopyButton } from '../../components/CopyButton';
import { PageLayout } from '../../components/PageLayout';
import { Button, buttonStyles } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { Spinner } from '../../components/ui/Spinner';
import { useDeployment } from '../../hooks/deployment';
import { formatDateTime } from '../../lib/format';
import { deploymentView } from '../../lib/status';
import { LogConsole } from './LogConsole';
import { StatusHeader } from './StatusHeader';

// SPEC.md section 9: polling only while the socket is down, faster in the upload flow.
const POLL_FROM_UPLOAD_MS = 15_000;
const POLL_MS = 30_000;
const BACK_TO_DASHBOARD_MS = 3000;

function consoleError(err: unknown): string {
  if (!getToken()) return 'Authentication required';
  if (err instanceof ApiRequestError && err.status !== 0 && err.status < 500) {
    return `Error: ${err.message}`;
  }
  return 'Failed to fetch deployment status';
}

export function DeploymentPage() {
  const { deploymentId } = useParams();
  const location = useLocation();
  const fromUpload = Boolean((location.state as { fromUpload?: boolean } | null)?.fromUpload);
  const query = useDeployment(deploymentId, fromUpload ? POLL_FROM_UPLOAD_MS : POLL_MS);
  const deployment = query.data;

  if (!deploymentId) return <Navigate to="/dashboard" replace />;

  return (
    <PageLayout
      variant="subpage"
      backTo="/dashboard"
      backText="Dashboard"
      title="Deployment"
      showConnection
      width="narrow"
    >
      {!deployment ? (
        query.isError ? (
          <div className="space-y-4">
            <LogConsole lines={[]} note={consoleError(query.error)} />
            <Link to="/dashboard" className={buttonStyles({ variant: 'secondary' })}>
              Back to Dashboard
            </Link>
          </div>
        ) : (
          <div className="flex justify-center py-16">
            <Spinner label="Loading deployment..." />
          </div>
        )
      ) : (
        <div className="space-y-6">
          <div>
            <p className="text-sm text-slate-500">Version {deployment.version}</p>
            <h1 className="text-2xl font-bold tracking-tight">{deployment.site.name}</h1>
            <p className="break-all font-mono text-sm text-slate-600 dark:text-slate-400">
              {deployment.site.url.replace(/^https?:\/\//, '')}
            </p>
          </div>
          <Card className="p-5 sm:p-6">
            <StatusHeader status={deployment.status} view={deploymentView(deployment)} />
            {deployment.status === 'SUCCESS' && (
              <Success
                url={deployment.site.url}
                deployedAt={deployment.deployedAt}
                returnToDashboard={fromUpload}
              />
            )}
          </Card>
          {deployment.status === 'FAILED' && (
            <section
              aria-labelledby="error-details"
              className="rounded-xl border border-red-200 bg-red-50 p-5 dark:border-red-900 dark:bg-red-950/40"
            >
              <h2 id="error-details" className="font-semibold text-red-800 dark:text-red-300">
                Error Details
              </h2>
              <p className="mt-2 whitespace-pre-wrap break-words font-mono text-sm text-red-700 dark:text-red-300">
                {deployment.errorMessage || 'Deployment failed'}
              </p>
              <p className="mt-3 text-sm text-red-700 dark:text-red-300">
                Your site keeps showing its previous version, if it had one.
              </p>
              <Link
                to={`/upload?subdomain=${encodeURIComponent(deployment.site.subdomain)}`}
                className={buttonStyles({ variant: 'secondary', size: 'sm', className: 'mt-4' })}
              >
                <RotateCcw className="h-4 w-4" aria-hidden /> Try again
              </Link>
            </section>
          )}
          <LogConsole
            lines={deployment.logs}
            note={query.isError ? consoleError(query.error) : null}
          />
        </div>
      )}
    </PageLayout>
  );
}

function Success({
  url,
  deployedAt,
  returnToDashboard,
}: {
  url: string;
  deployedAt: string | null;
  returnToDashboard: boolean;
}) {
  const navigate = useNavigate();
  const [staying, setStaying] = useState(!returnToDashboard);

  // SPEC.md section 2: the upload flow returns to the dashboard 3 s after success.
  useEffect(() => {
    if (staying) return;
    const timer = setTimeout(() => navigate('/dashboard'), BACK_TO_DASHBOARD_MS);
    return () => clearTimeout(timer);
  }, [staying, navigate]);

  return (
    <div className="mt-6 border-t border-slate-100 pt-5 dark:border-slate-800">
      {deployedAt && (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Deployed at <time dateTime={deployedAt}>{formatDateTime(deployedAt)}</time>
        </p>
      )}
      <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-center">
        <a
          href={url}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonStyles({ variant: 'primary' })}
        >
          View Site <ExternalLink className="h-4 w-4" aria-hidden />
        </a>
        <div className="flex min-w-0 flex-1 items-center gap-2 rounded-lg bg-slate-50 px-3 py-1.5 dark:bg-slate-800/60">
          <span className="min-w-0 flex-1 truncate font-mono text-sm">{url}</span>
          <CopyButton text={url} label="Copy site address" />
        </div>
      </div>
      {!staying && (
        <p className="mt-4 flex flex-wrap items-center gap-2 text-sm text-slate-500" role="status">
          Taking you to your dashboard in 3 s.
          <Button variant="link" size="sm" className="h-auto px-0" onClick={() => setStaying(true)}>
            Stay here
          </Button>
        </p>
      )}
    </div>
  );
}
