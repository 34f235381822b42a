import { Link2 } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { LinkRequestInfo } from '../../../shared/email-verification';
import { errorMessage } from '../../api/client';
import { emailApi } from '../../api/email';
import { PageLayout } from '../../components/PageLayout';
import { ErrorBox } from '../../components/ui/Alert';
import { Button, buttonStyles } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { Field } from '../../components/ui/Field';
import { Spinner } from '../../components/ui/Spinner';

const LABELS = { github: 'GitHub', google: 'Google' } as const;

/**
 * /auth/link?token=…: a social sign-in found an account with the same address, never
 * confirmed. Connecting the two needs that account's password; whoever lacks it resets it
 * through the address (which also confirms it).
 */
export function LinkAccountPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [info, setInfo] = useState<LinkRequestInfo | null>(null);
  const [failed, setFailed] = useState<string | null>(
    token ? null : 'This step is incomplete. Please sign in again.',
  );
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!token) return;
    emailApi
      .linkInfo(token)
      .then(setInfo, (err: unknown) =>
        setFailed(errorMessage(err, 'This step has expired. Please sign in again.')),
      );
  }, [token]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!password) return setError('Please enter your password');
    setError(null);
    setBusy(true);
    try {
      const { provider } = await emailApi.link({ token, password });
      // Connected: sign in through the provider again, the one way every social sign-in ends.
      window.location.assign(`/api/auth/${provider}`);
    } catch (err) {
      setError(errorMessage(err, 'The accounts could not be connected. Please try again.'));
      setBusy(false);
    }
  };

  const label = info ? LABELS[info.provider] : '';
  return (
    <PageLayout variant="auth" width="full">
      <div className="mx-auto flex w-full max-w-md flex-col gap-6 py-4 sm:py-10">
        <div className="text-center">
          <Link2 className="mx-auto h-10 w-10 text-brand-600" aria-hidden />
          <h1 className="mt-4 text-2xl font-bold tracking-tight sm:text-3xl">
            {info ? `Connect ${label} to your account` : 'Connect your sign-in'}
          </h1>
        </div>
        <Card className="p-6 sm:p-8">
          {failed ? (
            <div className="flex flex-col gap-4">
              <ErrorBox>{failed}</ErrorBox>
              <Link to="/auth" className={buttonStyles({ className: 'w-full' })}>
                Back to sign in
              </Link>
            </div>
          ) : !info ? (
            <div className="flex justify-center">
              <Spinner label="Loading…" />
            </div>
          ) : (
            <form onSubmit={submit} noValidate className="flex flex-col gap-4">
              <p className="text-sm text-slate-600 dark:text-slate-400">
                An account with <strong>{info.email}</strong> already exists, but its e-mail address
                was never confirmed. If it is yours, enter its password to connect {label} to it.
                After that you can sign in either way.
              </p>
              <Field
                label="Password of the existing account"
                type="password"
                autoComplete="current-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                error={error ?? undefined}
              />
              <Button type="submit" loading={busy} className="w-full">
                Connect and sign in
              </Button>
              <p className="text-sm text-slate-600 dark:text-slate-400">
                Don&apos;t know this password? The account may not be yours, or you may have
                forgotten it.{' '}
                <Link to="/auth?forgot" className="font-medium text-brand-600 hover:underline">
                  Reset the password
                </Link>{' '}
                with a link sent to {info.email}: opening it confirms the address is yours and signs
                everyone else out of that account.
              </p>
            </form>
          )}
        </Card>
      </div>
    </PageLayout>
  );
}
