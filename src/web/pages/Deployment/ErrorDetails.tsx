import { RotateCcw } from 'lucide-react';
import { Link } from 'react-router';
import { FixWithAi } from '../../components/FixWithAi';
import { buttonStyles } from '../../components/ui/Button';

/**
 * Why a build failed, the way back to the deploy screen with the same address, and (when the
 * site's owner has an AI key) a fix proposed by their provider.
 */
export function ErrorDetails({
  message,
  subdomain,
  fix,
}: {
  message: string | null;
  subdomain: string;
  fix: { siteId: string; deploymentId: string; version: number };
}) {
  return (
    <section
      aria-labelledby="error-details"
      className="rounded-xl border border-red-200 bg-red-50 p-5 dark:border-red-900 dark:bg-red-950/40"
    >
      <h2 id="error-details" className="font-semibold text-red-800 dark:text-red-300">
        Error Details
      </h2>
      <p className="mt-2 whitespace-pre-wrap break-words font-mono text-sm text-red-700 dark:text-red-300">
        {message || 'Deployment failed'}
      </p>
      <p className="mt-3 text-sm text-red-800 dark:text-red-200">
        If this site had an earlier version, that version stays live meanwhile.
      </p>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <Link
          to={`/upload?subdomain=${encodeURIComponent(subdomain)}`}
          className={buttonStyles({ variant: 'secondary', size: 'sm' })}
        >
          <RotateCcw className="h-4 w-4" aria-hidden /> Try again
        </Link>
        <FixWithAi {...fix} />
      </div>
    </section>
  );
}
