import { Fingerprint, KeyRound, LifeBuoy, Smartphone } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import type { TwoFactorRequiredResponse } from '../../../shared/two-factor';
import { ApiRequestError, errorMessage } from '../../api/client';
import { PasskeyCancelled, twoFactorApi } from '../../api/two-factor';
import { ErrorBox } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { Field } from '../../components/ui/Field';
import { useSession } from '../../hooks/session';
import { pathAfterSignIn } from '../../lib/return-after-sign-in';

type Way = 'totp' | 'recovery-code' | 'passkey';

interface SecondFactorStepProps {
  pending: TwoFactorRequiredResponse;
  /** Back to the password form, with why when the step ran out. */
  onBack(message: string | null): void;
}

const linkStyle =
  'inline-flex items-center gap-1.5 text-sm font-medium text-brand-600 hover:underline dark:text-brand-400';

/** The step after a right password (or a social sign-in) on an account with two-factor on. */
export function SecondFactorStep({ pending, onBack }: SecondFactorStepProps) {
  const { completeSignIn } = useSession();
  const navigate = useNavigate();
  const has = (way: Way) => pending.methods.includes(way);
  const [way, setWay] = useState<Way>(has('totp') ? 'totp' : 'passkey');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const finish = async (attempt: () => Promise<Parameters<typeof completeSignIn>[0]>) => {
    setError(null);
    setBusy(true);
    try {
      completeSignIn(await attempt());
      navigate(pathAfterSignIn());
    } catch (err) {
      setBusy(false);
      if (err instanceof PasskeyCancelled) return;
      // Expired, used, or too many tries: this step is over; the password form says why.
      if (err instanceof ApiRequestError && err.code === 'GONE') return onBack(err.message);
      setError(
        err instanceof Error && !(err instanceof ApiRequestError)
          ? err.message
          : errorMessage(err, 'That did not work. Please try again.'),
      );
    }
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!code.trim()) {
      setError(way === 'totp' ? 'Please enter the 6-digit code.' : 'Please enter a recovery code.');
      return;
    }
    void finish(() => twoFactorApi.finishWithCode({ challenge: pending.challenge, code }));
  };

  const switchTo = (next: Way) => {
    setWay(next);
    setCode('');
    setError(null);
  };

  return (
    <div className="flex flex-col gap-4">
      {error && <ErrorBox>{error}</ErrorBox>}
      {way === 'passkey' ? (
        <div className="flex flex-col items-center gap-4 py-2 text-center">
          <span className="flex h-12 w-12 items-center justify-center rounded-full bg-brand-50 text-brand-600 dark:bg-slate-800 dark:text-brand-300">
            <Fingerprint className="h-6 w-6" aria-hidden />
          </span>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            Use the passkey on your phone, computer or security key to confirm it&rsquo;s you.
          </p>
          <Button
            className="w-full"
            loading={busy}
            onClick={() => void finish(() => twoFactorApi.finishWithPasskey(pending.challenge))}
          >
            Use my passkey
          </Button>
        </div>
      ) : (
        <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
          {way === 'totp' ? (
            <Field
              label="Authentication code"
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              autoFocus
              maxLength={7}
              placeholder="123456"
              value={code}
              onChange={(e) => setCode(e.target.value)}
              hint="Open your authenticator app and enter the 6-digit code it shows for Artifact Host."
            />
          ) : (
            <Field
              label="Recovery code"
              name="recovery-code"
              autoComplete="off"
              autoFocus
              placeholder="xxxxx-xxxxx"
              value={code}
              onChange={(e) => setCode(e.target.value)}
              hint="One of the codes you saved when you turned on two-factor authentication. Each works once."
            />
          )}
          <Button type="submit" loading={busy} className="w-full">
            Verify
          </Button>
        </form>
      )}

      <div className="flex flex-col items-start gap-2 border-t border-slate-200 pt-4 dark:border-slate-800">
        {way !== 'totp' && has('totp') && (
          <button type="button" className={linkStyle} onClick={() => switchTo('totp')}>
            <Smartphone className="h-4 w-4" aria-hidden /> Use your authenticator app
          </button>
        )}
        {way !== 'passkey' && has('passkey') && (
          <button type="button" className={linkStyle} onClick={() => switchTo('passkey')}>
            <KeyRound className="h-4 w-4" aria-hidden /> Use a passkey
          </button>
        )}
        {way !== 'recovery-code' && has('recovery-code') && (
          <button type="button" className={linkStyle} onClick={() => switchTo('recovery-code')}>
            <LifeBuoy className="h-4 w-4" aria-hidden /> Use a recovery code
          </button>
        )}
        <button
          type="button"
          className="text-sm text-slate-500 hover:underline"
          onClick={() => onBack(null)}
        >
          Back to sign in
        </button>
      </div>
    </div>
  );
}
