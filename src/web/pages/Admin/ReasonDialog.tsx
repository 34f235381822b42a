import { useEffect, useState } from 'react';
import { REASON_MAX } from '../../../shared/admin';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { inputStyles } from '../../components/ui/Field';
import { cn } from '../../components/ui/cn';

export interface ReasonRequest {
  title: string;
  body: string;
  confirmLabel: string;
  /** Filled in for the operator (a report's category, say); they may change it. */
  initialReason?: string;
  run: (reason: string) => Promise<unknown>;
}

/** Asks for a reason before disabling or suspending: the owner is shown it, the log keeps it. */
export function ReasonDialog({
  request,
  onClose,
}: {
  request: ReasonRequest | null;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setReason(request?.initialReason ?? '');
    setError(null);
  }, [request]);

  const confirm = async () => {
    if (!request) return;
    if (!reason.trim()) return setError('Please give a reason; the owner will see it.');
    setBusy(true);
    try {
      await request.run(reason.trim());
      onClose();
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <ConfirmDialog
      open={request !== null}
      title={request?.title ?? ''}
      confirmLabel={request?.confirmLabel ?? 'Confirm'}
      danger
      busy={busy}
      onConfirm={() => void confirm()}
      onClose={onClose}
    >
      <p className="text-sm text-slate-600 dark:text-slate-400">{request?.body}</p>
      <label
        htmlFor="operator-reason"
        className="mt-4 mb-1.5 block text-sm font-medium text-slate-700 dark:text-slate-300"
      >
        Reason (shown to the owner)
      </label>
      <textarea
        id="operator-reason"
        rows={3}
        maxLength={REASON_MAX}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        className={cn(
          inputStyles,
          error ? 'border-red-500' : 'border-slate-300 dark:border-slate-700',
        )}
      />
      {error && (
        <p role="alert" className="mt-1.5 text-xs text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
    </ConfirmDialog>
  );
}
