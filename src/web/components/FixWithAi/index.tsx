import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Sparkles } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { AI_PROVIDER_LABELS } from '../../../shared/api-key';
import { deploymentsApi } from '../../api/deployments';
import { errorMessage } from '../../api/client';
import { sourceApi } from '../../api/source';
import { siteAiKey, useSiteAi } from '../../hooks/apiKeys';
import { ErrorBox } from '../ui/Alert';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import { Spinner } from '../ui/Spinner';
import { FileDiff } from './FileDiff';

// "Fix with AI" on a failed build: asks the site owner's provider for a fix (which counts
// under the site's daily AI limit), shows it as a diff, and deploys it as the next version
// only when "Deploy this fix" is clicked. The deploy's progress is the deployment screen's.

export function FixWithAi({
  siteId,
  deploymentId,
  version,
}: {
  siteId: string;
  deploymentId: string;
  version: number;
}) {
  const ai = useSiteAi(siteId, true);
  const client = useQueryClient();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const fix = useMutation({
    mutationFn: () => deploymentsApi.fix(deploymentId),
    // Asked or not, the site's count of today's calls may have moved.
    onSettled: () => client.invalidateQueries({ queryKey: siteAiKey(siteId) }),
  });
  const deploy = useMutation({
    mutationFn: () => {
      const proposal = fix.data?.proposal;
      if (!proposal) throw new Error('There is no proposed fix to deploy.');
      return sourceApi.deployEdit(siteId, {
        baseDeploymentId: deploymentId,
        files: proposal.files.map((f) => ({ path: f.path, text: f.after })),
      });
    },
    onSuccess: (started) => navigate(`/deployments/${started.deployment.id}`),
  });

  // Who may not read the site's AI settings may not spend its key either: nothing to offer.
  if (ai.isPending || ai.isError) return null;
  if (!ai.data.provider) {
    return (
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Fix with AI uses the site owner&apos;s AI provider key, and none is active. Keys are added
        in{' '}
        <Link
          to="/api-keys"
          className="font-medium text-brand-700 hover:underline dark:text-brand-300"
        >
          API keys
        </Link>
        .
      </p>
    );
  }
  const provider = AI_PROVIDER_LABELS[ai.data.provider];

  const start = () => {
    setOpen(true);
    deploy.reset();
    fix.mutate();
  };
  const close = () => {
    if (deploy.isPending) return;
    setOpen(false);
    fix.reset();
    deploy.reset();
  };
  const answer = fix.data;

  return (
    <>
      <Button
        variant="secondary"
        size="sm"
        onClick={start}
        aria-label={`Fix version ${version} with AI`}
      >
        <Sparkles className="h-4 w-4" aria-hidden /> Fix with AI
      </Button>
      <Dialog
        open={open}
        onClose={close}
        size="lg"
        title={`Fix version ${version} with AI`}
        icon={
          <span className="flex h-9 w-9 items-center justify-center rounded-full bg-brand-100 text-brand-700 dark:bg-brand-900/40 dark:text-brand-300">
            <Sparkles className="h-5 w-5" aria-hidden />
          </span>
        }
        footer={
          <>
            <Button variant="secondary" onClick={close} disabled={deploy.isPending}>
              Discard
            </Button>
            {answer && (
              <Button onClick={() => deploy.mutate()} loading={deploy.isPending}>
                Deploy this fix
              </Button>
            )}
          </>
        }
      >
        {fix.isPending && (
          <div className="flex justify-center py-8">
            <Spinner label={`Asking ${provider} for a fix...`} />
          </div>
        )}
        {fix.isError && (
          <ErrorBox>{errorMessage(fix.error, 'The AI could not be asked for a fix.')}</ErrorBox>
        )}
        {answer && (
          <div className="space-y-4">
            <div>
              <h3 className="font-medium text-slate-900 dark:text-slate-100">
                What {AI_PROVIDER_LABELS[answer.proposal.provider]} proposes
              </h3>
              <p className="mt-1 whitespace-pre-wrap">{answer.proposal.explanation}</p>
            </div>
            {answer.proposal.files.map((file) => (
              <FileDiff key={file.path} file={file} />
            ))}
            <p className="text-xs text-slate-500 dark:text-slate-400">
              Answered by {AI_PROVIDER_LABELS[answer.proposal.provider]} ({answer.proposal.model})
              with the site owner&apos;s key. This request counted against the site&apos;s daily AI
              limit: {answer.usage.used} of {answer.usage.limit} used today. Nothing is deployed
              until you choose Deploy this fix; the live site stays as it is.
            </p>
            {deploy.isError && (
              <ErrorBox>{errorMessage(deploy.error, 'The fix could not be deployed.')}</ErrorBox>
            )}
          </div>
        )}
      </Dialog>
    </>
  );
}
