import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../api/client';
import { PasskeyCancelled, twoFactorApi } from '../../api/two-factor';
import { Button } from '../../components/ui/Button';
import { useSession } from '../../hooks/session';
import { pathAfterSignIn } from '../../lib/return-after-sign-in';

/** 'Sign in with a passkey': the device picks the account, and checks it's really you. */
export function PasskeySignIn({ onError }: { onError(message: string | null): void }) {
  const { completeSignIn } = useSession();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  if (!browserSupportsWebAuthn()) return null;

  const signIn = async () => {
    onError(null);
    setBusy(true);
    try {
      completeSignIn(await twoFactorApi.signInWithPasskey());
      navigate(pathAfterSignIn());
    } catch (err) {
      setBusy(false);
      if (err instanceof PasskeyCancelled) return;
      onError(errorMessage(err, err instanceof Error ? err.message : 'Login failed'));
    }
  };

  return (
    <Button variant="secondary" className="w-full" loading={busy} onClick={signIn}>
      <KeyRound className="h-4 w-4" aria-hidden /> Sign in with a passkey
    </Button>
  );
}
