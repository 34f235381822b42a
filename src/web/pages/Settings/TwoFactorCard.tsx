import { useQueryClient } from '@tanstack/react-query';
import { ShieldAlert, ShieldCheck, Smartphone } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import type { TotpSetupResponse, TwoFactorStatus } from '../../../shared/two-factor';
import { errorMessage } from '../../api/client';
import { twoFactorApi } from '../../api/two-factor';
import { CopyButton } from '../../components/CopyButton';
import { ErrorBox } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { Dialog } from '../../components/ui/Dialog';
import { Field } from '../../components/ui/Field';
import { Spinner } from '../../components/ui/Spinner';
import { useToast } from '../../hooks/toasts';
import { twoFactorKey, useTwoFactorStatus } from '../../hooks/two-factor';
import { formatDate } from '../../lib/format';
import { RecoveryCodesPanel } from './RecoveryCodesPanel';

/** A password is 8 characters or more, so six digits can only be a code from the app. */
const proofOf = (value: string) =>
  /^\d{6}$/.test(value.replace(/\s+/g, '')) ? { code: value } : { password: value };

/** Settings → Security: an authenticator app as the second step of signing in. */
export function TwoFactorCard() {
  const query = useTwoFactorStatus();
  const client = useQueryClient();
  const [setup, setSetup] = useState<TotpSetupResponse | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [asking, setAsking] = useState<'disable' | 'codes' | null>(null);
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: twoFactorKey });

  const start = async () => {
    setError(null);
    setStarting(true);
    try {
      setSetup(await twoFactorApi.setupTotp());
    } catch (err) {
      setError(errorMessage(err, 'Could not start the setup. Please try again.'));
    } finally {
      setStarting(false);
    }
  };

  const status = query.data;
  return (
    <section className="max-w-2xl space-y-3" aria-labelledby="two-factor-title">
      {status?.required && (
        <div
          role="alert"
          className="flex items-start gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950/50 dark:text-amber-200"
        >
          <ShieldAlert className="mt-0.5 h-5 w-5 shrink-0" aria-hidden />
          <p>
            <strong>Operators need two-factor authentication.</strong> Set up an authenticator app
            or add a passkey below, and the operator console opens.
          </p>
        </div>
      )}
      <div>
        <h2 id="two-factor-title" className="font-semibold">
          Two-factor authentication
        </h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          When you sign in with your password, we&rsquo;ll also ask for a code from an app on your
          phone. Someone who learns your password still can&rsquo;t get in.
        </p>
      </div>
      {error && <ErrorBox>{error}</ErrorBox>}
      {!status ? (
        query.isError ? (
          <ErrorBox>
            {errorMessage(query.error, 'Failed to load your two-factor settings')}
          </ErrorBox>
        ) : (
          <Spinner label="Loading..." />
        )
      ) : codes ? (
        <RecoveryCodesPanel codes={codes} onDone={() => setCodes(null)} />
      ) : setup ? (
        <SetupPanel
          setup={setup}
          onCancel={() => setSetup(null)}
          onEnabled={(recoveryCodes) => {
            setSetup(null);
            setCodes(recoveryCodes);
            void refresh();
          }}
        />
      ) : (
        <Card className="flex flex-col gap-4 p-4 sm:flex-row sm:items-center">
          <span
            className={
              status.totp.enabled
                ? 'flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-emerald-100 text-emerald-700 dark:bg-emerald-900/40 dark:text-emerald-300'
                : 'flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-slate-600 dark:bg-slate-800 dark:text-slate-300'
            }
          >
            {status.totp.enabled ? (
              <ShieldCheck className="h-5 w-5" aria-hidden />
            ) : (
              <Smartphone className="h-5 w-5" aria-hidden />
            )}
          </span>
          <div className="min-w-0 flex-1">
            <p className="text-sm font-medium">
              Authenticator app{' '}
              <span
                className={
                  status.totp.enabled
                    ? 'ml-1 rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-medium text-emerald-700 dark:bg-emerald-900/40 dark:text-emerald-300'
                    : 'ml-1 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-600 dark:bg-slate-800 dark:text-slate-300'
                }
              >
                {status.totp.enabled ? 'On' : 'Off'}
              </span>
            </p>
            <p className="mt-0.5 text-xs text-slate-500 dark:text-slate-400">
              {status.totp.enabled
                ? `Turned on ${formatDate(status.totp.enabledAt)} · ${status.recoveryCodesLeft} recovery ${status.recoveryCodesLeft === 1 ? 'code' : 'codes'} left`
                : 'Google Authenticator, 1Password, Authy, Microsoft Authenticator or any other app that shows 6-digit codes.'}
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            {status.totp.enabled ? (
              <>
                <Button variant="secondary" size="sm" onClick={() => setAsking('codes')}>
                  New recovery codes
                </Button>
                <Button variant="secondary" size="sm" onClick={() => setAsking('disable')}>
                  Turn off
                </Button>
              </>
            ) : (
              <Button size="sm" onClick={start} loading={starting}>
                Set up authenticator app
              </Button>
            )}
          </div>
        </Card>
      )}
      {status && !status.totp.enabled && status.passkeys.length > 0 && !codes && !setup && (
        <p className="text-xs text-slate-500 dark:text-slate-400">
          {status.recoveryCodesLeft} recovery {status.recoveryCodesLeft === 1 ? 'code' : 'codes'}{' '}
          left.{' '}
          <button type="button" className="underline" onClick={() => setAsking('codes')}>
            Make new ones
          </button>
        </p>
      )}
      <ConfirmIdentityDialog
        open={asking !== null}
        mode={asking ?? 'disable'}
        status={status}
        onClose={() => setAsking(null)}
        onDone={(recoveryCodes) => {
          setAsking(null);
          if (recoveryCodes) setCodes(recoveryCodes);
          void refresh();
        }}
      />
    </section>
  );
}

