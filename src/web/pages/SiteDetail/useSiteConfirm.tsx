import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { Deployment } from '../../../shared/deployment';
import type { Site } from '../../../shared/site';
import { errorMessage } from '../../api/client';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DELETE_SITE_CONFIRMATION, useDeleteSite, useRollback } from '../../hooks/sites';
import { useToast } from '../../hooks/toasts';

/**
 * The two things on a site's screen that are asked first: deleting the site and rolling it
 * back to an earlier version. `ask` opens the question; `dialog` is the question itself.
 */
export function useSiteConfirm(site: Site | undefined) {
  const navigate = useNavigate();
  const notify = useToast();
  const rollback = useRollback(site?.id ?? '');
  const remove = useDeleteSite();
  const [confirming, setConfirming] = useState<'delete' | Deployment | null>(null);

  const confirm = () => {
    if (!site) return;
    if (confirming === 'delete') {
      remove.mutate(site.id, {
        onSuccess: () => {
          notify({ type: 'success', title: 'Site deleted successfully' });
          navigate('/dashboard');
        },
        onError: () => {
          notify({ type: 'error', title: 'Failed to delete site' });
          setConfirming(null);
        },
      });
    } else if (confirming) {
      rollback.mutate(confirming, {
        onSuccess: (res) =>
          notify({ type: 'success', title: `Rolled back to version ${res.deployment.version}` }),
        onError: (err) =>
          notify({
            type: 'error',
            title: 'Rollback failed',
            message: errorMessage(err, '') || undefined,
          }),
      });
      setConfirming(null);
    }
  };

  const dialog = site && (
    <ConfirmDialog
      open={confirming !== null}
      title={confirming === 'delete' ? `Delete ${site.subdomain}?` : 'Roll back this site?'}
      confirmLabel={confirming === 'delete' ? 'Delete site' : 'Rollback'}
      danger={confirming === 'delete'}
      busy={remove.isPending}
      onConfirm={confirm}
      onClose={() => setConfirming(null)}
    >
      {confirming === 'delete'
        ? DELETE_SITE_CONFIRMATION
        : `Version ${(confirming as Deployment | null)?.version ?? ''} will be live again at once. You can switch back any time.`}
    </ConfirmDialog>
  );

  return {
    ask: setConfirming,
    dialog,
    deleting: remove.isPending,
    rollingBackId: rollback.isPending ? (rollback.variables?.id ?? null) : null,
  };
}
