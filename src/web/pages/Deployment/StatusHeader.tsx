import { CheckCircle2, Clock, Loader2, XCircle } from 'lucide-react';
import type { DeploymentStatus } from '../../../shared/deployment';
import { cn } from '../../components/ui/cn';
import { ProgressBar } from '../../components/ui/ProgressBar';
import type { DeploymentView } from '../../lib/status';

const ICONS: Record<DeploymentStatus, { icon: typeof Clock; tone: string; spin?: boolean }> = {
  PENDING: {
    icon: Clock,
    tone: 'bg-amber-100 text-amber-600 dark:bg-amber-900/40 dark:text-amber-300',
  },
  BUILDING: {
    icon: Loader2,
    tone: 'bg-blue-100 text-blue-600 dark:bg-blue-900/40 dark:text-blue-300',
    spin: true,
  },
  SUCCESS: {
    icon: CheckCircle2,
    tone: 'bg-green-100 text-green-600 dark:bg-green-900/40 dark:text-green-300',
  },
  FAILED: { icon: XCircle, tone: 'bg-red-100 text-red-600 dark:bg-red-900/40 dark:text-red-300' },
};

/** Status icon, title, the line under it and the progress bar. */
export function StatusHeader({ status, view }: { status: DeploymentStatus; view: DeploymentView }) {
  const { icon: Icon, tone, spin } = ICONS[status];
  return (
    <div>
      <div className="flex items-center gap-4" role="status">
        <span
          className={cn('flex h-12 w-12 shrink-0 items-center justify-center rounded-full', tone)}
        >
          <Icon className={cn('h-6 w-6', spin && 'animate-spin')} aria-hidden />
        </span>
        <div className="min-w-0">
          <h2 className="break-words text-lg font-semibold sm:text-xl">{view.title}</h2>
          <p className="line-clamp-2 text-sm text-slate-600 dark:text-slate-400">{view.detail}</p>
        </div>
      </div>
      {view.showProgress && (
        <div className="mt-5">
          <div className="mb-1.5 flex justify-between text-xs font-medium text-slate-600 dark:text-slate-400">
            <span>Progress</span>
            <span>{view.progress}%</span>
          </div>
          <ProgressBar
            label="Deployment progress"
            value={view.progress}
            fill={status === 'SUCCESS' ? 'bg-green-500' : 'bg-brand-500'}
          />
        </div>
      )}
    </div>
  );
}
