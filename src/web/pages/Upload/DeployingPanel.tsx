import { Loader2 } from 'lucide-react';
import { Card } from '../../components/ui/Card';

/**
 * Shown while the deploy request runs. The request does not report how far an upload got,
 * so the bar is honestly indeterminate.
 */
export function DeployingPanel({ uploading }: { uploading: boolean }) {
  return (
    <Card className="flex items-center gap-3 p-4" role="status">
      <Loader2 className="h-5 w-5 shrink-0 animate-spin text-brand-600" aria-hidden />
      <div className="min-w-0 flex-1">
        <p className="text-sm font-medium">
          {uploading ? 'Uploading your file...' : 'Sending your code...'}
        </p>
        <p className="text-xs text-slate-500 dark:text-slate-400">
          You will see the build step by step in a moment.
        </p>
        <div className="mt-2 h-1.5 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700">
          <div className="h-full w-full animate-pulse rounded-full bg-brand-500/70" />
        </div>
      </div>
    </Card>
  );
}
