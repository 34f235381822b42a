import { Link } from 'react-router';
import { ApiRequestError, errorMessage } from '../../api/client';
import { buttonStyles } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { useAccountSuspension } from '../../hooks/suspension';

/** The site could not be loaded: gone, someone else's, or the server said no. */
export function SiteUnavailable({ error }: { error: unknown }) {
  // Suspended while the page was open: the notice above already says why, once.
  const heardSuspension = useAccountSuspension() !== null;
  const suspended = error instanceof ApiRequestError && error.code === 'ACCOUNT_SUSPENDED';
  if (suspended && heardSuspension) return null;
  return (
    <Card className="mx-auto max-w-md p-8 text-center">
      <h1 className="text-lg font-semibold">
        {error ? errorMessage(error, 'Failed to load site') : 'Site not found'}
      </h1>
      {!suspended && (
        <p className="mt-2 text-sm text-slate-500">
          It may have been deleted, or it belongs to another account.
        </p>
      )}
      <Link to="/dashboard" className={buttonStyles({ variant: 'primary', className: 'mt-6' })}>
        Back to Dashboard
      </Link>
    </Card>
  );
}
