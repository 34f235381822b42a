import { AlertTriangle, Info, X } from 'lucide-react';
import { useAnnouncements } from '../hooks/announcements';
import { cn } from './ui/cn';

/** The operators' notices (maintenance, incidents), above every app screen, each dismissible. */
export function AnnouncementBanner() {
  const { announcements, dismiss } = useAnnouncements();
  if (announcements.length === 0) return null;
  return (
    <div aria-label="Announcements" role="region">
      {announcements.map((a) => {
        const warning = a.level === 'warning';
        const Icon = warning ? AlertTriangle : Info;
        return (
          <div
            key={a.id}
            role="status"
            data-announcement={a.id}
            className={cn(
              'border-b text-sm',
              warning
                ? 'border-amber-200 bg-amber-50 text-amber-900 dark:border-amber-900 dark:bg-amber-950 dark:text-amber-100'
                : 'border-brand-200 bg-brand-50 text-brand-900 dark:border-brand-900 dark:bg-brand-900/40 dark:text-brand-100',
            )}
          >
            <div className="mx-auto flex max-w-7xl items-start gap-3 px-4 py-2.5 sm:px-6">
              <Icon className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
              <p className="flex-1">{a.message}</p>
              <button
                type="button"
                onClick={() => dismiss(a.id)}
                className="-m-1 rounded p-1 hover:bg-black/5 dark:hover:bg-white/10"
                aria-label="Dismiss announcement"
              >
                <X className="h-4 w-4" aria-hidden />
              </button>
            </div>
          </div>
        );
      })}
    </div>
  );
}
