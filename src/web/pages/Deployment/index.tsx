import { AlertTriangle } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, Navigate, useLocation, useParams } from 'react-router';
import { ApiRequestError, getToken } from '../../api/client';
import { PageLayout } from '../../components/PageLayout';
import { buttonStyles } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { Spinner } from '../../components/ui/Spinner';
import { useDeployment } from '../../hooks/deployment';
import { deploymentView } from '../../lib/status';
import { ErrorDetails } from './ErrorDetails';
import { LogConsole } from './LogConsole';
import { StatusHeader } from './StatusHeader';
import { SuccessPanel } from './SuccessPanel';

// Polling only while the socket is down, faster in the upload flow.
const POLL_FROM_UPLOAD_MS = 15_000;
const POLL_MS = 30_000;

/** The console's wording for a deployment that could not be fetched. */
function consoleError(err: unknown): string {
  if (!getToken()) return 'Authentication required';
  if (err instanceof ApiRequestError && err.status !== 0 && err.status < 500 && err.message) {
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

  const layout = (children: ReactNode) => (
    <PageLayout
      variant="subpage"
      backTo="/dashboard"
      backText="Dashboard"
      showConnection
      width="narrow"
    >
      {children}
    </PageLayout>
  );

  if (!deployment && query.isError) {
    return layout(
      <div className="space-y-6">
        <div className="flex items-start gap-3">
          <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-amber-100 text-amber-600 dark:bg-amber-900/40 dark:text-amber-300">
            <AlertTriangle className="h-5 w-5" aria-hidden />
          </span>
          <div>
            <h1 className="text-xl font-semibold">This deployment could not be loaded</h1>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
              It may belong to another account, or the link may be incomplete.
            </p>
          </div>
        </div>
        <LogConsole lines={[]} note={consoleError(query.error)} />
        <Link to="/dashboard" className={buttonStyles({ variant: 'secondary' })}>
          Back to Dashboard
        </Link>
      </div>,
    );
  }

  if (!deployment) {
    return layout(
      <div className="flex justify-center py-16">
        <Spinner label="Loading deployment..." />
      </div>,
    );
  }

  const view = deploymentView(deployment, fromUpload ? 'upload' : 'progress');
  const failed = deployment.status === 'FAILED';
  return layout(
    <div className="space-y-6">
      <div>
        <p className="text-sm text-slate-500 dark:text-slate-400">
          Deployment · version {deployment.version}
        </p>
        <h1 className="mt-1 break-words text-2xl font-bold tracking-tight">
          {deployment.site.name}
        </h1>
        <p className="break-all font-mono text-sm text-slate-600 dark:text-slate-400">
          {deployment.site.url.replace(/^https?:\/\//, '')}
        </p>
      </div>
      <Card className="p-5 sm:p-6">
        <StatusHeader
          status={deployment.status}
          // The full error is in Error Details right below; the header only names the outcome.
          view={failed ? { ...view, detail: 'The build stopped. The details are below.' } : view}
        />
        {deployment.status === 'SUCCESS' && (
          <SuccessPanel
            url={deployment.site.url}
            deployedAt={deployment.deployedAt}
            returnToDashboard={fromUpload}
          />
        )}
      </Card>
      {failed && (
        <ErrorDetails
          message={deployment.errorMessage}
          subdomain={deployment.site.subdomain}
          fix={{
            siteId: deployment.site.id,
            deploymentId: deployment.id,
            version: deployment.version,
          }}
        />
      )}
      <LogConsole lines={deployment.logs} note={query.isError ? consoleError(query.error) : null} />
    </div>,
  );
}
