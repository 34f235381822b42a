import { MailWarning } from 'lucide-react';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../api/client';
import { emailApi } from '../../api/email';
import { Button } from '../../components/ui/Button';
import { useSession } from '../../hooks/session';

/**
 * The invited address is the signed-in one but not confirmed yet: joining waits for the link
 * e-mailed at sign-up. The address is usually confirmed in another tab (the mail's link opens
 * one), so coming back to this tab asks the server again.
 */
export function ConfirmAddressFirst({ email }: { email: string }) {
  const { refresh } = useSession();
  const [sending, setSending] = useState(false);
  const [checking, setChecking] = useState(false);
  const [said, setSaid] = useState<{ ok: boolean; text: string } | null>(null);

  useEffect(() => {
    const again = () => {
      if (document.visibilityState === 'visible') void refresh();
    };
    document.addEventListener('visibilitychange', again);
    window.addEventListener('focus', again);
    return () => {
      document.removeEventListener('visibilitychange', again);
      window.removeEventListener('focus', again);
    };
  }, [refresh]);

  const resend = async () => {
    setSending(true);
    try {
      setSaid({ ok: true, text: (await emailApi.resend()).message });
    } catch (err) {
      setSaid({ ok: false, text: errorMessage(err, 'The link could not be sent. Try again.') });
    } finally {
      setSending(false);
    }
  };

  const check = async () => {
    setChecking(true);
    const user = await refresh();
    setChecking(false);
    if (user && !user.emailVerified) {
      setSaid({ ok: false, text: `${email} is not confirmed yet: open the link in the e-mail.` });
    }
  };

  return (
    <div
      role="region"
      aria-label="Confirm your e-mail address"
      className="rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-left text-amber-900 dark:border-amber-900 dark:bg-amber-950/40 dark:text-amber-200"
    >
      <p className="flex items-start gap-2">
        <MailWarning className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
        <span>
          <strong>Confirm your e-mail address to join.</strong> We sent a link to{' '}
          <strong>{email}</strong>. Open it, then come back to this page to accept the invitation.
        </span>
      </p>
      {said && (
        <p role="status" className={said.ok ? 'mt-2' : 'mt-2 text-red-700 dark:text-red-300'}>
          {said.text}
        </p>
      )}
      <div className="mt-3 flex flex-col gap-2 sm:flex-row">
        <Button size="sm" loading={checking} onClick={() => void check()}>
          I have confirmed it
        </Button>
        <Button variant="secondary" size="sm" loading={sending} onClick={() => void resend()}>
          Send the link again
        </Button>
      </div>
    </div>
  );
}
