import { ShieldAlert } from 'lucide-react';
import { Link } from 'react-router';
import { cn } from './ui/cn';

/** What a site's owner sees when the operators disabled it: why, and where to ask. */
export function DisabledNotice({
  reason,
  compact = false,
}: {
  reason: string | null;
  compact?: boolean;
}) {
  if (!reason) return null;
  if (compact) {
    return (
      <span className="mt-0.5 flex items-start gap-1 text-xs text-red-700 dark:text-red-300">
        <ShieldAlert className="mt-px h-3.5 w-3.5 shrink-0" aria-hidden />
        <span>Disabled by the operators: {reason}</span>
      </span>
    );
  }
  return (
    <div
      role="alert"
      className={cn(
        'flex items-start gap-3 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm',
        'text-red-800 dark:border-red-900 dark:bg-red-950/50 dark:text-red-200',
      )}
    >
      <ShieldAlert className="mt-0.5 h-5 w-5 shrink-0" aria-hidden />
      <div>
        <p className="font-semibold">Disabled by the operators: {reason}</p>
        <p className="mt-1 text-red-700 dark:text-red-300">
          Visitors see a ‘This site has been disabled’ page and it cannot be redeployed. Its files
          are kept. If you think this is a mistake,{' '}
          <Link to="/contact" className="font-medium underline">
            contact us
          </Link>
          .
        </p>
      </div>
    </div>
  );
}
