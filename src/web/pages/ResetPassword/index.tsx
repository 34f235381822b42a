import { KeyRound } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ResetPasswordRequestSchema } from '../../../shared/account';
import { accountApi } from '../../api/account';
import { ApiRequestError, errorMessage } from '../../api/client';
import { PageLayout } from '../../components/PageLayout';
import { ErrorBox, SuccessBox } from '../../components/ui/Alert';
import { Button, buttonStyles } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { Field } from '../../components/ui/Field';
import { useSession } from '../../hooks/session';

const INCOMPLETE = 'This reset link is incomplete. Please open the link from the e-mail again.';

/** /reset-password?token=…: the e-mailed link; a new password, once, within the hour. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { refresh } = useSession();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ password?: string; confirm?: string }>({});
  // A refused link cannot be used again: the form gives way to the server's message.
  const [linkError, setLinkError] = useState<string | null>(token ? null : INCOMPLETE);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = ResetPasswordRequestSchema.safeParse({ token, newPassword: password });
    if (!parsed.success) {
      return setErrors({ password: parsed.error.issues[0]?.message });
    }
    if (confirm !== password) return setErrors({ confirm: 'The two passwords are not the same.' });
    setErrors({});
    setBusy(true);
    try {
      setDone((await accountApi.resetPassword(parsed.data)).message);
      // Every session and access token of the account ended, this browser's session too.
      await refresh();
    } catch (err) {
      if (err instanceof ApiRequestError && err.status === 400 && err.code === 'BAD_REQUEST') {
        setLinkError(err.message);
      } else {
        setErrors({ password: errorMessage(err, 'Failed to reset your password') });
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <PageLayout variant="auth" width="full">
      <div className="mx-auto flex w-full max-w-md flex-col gap-6 py-4 sm:py-10">
        <div className="text-center">
          <Link to="/" className="inline-flex items-center gap-2 text-lg font-semibold">
            <img src="/favicon.svg" alt="" className="h-8 w-8" /> Artifact Host
          </Link>
          <h1 className="mt-4 text-2xl font-bold tracking-tight sm:text-3xl">
            Choose a new password
          </h1>
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
            Setting it signs your account out on every device and revokes its access tokens.
          </p>
        </div>
        <Card className="p-6 sm:p-8">
          {done ? (
            <div className="flex flex-col gap-4">
              <SuccessBox>{done}</SuccessBox>
              <Link to="/auth" className={buttonStyles({ className: 'w-full' })}>
                Sign in
              </Link>
            </div>
          ) : linkError ? (
            <div className="flex flex-col gap-4">
              <ErrorBox>{linkError}</ErrorBox>
              <Link
                to="/auth?forgot"
                className={buttonStyles({ variant: 'secondary', className: 'w-full' })}
              >
                Ask for a new link
              </Link>
            </div>
          ) : (
            <form onSubmit={submit} noValidate className="flex flex-col gap-4">
              <Field
                label="New password"
                type="password"
                autoComplete="new-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                error={errors.password}
                hint="At least 8 characters"
              />
              <Field
                label="Confirm new password"
                type="password"
                autoComplete="new-password"
                value={confirm}
                onChange={(e) => setConfirm(e.target.value)}
                error={errors.confirm}
              />
              <Button type="submit" loading={busy} className="w-full">
                <KeyRound className="h-4 w-4" aria-hidden /> Set New Password
              </Button>
            </form>
          )}
        </Card>
      </div>
    </PageLayout>
  );
}
