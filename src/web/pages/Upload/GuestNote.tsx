import { Clock } from 'lucide-react';
import { Link } from 'react-router';

/** For guests and signed-out visitors: what a guest site is, and how to get sites that last. */
export function GuestNote() {
  return (
    <div className="flex items-start gap-3 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:border-amber-900/60 dark:bg-amber-950/40 dark:text-amber-200">
      <Clock className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
      <p>
        You are deploying as a guest: your site stays live for 24 hours. To keep it,{' '}
        <Link to="/auth?mode=signup" className="font-medium underline underline-offset-2">
          create a free account
        </Link>{' '}
        or{' '}
        <Link to="/auth" className="font-medium underline underline-offset-2">
          sign in
        </Link>{' '}
        from this browser: your guest sites move into your account and stop expiring.
      </p>
    </div>
  );
}
