import { useState } from 'react';
import { AI_PROVIDER_LABELS, type ApiKey } from '../../../shared/api-key';
import { DELETE_API_KEY_CONFIRMATION } from '../../hooks/apiKeys';
import { ConfirmDialog } from '../ConfirmDialog';
import { KeyChoice } from './KeyChoice';

/**
 * Asks before deleting a key. Deleting the provider's active key asks which of its other keys
 * answers instead (the newest is offered first), or says that none will.
 */
export function DeleteKeyDialog({
  deleting,
  keys,
  busy,
  onConfirm,
  onClose,
}: {
  deleting: ApiKey | null;
  keys: ApiKey[];
  busy: boolean;
  /** `activate`: the key to make active in the deleted one's place. */
  onConfirm: (activate: string | undefined) => void;
  onClose: () => void;
}) {
  // The pick belongs to the key being deleted: another key's dialog starts afresh.
  const [pick, setPick] = useState<{ for: string; id: string } | null>(null);
  const others = deleting?.isActive
    ? keys.filter((k) => k.provider === deleting.provider && k.id !== deleting.id)
    : [];
  const chosen = pick && pick.for === deleting?.id ? pick.id : others[0]?.id;
  const provider = deleting ? AI_PROVIDER_LABELS[deleting.provider] : '';
  return (
    <ConfirmDialog
      open={deleting !== null}
      title={`Delete ${deleting?.keyName ?? 'API key'}?`}
      confirmLabel="Delete key"
      danger
      busy={busy}
      onConfirm={() => onConfirm(chosen)}
      onClose={onClose}
    >
      {DELETE_API_KEY_CONFIRMATION}
      {deleting?.isActive && others.length === 0 && (
        <p className="mt-3 text-sm text-amber-700 dark:text-amber-300">
          It is your only {provider} key: until you add another, sites deployed for {provider}{' '}
          answer AI calls with another provider&apos;s active key, or not at all.
        </p>
      )}
      {deleting && chosen && (
        <div className="mt-4">
          <KeyChoice
            legend={`${deleting.keyName} answers your sites' ${provider} calls. Which key should answer instead?`}
            name="successor"
            value={chosen}
            onChange={(id) => setPick({ for: deleting.id, id })}
            options={others.map((k) => ({ value: k.id, label: `${k.keyName} (${k.maskedKey})` }))}
          />
        </div>
      )}
    </ConfirmDialog>
  );
}
