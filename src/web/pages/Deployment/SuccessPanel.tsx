import { ExternalLink } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { CopyButton } from '../../components/CopyButton';
import { Button, buttonStyles } from '../../components/ui/Button';
import { formatDateTime } from '../../lib/format';

// The upload flow returns to the dashboard 3 s after success.
const BACK_TO_DASHBOARD_MS = 3000;

/** When and where the site went live; in the upload flow, the trip back to the dashboard. */
export function SuccessPanel({
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
        <div className="flex min-w-0 flex-1 items-center gap-2 rounded-lg border border-slate-200 bg-slate-50 py-1 pl-3 pr-1 dark:border-slate-700 dark:bg-slate-800/60">
          <span className="min-w-0 flex-1 truncate font-mono text-sm">{url}</span>
          <CopyButton text={url} label="Copy site address" />
        </div>
      </div>
      {!staying && (
        <p
          className="mt-4 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600 dark:text-slate-400"
          role="status"
        >
          Taking you to your dashboard in 3 s.
          <Button
            variant="link"
            size="sm"
            className="h-auto px-0 font-medium"
            onClick={() => setStaying(true)}
          >
            Stay here
          </Button>
        </p>
      )}
    </div>
  );
}
