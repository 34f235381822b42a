import { ShieldAlert } from 'lucide-react';
import { Link } from 'react-router';
import { useAccountSuspension } from '../hooks/suspension';

/**
 * Said on the open Dashboard and site page the moment the operators suspend the account: why,
 * what it means, and where to ask. Nothing while the account is in good standing.
 */
export function AccountSuspendedNotice() {
  const reason = useAccountSuspension();
  if (reason === null) return null;
  return (
    <div
      role="alert"
      className="mb-6 flex items-start gap-3 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800 dark:border-red-900 dark:bg-red-950/50 dark:text-red-200"
    >
      <ShieldAlert className="mt-0.5 h-5 w-5 shrink-0" aria-hidden />
      <div>
        <p className="font-semibold">
          Your account has been suspended: {reason || 'no reason was given'}
        </p>
        <p className="mt-1 text-red-700 dark:text-red-300">
          You are signed out, and your sites show visitors a ‘This site has been disabled’ page;
          their files are kept. If you think this is a mistake,{' '}
          <Link to="/contact" className="font-medium underline">
            contact us
          </Link>
          .
        </p>
      </div>
    </div>
  );
}
