import { AlertTriangle } from 'lucide-react';
import type { CreateAccessTokenResponse } from '../../../../shared/access-token';
import { CopyButton } from '../../../components/CopyButton';
import { Button } from '../../../components/ui/Button';

/** The one moment the secret is visible: the server keeps only its hash. */
export function NewSecret({
  created,
  onDone,
}: {
  created: CreateAccessTokenResponse;
  onDone: () => void;
}) {
  return (
    <div
      role="status"
      className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm dark:border-amber-800 dark:bg-amber-950/40"
    >
      <p className="flex items-center gap-2 font-medium text-amber-900 dark:text-amber-200">
        <AlertTriangle className="h-4 w-4 shrink-0" aria-hidden />
        Copy “{created.token.name}” now: it will not be shown again.
      </p>
      <div className="mt-3 flex items-center gap-2">
        <code
          data-testid="new-token-secret"
          className="min-w-0 flex-1 break-all rounded-md bg-white px-3 py-2 font-mono text-xs text-slate-900 dark:bg-slate-900 dark:text-slate-100"
        >
          {created.secret}
        </code>
        <CopyButton text={created.secret} label="Copy token" />
      </div>
      <p className="mt-3 text-amber-900/80 dark:text-amber-200/80">
        Use it with <code className="font-mono">npx artifact-host login</code> or as{' '}
        <code className="font-mono">ARTIFACT_HOST_TOKEN</code>. Anyone holding it can{' '}
        {created.token.scope === 'deploy' ? 'deploy to and delete' : 'read'} your sites.
      </p>
      <Button variant="secondary" size="sm" className="mt-3" onClick={onDone}>
        I have copied it
      </Button>
    </div>
  );
}
