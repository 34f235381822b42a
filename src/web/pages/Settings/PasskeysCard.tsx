import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { useQueryClient } from '@tanstack/react-query';
import { Cloud, KeyRound } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import type { Passkey } from '../../../shared/two-factor';
import { PASSKEY_NAME_MAX } from '../../../shared/two-factor';
import { errorMessage } from '../../api/client';
import { PasskeyCancelled, twoFactorApi } from '../../api/two-factor';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ErrorBox } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { Field } from '../../components/ui/Field';
import { Spinner } from '../../components/ui/Spinner';
import { useToast } from '../../hooks/toasts';
import { twoFactorKey, useTwoFactorStatus } from '../../hooks/two-factor';
import { formatDate } from '../../lib/format';
import { RecoveryCodesPanel } from './RecoveryCodesPanel';

/** Settings → Security: passkeys, to sign in without a password or as the second step. */
export function PasskeysCard() {
  const query = useTwoFactorStatus();
  const client = useQueryClient();
  const notify = useToast();
  const [name, setName] = useState('');
  const [adding, setAdding] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const [removeBusy, setRemoveBusy] = useState(false);
  const supported = browserSupportsWebAuthn();
  const refresh = () => client.invalidateQueries({ queryKey: twoFactorKey });

  const add = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setAdding(true);
    try {
      const added = await twoFactorApi.addPasskey(name);
      setName('');
      notify({ type: 'success', title: `Passkey “${added.passkey.name}” added` });
      if (added.recoveryCodes) setCodes(added.recoveryCodes);
      void refresh();
    } catch (err) {
      if (!(err instanceof PasskeyCancelled)) {
        setError(err instanceof Error ? errorMessage(err, err.message) : 'Could not add a passkey');
      }
    } finally {
      setAdding(false);
    }
  };

  const remove = async () => {
    if (!removing) return;
    setRemoveBusy(true);
    try {
      await twoFactorApi.removePasskey(removing.id);
      notify({ type: 'success', title: `Passkey “${removing.name}” removed` });
      setRemoving(null);
      void refresh();
    } catch (err) {
      notify({ type: 'error', title: errorMessage(err, 'Could not remove the passkey') });
    } finally {
      setRemoveBusy(false);
    }
  };

  const passkeys = query.data?.passkeys ?? [];
  return (
    <section className="max-w-2xl space-y-3" aria-labelledby="passkeys-title">
      <div>
        <h2 id="passkeys-title" className="font-semibold">
          Passkeys
        </h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          Sign in with your fingerprint, face or screen lock instead of typing a password. A passkey
          also works as the second step after your password.
        </p>
      </div>
      {codes && <RecoveryCodesPanel codes={codes} onDone={() => setCodes(null)} />}
      {query.isPending ? (
        <Spinner label="Loading..." />
      ) : query.isError ? (
        <ErrorBox>{errorMessage(query.error, 'Failed to load your passkeys')}</ErrorBox>
      ) : (
        <Card>
          {passkeys.length > 0 && (
            <ul
              aria-label="Your passkeys"
              className="divide-y divide-slate-200 border-b border-slate-200 dark:divide-slate-800 dark:border-slate-800"
            >
              {passkeys.map((p) => (
                <li key={p.id} className="flex items-center gap-3 p-4" aria-label={p.name}>
                  <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-slate-600 dark:bg-slate-800 dark:text-slate-300">
                    <KeyRound className="h-5 w-5" aria-hidden />
                  </span>
                  <div className="min-w-0 flex-1">
                    <p className="flex flex-wrap items-center gap-2 text-sm font-medium">
                      <span className="truncate">{p.name}</span>
                      {p.backedUp && (
                        <span className="inline-flex items-center gap-1 rounded-full bg-sky-100 px-2 py-0.5 text-xs font-medium text-sky-700 dark:bg-sky-900/40 dark:text-sky-300">
                          <Cloud className="h-3 w-3" aria-hidden /> Synced
                        </span>
                      )}
                    </p>
                    <p className="mt-0.5 text-xs text-slate-500 dark:text-slate-400">
                      Added {formatDate(p.createdAt)} ·{' '}
                      {p.lastUsedAt ? `Last used ${formatDate(p.lastUsedAt)}` : 'Not used yet'}
                    </p>
                  </div>
                  <Button variant="secondary" size="sm" onClick={() => setRemoving(p)}>
                    Remove
                  </Button>
                </li>
              ))}
            </ul>
          )}
          {supported ? (
            <form onSubmit={add} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-end">
              <Field
                label="Name for a new passkey"
                placeholder="e.g. MacBook, iPhone, YubiKey"
                maxLength={PASSKEY_NAME_MAX}
                value={name}
                onChange={(e) => setName(e.target.value)}
                className="flex-1"
              />
              <Button type="submit" loading={adding}>
                <KeyRound className="h-4 w-4" aria-hidden /> Add a passkey
              </Button>
            </form>
          ) : (
            <p className="p-4 text-sm text-slate-500">
              This browser can&rsquo;t create passkeys. Try a recent Chrome, Safari, Edge or
              Firefox.
            </p>
          )}
          {error && (
            <div className="px-4 pb-4">
              <ErrorBox>{error}</ErrorBox>
            </div>
          )}
        </Card>
      )}
      <ConfirmDialog
        open={removing !== null}
        title="Remove this passkey?"
        confirmLabel="Remove"
        danger
        busy={removeBusy}
        onConfirm={() => void remove()}
        onClose={() => setRemoving(null)}
      >
        <p className="text-sm text-slate-600 dark:text-slate-400">
          “{removing?.name}” will no longer sign you in. You can still delete it from your device or
          password manager yourself.
        </p>
      </ConfirmDialog>
    </section>
  );
}
