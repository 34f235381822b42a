import { CheckCircle2, Loader2, XCircle } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { PageLayout } from '../../components/PageLayout';
import { Card } from '../../components/ui/Card';
import { ApiRequestError } from '../../api/client';
import { useSession } from '../../hooks/session';
import { pathAfterSignIn } from '../../lib/return-after-sign-in';

// The callback screen moves on 1.5 s after a successful social sign-in, 2 s on failures.
const SUCCESS_DELAY_MS = 1500;
const FAILURE_DELAY_MS = 2000;

type State =
  | { kind: 'processing' }
  | { kind: 'success'; provider: string }
  | { kind: 'failed'; message: string };

const capitalise = (s: string) => (s ? s.charAt(0).toUpperCase() + s.slice(1) : s);

export function AuthCallbackPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { acceptCode } = useSession();
  const [state, setState] = useState<State>({ kind: 'processing' });
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const token = params.get('token');
    const provider = params.get('provider') ?? '';
    const error = params.get('error');
    const failTo = (message: string, shown = message) => {
      setState({ kind: 'failed', message: shown });
      setTimeout(
        () => navigate(`/auth?error=${encodeURIComponent(message)}`, { replace: true }),
        FAILURE_DELAY_MS,
      );
    };
    if (error) return failTo(`Authentication failed: ${error}`, error);
    // An account with this address exists and never confirmed it: its password comes first.
    const link = params.get('link');
    if (link) {
      return void navigate(
        `/auth/link?token=${encodeURIComponent(link)}&provider=${encodeURIComponent(provider)}`,
        { replace: true },
      );
    }
    if (!token) return failTo('No authentication token received');
    // The token is a one-time code bound to the browser that started the sign-in; the server
    // refuses one this browser did not ask for, and says why.
    acceptCode(token).then(
      (result) => {
        // The account has two-factor on: its second step, on /auth, before any session.
        if ('twoFactorRequired' in result) {
          navigate('/auth', { replace: true, state: { secondFactor: result } });
          return;
        }
        setState({ kind: 'success', provider: capitalise(provider) });
        setTimeout(() => navigate(pathAfterSignIn(), { replace: true }), SUCCESS_DELAY_MS);
      },
      (err: unknown) =>
        failTo(
          'Authentication failed',
          err instanceof ApiRequestError && err.status < 500
            ? err.message
            : 'Authentication failed',
        ),
    );
  }, [params, navigate, acceptCode]);

  return (
    <PageLayout variant="auth" width="narrow">
      <Card className="mx-auto mt-10 flex max-w-md flex-col items-center gap-3 p-8 text-center">
        {state.kind === 'processing' && (
          <>
            <Loader2 className="h-10 w-10 animate-spin text-brand-600" aria-hidden />
            <h1 className="text-xl font-semibold">Processing Authentication</h1>
            <p className="text-sm text-slate-500">Please wait while we sign you in…</p>
          </>
        )}
        {state.kind === 'success' && (
          <>
            <CheckCircle2 className="h-10 w-10 text-green-600" aria-hidden />
            <h1 className="text-xl font-semibold">Authentication Successful</h1>
            <p className="text-sm text-slate-500">
              Signed in{state.provider ? ` with ${state.provider}` : ''}. Taking you to your
              dashboard…
            </p>
          </>
        )}
        {state.kind === 'failed' && (
          <>
            <XCircle className="h-10 w-10 text-red-600" aria-hidden />
            <h1 className="text-xl font-semibold">Authentication Failed</h1>
            <p className="text-sm text-slate-500">{state.message}</p>
          </>
        )}
      </Card>
    </PageLayout>
  );
}
