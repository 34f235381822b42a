import { Zap } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import type { TwoFactorRequiredResponse } from '../../../shared/two-factor';
import { PageLayout } from '../../components/PageLayout';
import { Card } from '../../components/ui/Card';
import { useSession } from '../../hooks/session';
import { pathAfterSignIn } from '../../lib/return-after-sign-in';
import { AuthForm, type AuthMode } from './AuthForm';
import { ForgotPasswordForm } from './ForgotPasswordForm';
import { OAuthGuide } from './OAuthGuide';
import { PasskeySignIn } from './PasskeySignIn';
import { SecondFactorStep } from './SecondFactorStep';
import { SocialButtons } from './SocialButtons';
import { useAuthErrorParam } from './useAuthError';
import { useOAuthConfig } from './useOAuthConfig';

export function AuthPage() {
  const { user, loading, continueAsGuest } = useSession();
  const navigate = useNavigate();
  // A claim link sends people who have no account yet straight to sign-up; an invitation also
  // fills in the address it was sent to.
  const [params] = useSearchParams();
  const [mode, setMode] = useState<AuthMode>(params.get('mode') === 'signup' ? 'signup' : 'signin');
  const givenEmail = params.get('email') ?? '';
  const [error, setError] = useAuthErrorParam();
  const [guestBusy, setGuestBusy] = useState(false);
  const oauth = useOAuthConfig();
  // null: signing in or up; otherwise the 'Forgot your password?' form, with this e-mail.
  // /auth?forgot opens it at once: where an expired reset link sends people.
  const [forgotEmail, setForgotEmail] = useState<string | null>(() =>
    new URLSearchParams(window.location.search).has('forgot') ? '' : null,
  );
  const forgot = forgotEmail !== null;
  // The second step of a sign-in: after the password here, or after a social sign-in.
  const location = useLocation();
  const [secondFactor, setSecondFactor] = useState<TwoFactorRequiredResponse | null>(
    () =>
      (location.state as { secondFactor?: TwoFactorRequiredResponse } | null)?.secondFactor ?? null,
  );

  // A signed-in account has nothing to do here (unless a claim link waits for it); a guest may
  // still sign in or sign up, and keeps their guest sites when they do.
  useEffect(() => {
    if (!loading && user && !user.isGuest) navigate(pathAfterSignIn(), { replace: true });
  }, [loading, user, navigate]);

  const startAsGuest = async () => {
    setGuestBusy(true);
    setError(null);
    try {
      if (!user) await continueAsGuest();
      navigate('/upload');
    } catch (err) {
      setError(err instanceof Error ? err.message : 'An error occurred');
      setGuestBusy(false);
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
            {secondFactor
              ? 'Confirm it’s you'
              : forgot
                ? 'Forgot your password?'
                : mode === 'signin'
                  ? 'Welcome back'
                  : 'Create your account'}
          </h1>
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
            {secondFactor
              ? 'Your account has two-factor authentication turned on.'
              : forgot
                ? 'It happens. We will e-mail you a link to choose a new one.'
                : mode === 'signin'
                  ? 'Sign in to manage your sites and deployments.'
                  : 'Turn AI artifacts into live websites in seconds.'}
          </p>
        </div>

        <Card className="p-6 sm:p-8">
          {secondFactor ? (
            <SecondFactorStep
              pending={secondFactor}
              onBack={(message) => {
                setSecondFactor(null);
                setMode('signin');
                setError(message);
              }}
            />
          ) : forgotEmail !== null ? (
            <ForgotPasswordForm initialEmail={forgotEmail} onBack={() => setForgotEmail(null)} />
          ) : (
            <>
              <div
                role="tablist"
                aria-label="Sign in or create an account"
                className="mb-6 grid grid-cols-2 rounded-lg bg-slate-100 p-1 text-sm font-medium dark:bg-slate-800"
              >
                {(['signin', 'signup'] as const).map((m) => (
                  <button
                    key={m}
                    type="button"
                    role="tab"
                    aria-selected={mode === m}
                    onClick={() => {
                      setMode(m);
                      setError(null);
                    }}
                    className={
                      mode === m
                        ? 'rounded-md bg-white px-3 py-2 shadow-sm dark:bg-slate-950'
                        : 'rounded-md px-3 py-2 text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-slate-100'
                    }
                  >
                    {m === 'signin' ? 'Sign In' : 'Sign Up'}
                  </button>
                ))}
              </div>

              <AuthForm
                mode={mode}
                initialEmail={givenEmail}
                error={error}
                onError={setError}
                onForgotPassword={(email) => {
                  setError(null);
                  setForgotEmail(email);
                }}
                onSecondFactor={setSecondFactor}
              />
              {mode === 'signin' && (
                <div className="mt-3">
                  <PasskeySignIn onError={setError} />
                </div>
              )}

              {oauth.enabled && (
                <>
                  <div className="my-6 flex items-center gap-3 text-xs uppercase tracking-wide text-slate-400">
                    <span className="h-px flex-1 bg-slate-200 dark:bg-slate-800" />
                    or continue with
                    <span className="h-px flex-1 bg-slate-200 dark:bg-slate-800" />
                  </div>
                  <SocialButtons config={oauth} />
                </>
              )}
            </>
          )}
        </Card>

        <Card className="flex items-center gap-3 p-4">
          <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-amber-100 text-amber-700 dark:bg-amber-950 dark:text-amber-300">
            <Zap className="h-5 w-5" aria-hidden />
          </span>
          <div className="min-w-0 flex-1">
            <p className="text-sm font-semibold">Quick start</p>
            <p className="text-xs text-slate-500">
              No account needed. Sites stay live for 24 hours.
            </p>
          </div>
          <button
            type="button"
            onClick={startAsGuest}
            disabled={guestBusy}
            // Narrower than its words on a phone, so the card's own text keeps some room.
            className="max-w-[9rem] text-right text-sm font-medium text-brand-600 sm:max-w-none hover:underline disabled:opacity-50 dark:text-brand-400"
          >
            Continue as guest (24h sites)
          </button>
        </Card>

        {oauth.enabled && <OAuthGuide config={oauth} />}
      </div>
    </PageLayout>
  );
}