/** QR code and key, then the first code from the app turns it on. */
function SetupPanel({
  setup,
  onCancel,
  onEnabled,
}: {
  setup: TotpSetupResponse;
  onCancel: () => void;
  onEnabled: (codes: string[]) => void;
}) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!/^\d{6}$/.test(code.replace(/\s+/g, ''))) {
      return setError('Enter the 6-digit code your app shows.');
    }
    setBusy(true);
    setError(null);
    try {
      onEnabled((await twoFactorApi.enableTotp(code)).recoveryCodes);
    } catch (err) {
      setError(errorMessage(err, 'That code didn’t work. Please try again.'));
      setBusy(false);
    }
  };
  return (
    <Card className="space-y-5 p-5">
      <ol className="space-y-5 text-sm">
        <li className="space-y-3">
          <p className="font-medium">1. Scan this QR code with your authenticator app</p>
          <img
            src={setup.qrCode}
            alt="QR code for your authenticator app"
            width={180}
            height={180}
            className="rounded-lg border border-slate-200 bg-white p-2 dark:border-slate-700"
          />
          <div className="space-y-1.5">
            <p className="text-slate-600 dark:text-slate-400">
              Can&rsquo;t scan it? Type this key instead:
            </p>
            <div className="flex flex-wrap items-center gap-2">
              <code
                data-testid="totp-secret"
                className="break-all rounded-md bg-slate-100 px-2 py-1 font-mono text-sm tracking-wider dark:bg-slate-800"
              >
                {setup.secret.replace(/(.{4})/g, '$1 ').trim()}
              </code>
              <CopyButton text={setup.secret} label="Copy key" compact />
            </div>
          </div>
        </li>
        <li>
          <form onSubmit={submit} noValidate className="space-y-3">
            <p className="font-medium">2. Enter the 6-digit code the app shows</p>
            <Field
              label="Code from the app"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={7}
              placeholder="123456"
              value={code}
              onChange={(e) => setCode(e.target.value)}
              error={error}
              className="max-w-xs"
            />
            <div className="flex gap-2">
              <Button type="submit" loading={busy}>
                Turn on
              </Button>
              <Button type="button" variant="secondary" onClick={onCancel} disabled={busy}>
                Cancel
              </Button>
            </div>
          </form>
        </li>
      </ol>
    </Card>
  );
}

/** Turning the app off, or new recovery codes: the password or a current code first. */
function ConfirmIdentityDialog({
  open,
  mode,
  status,
  onClose,
  onDone,
}: {
  open: boolean;
  mode: 'disable' | 'codes';
  status: TwoFactorStatus | undefined;
  onClose: () => void;
  onDone: (codes?: string[]) => void;
}) {
  const notify = useToast();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const close = () => {
    setValue('');
    setError(null);
    onClose();
  };
  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    if (!value) return setError('Enter your password or a code from your app.');
    setBusy(true);
    setError(null);
    try {
      if (mode === 'disable') {
        await twoFactorApi.disableTotp(proofOf(value));
        notify({ type: 'success', title: 'Two-factor authentication with an app is off' });
        setValue('');
        onDone();
      } else {
        const { recoveryCodes } = await twoFactorApi.newRecoveryCodes(proofOf(value));
        setValue('');
        onDone(recoveryCodes);
      }
    } catch (err) {
      setError(errorMessage(err, 'That didn’t work. Please try again.'));
    } finally {
      setBusy(false);
    }
  };
  const onlyFactor = mode === 'disable' && status && status.passkeys.length === 0;
  return (
    <Dialog
      open={open}
      onClose={close}
      size="sm"
      title={mode === 'disable' ? 'Turn off the authenticator app?' : 'Make new recovery codes?'}
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={busy}>
            Cancel
          </Button>
          <Button
            variant={mode === 'disable' ? 'danger' : 'primary'}
            loading={busy}
            onClick={() => void submit()}
          >
            {mode === 'disable' ? 'Turn off' : 'Make new codes'}
          </Button>
        </>
      }
    >
      <form onSubmit={submit} noValidate className="space-y-3">
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {mode === 'disable'
            ? onlyFactor
              ? 'Signing in will only need your password again, and your recovery codes stop working.'
              : 'Your passkeys keep protecting your account.'
            : 'Your old recovery codes stop working as soon as the new ones are made.'}
        </p>
        <Field
          label="Your password, or a code from your app"
          type="password"
          autoComplete="current-password"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          error={error}
        />
      </form>
    </Dialog>
  );
}
