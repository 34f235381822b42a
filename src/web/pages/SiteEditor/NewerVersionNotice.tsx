import { AlertTriangle } from 'lucide-react';
import type { NewerVersionLiveDetails } from '../../../shared/site-source';
import { Button } from '../../components/ui/Button';

// Shown when Deploy was refused because a newer version went live after the one being edited:
// the person chooses between their changes on the old version and the newer live one.
export function NewerVersionNotice({
  message,
  details,
  deploying,
  onDeployAnyway,
  onOpenLive,
}: {
  message: string;
  details: NewerVersionLiveDetails;
  deploying: boolean;
  onDeployAnyway: () => void;
  onOpenLive: () => void;
}) {
  return (
    <div
      role="alert"
      className="rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:border-amber-900 dark:bg-amber-950/40 dark:text-amber-200"
    >
      <div className="flex items-start gap-2">
        <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
        <p>{message}</p>
      </div>
      <div className="mt-3 flex flex-wrap gap-2 sm:pl-6">
        <Button size="sm" onClick={onDeployAnyway} loading={deploying}>
          Deploy my changes anyway
        </Button>
        <Button size="sm" variant="secondary" onClick={onOpenLive} disabled={deploying}>
          Discard mine, open version {details.liveVersion}
        </Button>
      </div>
    </div>
  );
}
