import { MailCheck } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { errorMessage } from '../../api/client';
import { emailApi } from '../../api/email';
import { PageLayout } from '../../components/PageLayout';
import { ErrorBox, SuccessBox } from '../../components/ui/Alert';
import { buttonStyles } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { Spinner } from '../../components/ui/Spinner';
import { useSession } from '../../hooks/session';
import { pathAfterSignIn, pendingReturn } from '../../lib/return-after-sign-in';

const INCOMPLETE = 'This link is incomplete. Please open the link from the e-mail again.';

/** /verify-email?token=…: the e-mailed link that confirms an address (or a new one), once. */
export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { user, refresh } = useSession();
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(
    token ? null : { ok: false, text: INCOMPLETE },
  );
  const started = useRef(false);

  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    emailApi.verify(token).then(
      async (res) => {
        setResult({ ok: true, text: `${res.message} (${res.email})` });
        // This browser may be signed in to the account: its banner goes.
        await refresh();
      },
      (err: unknown) =>
        setResult({ ok: false, text: errorMessage(err, 'This link could not be used.') }),
    );
  }, [token, refresh]);

  return (
    <PageLayout variant="auth" width="full">
      <div className="mx-auto flex w-full max-w-md flex-col gap-6 py-4 sm:py-10">
        <div className="text-center">
          <MailCheck className="mx-auto h-10 w-10 text-brand-600" aria-hidden />
          <h1 className="mt-4 text-2xl font-bold tracking-tight sm:text-3xl">
            Confirm your e-mail address
          </h1>
        </div>
        <Card className="p-6 sm:p-8">
          {!result ? (
            <div className="flex justify-center">
              <Spinner label="Confirming…" />
            </div>
          ) : (
            <div className="flex flex-col gap-4">
              {result.ok ? (
                <SuccessBox>{result.text}</SuccessBox>
              ) : (
                <ErrorBox>
                  {result.text}{' '}
                  {user && !user.isGuest && !user.emailVerified
                    ? 'You can send a new link from your dashboard.'
                    : ''}
                </ErrorBox>
              )}
              {/* A link that waited for the address (an invitation) is where to go on. */}
              <Link
                to={user ? pathAfterSignIn() : '/auth'}
                className={buttonStyles({ className: 'w-full' })}
              >
                {!user ? 'Sign in' : pendingReturn() ? 'Continue' : 'Go to your dashboard'}
              </Link>
            </div>
          )}
        </Card>
      </div>
    </PageLayout>
  );
}
