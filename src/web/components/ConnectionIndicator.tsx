import { useConnection } from '../hooks/connection';
import { cn } from './ui/cn';

/** 'Live' while the realtime socket is up, 'Offline' while polling takes over. */
export function ConnectionIndicator() {
  const connected = useConnection();
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-medium',
        connected
          ? 'bg-green-50 text-green-700 dark:bg-green-950 dark:text-green-300'
          : 'bg-slate-100 text-slate-600 dark:bg-slate-800 dark:text-slate-400',
      )}
      title={connected ? 'Connected' : 'Disconnected'}
    >
      <span
        className={cn(
          'h-2 w-2 rounded-full',
          connected ? 'animate-pulse bg-green-500' : 'bg-slate-400',
        )}
      />
      {connected ? 'Live' : 'Offline'}
      <span className="sr-only">{connected ? 'Connected' : 'Disconnected'}</span>
    </span>
  );
}
